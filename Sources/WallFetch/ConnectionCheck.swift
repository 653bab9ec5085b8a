/// The check of every connection one transfer opens, the first and those after a redirect:
/// libcurl asks it with the address it is about to connect to (its socket callback, so the
/// address checked is the one used, however the URL spelled it), and it refuses an
/// `InternalAddress` unless the host being connected to is one the user named.
///
/// Used only on the thread that drives the transfers.
final class ConnectionCheck {
  /// The hosts (normalized by `AllowedHosts.normalized`) that may be at any address.
  let allowedHosts: Set<String>
  /// The first connection refused, nil while none was.
  private(set) var refusal: AddressRefusal?

  /// A check that lets `allowedHosts` connect anywhere.
  init(allowedHosts: Set<String>) {
    self.allowedHosts = allowedHosts
  }

  /// Whether the transfer may connect to `address` (4 or 16 bytes, network order) for `url`,
  /// the URL of the request, `redirected` there or asked for; a refusal is kept in `refusal`.
  func permits(address: [UInt8], url: String, redirected: Bool) -> Bool {
    let kind: InternalAddress
    let text: String
    if address.count == 4 || address.count == 16 {
      guard let found = InternalAddress.classify(address) else { return true }
      if let host = CurlURL.host(of: url), allowedHosts.contains(host) { return true }
      (kind, text) = (found, InternalAddress.text(address))
    } else {
      (kind, text) = (.reserved, "a socket that is not IPv4 or IPv6")
    }
    if refusal == nil {
      let redirect = redirected ? CurlURL.withoutCredentials(url) ?? url : nil
      refusal = AddressRefusal(address: text, kind: kind, redirect)
    }
    return false
  }
}

/// A connection refused by `ConnectionCheck`: where, and why.
struct AddressRefusal: Equatable {
  /// The address, as text (`127.0.0.1`).
  let address: String
  /// Its kind.
  let kind: InternalAddress
  /// The URL a redirect led to (without user or password), nil when it was the one asked for.
  let redirect: String?

  init(address: String, kind: InternalAddress, _ redirect: String?) {
    self.address = address
    self.kind = kind
    self.redirect = redirect
  }

  /// The reason given for the file: `refused 127.0.0.1: a loopback address; name the host with
  /// --allow-host to fetch from it`, naming the redirect's URL when there was one.
  var reason: String {
    let redirected = redirect.map { " (redirected to \($0))" } ?? ""
    return
      "refused \(address)\(redirected): \(kind.phrase); name the host with --allow-host to "
      + "fetch from it"
  }
}

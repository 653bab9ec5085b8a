/// The `Host` values the preview server answers, against DNS rebinding.
///
/// A web page on another site can point a name it controls at 127.0.0.1 and then read the
/// preview through the victim's browser; the browser then sends that name as `Host`. So only
/// `localhost`, `127.0.0.1` and the bound address are answered, with any port (a forwarded
/// port such as `ssh -L 9000:localhost:8080` changes it); others get 421. When bound to
/// `0.0.0.0`, any IPv4 address is accepted too, so the site can be opened from another
/// machine by address: an address, unlike a name, cannot be rebound.
public struct AllowedHosts: Sendable, Equatable {
  /// The address the server is bound to.
  public let boundHost: String

  /// The hosts allowed for a server bound to `boundHost`.
  public init(boundHost: String) {
    self.boundHost = boundHost.lowercased()
  }

  /// Whether a request's `Host` is allowed; an HTTP/1.0 request without one is (browsers
  /// always send it, and the head parser refuses HTTP/1.1 without it).
  public func accepts(_ request: HTTPRequest) -> Bool {
    guard let value = request.header("host") else { return true }
    return accepts(host: value)
  }

  /// Whether a `Host` value (`name` or `name:port`) is allowed.
  public func accepts(host value: String) -> Bool {
    var name = Substring(value.lowercased())
    if let colon = name.lastIndex(of: ":") {
      let port = name[name.index(after: colon)...]
      guard !port.isEmpty, port.count <= 5, port.allSatisfy(\.isASCIIDigit),
        let number = Int(port), number <= 65535
      else { return false }
      name = name[..<colon]
    }
    if name == "localhost" || name == "127.0.0.1" || name == boundHost { return true }
    return boundHost == "0.0.0.0" && Self.isIPv4(name)
  }

  /// The answer to a request whose `Host` is not allowed (the connection is closed after it).
  public func refusal(for request: HTTPRequest) -> HTTPResponse {
    .errorPage(
      .misdirectedRequest,
      detail: "This server answers only for localhost, 127.0.0.1 and \(boundHost), "
        + "not for '\(request.header("host") ?? "")'.",
      closesConnection: true)
  }

  /// Whether `text` is a dotted-quad IPv4 address.
  private static func isIPv4(_ text: Substring) -> Bool {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4
      && parts.allSatisfy { part in
        !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCIIDigit)
          && (Int(part) ?? 256) <= 255
      }
  }
}

extension Character {
  /// Whether this is one of the ASCII digits 0 to 9.
  fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

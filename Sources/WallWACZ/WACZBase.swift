/// The URL a web archive puts its files under (`--base-url`): `http` or `https`, a host name or
/// IPv4 address, an optional port and a path ending in `/`.
public struct WACZBase: Sendable, Equatable {
  /// The placeholder used when `--base-url` is not given: `.invalid` is reserved (RFC 2606),
  /// so it names no real site.
  public static let placeholder = "https://wallgen.invalid/"

  /// `http` or `https`.
  public let scheme: String
  /// The host, lower-cased.
  public let host: String
  /// The port when one was given and it is not the scheme's default.
  public let port: Int?
  /// The path prefix, starting and ending with `/`.
  public let path: String

  /// The placeholder base URL.
  public static var standard: WACZBase {
    WACZBase(scheme: "https", host: "wallgen.invalid", port: nil, path: "/")
  }

  private init(scheme: String, host: String, port: Int?, path: String) {
    self.scheme = scheme
    self.host = host
    self.port = port
    self.path = path
  }

  /// Parses `text`; a missing trailing `/` is added.
  /// - Throws: `WACZBaseError` for another scheme, user info, a query or fragment, a host that
  ///   is not a plain name, a bad port, or a path with characters that need escaping.
  public init(_ text: String) throws(WACZBaseError) {
    func refuse(_ reason: String) -> WACZBaseError { WACZBaseError(value: text, reason: reason) }
    let lower = text.lowercased()
    let scheme: String
    if lower.hasPrefix("https://") {
      scheme = "https"
    } else if lower.hasPrefix("http://") {
      scheme = "http"
    } else {
      throw refuse("must start with http:// or https://")
    }
    let rest = text.dropFirst(scheme.count + 3)
    let slash = rest.firstIndex(of: "/") ?? rest.endIndex
    let authority = rest[..<slash]
    var path = String(rest[slash...])
    if path.isEmpty { path = "/" }
    if !path.hasSuffix("/") { path += "/" }
    guard !authority.contains("@") else { throw refuse("must not hold a user name") }
    guard !path.contains("?"), !path.contains("#") else {
      throw refuse("must not hold a query or a fragment")
    }
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/")
    guard path.allSatisfy({ allowed.contains($0) }), !path.contains("//") else {
      throw refuse("its path may hold only letters, digits, '-', '.', '_', '~' and single '/'")
    }
    let parts = authority.split(separator: ":", omittingEmptySubsequences: false)
    let host = parts[0].lowercased()
    let labels = host.split(separator: ".", omittingEmptySubsequences: false)
    let hostCharacters = Set("abcdefghijklmnopqrstuvwxyz0123456789-")
    guard !host.isEmpty,
      labels.allSatisfy({ !$0.isEmpty && $0.allSatisfy(hostCharacters.contains) })
    else {
      throw refuse("the host must be a name such as example.org (letters, digits, '-' and '.')")
    }
    var port: Int?
    if parts.count == 2 {
      guard let number = Int(parts[1]), (1...65_535).contains(number) else {
        throw refuse("the port must be a number from 1 to 65535")
      }
      port = number == (scheme == "https" ? 443 : 80) ? nil : number
    } else if parts.count > 2 {
      throw refuse("the host must be a name such as example.org (letters, digits, '-' and '.')")
    }
    self.init(scheme: scheme, host: host, port: port, path: path)
  }

  /// The host and port, as sent in a request's `Host` field.
  public var authority: String { port.map { "\(host):\($0)" } ?? host }

  /// `scheme://authority/path`, ending in `/`.
  public var text: String { "\(scheme)://\(authority)\(path)" }

  /// The path of a request for `relative` (a `/`-separated file path under the base).
  /// - Parameter relative: Such as `walls/uAnn/index.html`.
  public func requestPath(for relative: String) -> String {
    path
      + relative.split(separator: "/", omittingEmptySubsequences: false)
      .map { Self.percentEncoded($0) }.joined(separator: "/")
  }

  /// The absolute URL of `relative`.
  /// - Parameter relative: Such as `walls/uAnn/index.html`.
  public func url(for relative: String) -> String {
    "\(scheme)://\(authority)\(requestPath(for: relative))"
  }

  /// The SURT key of `relative`'s URL, as pywb and py-wacz compute it (the `surt` package):
  /// the host's labels reversed and comma-joined without a leading `www.`, the port, `)` and
  /// the path, all lower-cased.
  /// - Parameter relative: Such as `walls/uAnn/index.html`.
  public func surt(for relative: String) -> String {
    var labels = host.split(separator: ".").map(String.init)
    if let first = labels.first, labels.count > 1, first.hasPrefix("www"),
      first.dropFirst(3).allSatisfy(\.isNumber)
    {
      labels.removeFirst()
    }
    let key = labels.reversed().joined(separator: ",") + (port.map { ":\($0)" } ?? "") + ")"
    return (key + requestPath(for: relative)).lowercased()
  }

  /// A path segment with the bytes a URL cannot hold as they are percent-encoded.
  ///
  /// Controls, space, non-ASCII, quote, hash, percent, question mark, angle brackets,
  /// backslash, caret, backtick, braces and bar become upper-case `%XX`. wallgen's own file
  /// names need none of them, so its URLs are their paths.
  static func percentEncoded(_ segment: Substring) -> String {
    let hex = Array("0123456789ABCDEF".unicodeScalars)
    let escaped = Set("\"#%?<>\\^`{|}".utf8)
    var encoded = ""
    for byte in segment.utf8 {
      if byte <= 0x20 || byte >= 0x7F || escaped.contains(byte) {
        encoded += "%"
        encoded.unicodeScalars.append(hex[Int(byte >> 4)])
        encoded.unicodeScalars.append(hex[Int(byte & 0xF)])
      } else {
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      }
    }
    return encoded
  }
}

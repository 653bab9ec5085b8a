/// One HTTP/1.x request head, as read from a client.
///
/// wallgen's server takes no bodies.
public struct HTTPRequest: Sendable, Equatable {
  /// The method, as sent (methods are case-sensitive): "GET", "HEAD", ...
  public var method: String
  /// The request target, as sent: "/walls/abc/index.html?x=1".
  public var target: String
  /// The minor version of HTTP/1.x: 0 or 1.
  public var minorVersion: Int
  /// The header fields in order, names lowercased, values trimmed.
  public var headers: [(name: String, value: String)]

  /// Creates a request.
  public init(
    method: String, target: String, minorVersion: Int = 1,
    headers: [(name: String, value: String)] = []
  ) {
    self.method = method
    self.target = target
    self.minorVersion = minorVersion
    self.headers = headers.map { ($0.name.lowercased(), $0.value) }
  }

  /// The first value of a header field, by case-insensitive name.
  public func header(_ name: String) -> String? {
    let name = name.lowercased()
    return headers.first { $0.name == name }?.value
  }

  /// Whether the connection stays open after the response: HTTP/1.1 unless `Connection:
  /// close`, HTTP/1.0 only with `Connection: keep-alive`.
  public var keepsAlive: Bool {
    let tokens = (header("connection") ?? "").lowercased().split(separator: ",").map {
      $0.trimmingSpaces
    }
    if tokens.contains("close") { return false }
    return minorVersion >= 1 || tokens.contains("keep-alive")
  }

  public static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
    lhs.method == rhs.method && lhs.target == rhs.target && lhs.minorVersion == rhs.minorVersion
      && lhs.headers.elementsEqual(rhs.headers) { $0.name == $1.name && $0.value == $1.value }
  }
}

extension Substring {
  /// The text without leading and trailing spaces and tabs.
  var trimmingSpaces: String {
    let bytes = utf8
    let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
    guard let first = bytes.firstIndex(where: { !isSpace($0) }),
      let last = bytes.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(decoding: bytes[first...last], as: UTF8.self)
  }
}

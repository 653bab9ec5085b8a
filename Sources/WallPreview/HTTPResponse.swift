import WallSupport

/// One HTTP response: status, header fields and body.
///
/// The server adds `Content-Length`, `Connection` and `Date` when it writes it.
public struct HTTPResponse: Sendable, Equatable {
  /// What follows the head.
  public enum Content: Sendable, Equatable {
    /// Bytes in memory (pages, error pages, small answers).
    case bytes([UInt8])
    /// Bytes of an open file, streamed a chunk at a time.
    case file(FileRegion)
    /// Nothing, though `Content-Length` says `length`: the answer to HEAD, read from `fstat`.
    case omitted(length: Int)
  }

  /// The status.
  public var status: HTTPStatus
  /// Header fields in order (names as they are sent).
  public var headers: [(name: String, value: String)]
  /// The body: sent for GET, left out (but still counted in `Content-Length`) for HEAD.
  public var content: Content
  /// Whether the server must close the connection after this response.
  public var closesConnection: Bool

  /// Creates a response with a body in memory.
  public init(
    status: HTTPStatus, headers: [(name: String, value: String)] = [], body: [UInt8] = [],
    closesConnection: Bool = false
  ) {
    self.init(
      status: status, headers: headers, content: .bytes(body), closesConnection: closesConnection)
  }

  /// Creates a response.
  public init(
    status: HTTPStatus, headers: [(name: String, value: String)], content: Content,
    closesConnection: Bool = false
  ) {
    self.status = status
    self.headers = headers
    self.content = content
    self.closesConnection = closesConnection
  }

  /// The bytes of the body held in memory (empty when it is streamed from a file or omitted).
  public var body: [UInt8] {
    if case .bytes(let bytes) = content { return bytes }
    return []
  }

  /// The value of `Content-Length`.
  public var contentLength: Int {
    switch content {
    case .bytes(let bytes): bytes.count
    case .file(let region): region.length
    case .omitted(let length): length
    }
  }

  /// The first value of a header field, by case-insensitive name.
  public func header(_ name: String) -> String? {
    let name = name.lowercased()
    return headers.first { $0.name.lowercased() == name }?.value
  }

  /// A small HTML page for an error status, with `no-cache` and an HTML content type.
  public static func errorPage(
    _ status: HTTPStatus, detail: String, closesConnection: Bool = false
  ) -> HTTPResponse {
    let title = "\(status.rawValue) \(status.reason)"
    let page = """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8"><title>\(title)</title></head>
      <body><h1>\(title)</h1><p>\(HTMLEscape.escape(detail))</p>
      <p><a href="/">Back to the site</a></p></body></html>

      """
    return HTTPResponse(
      status: status,
      headers: [("Content-Type", MIMEType.html), ("Cache-Control", "no-cache")],
      body: Array(page.utf8), closesConnection: closesConnection)
  }

  /// The bytes sent on the wire first: status line, header fields, `Content-Length`,
  /// `Connection`, blank line, then the body when it is in memory and `includeBody` is true
  /// (a file's body follows, streamed by the server).
  /// - Parameter keepAlive: whether the connection stays open (sets `Connection`).
  /// - Parameter includeBody: false for HEAD requests.
  public func serialized(keepAlive: Bool, includeBody: Bool) -> [UInt8] {
    var head = "HTTP/1.1 \(status.rawValue) \(status.reason)\r\n"
    for (name, value) in headers { head += "\(name): \(value)\r\n" }
    if status != .notModified { head += "Content-Length: \(contentLength)\r\n" }
    head += keepAlive && !closesConnection ? "Connection: keep-alive\r\n" : "Connection: close\r\n"
    head += "\r\n"
    var body: [UInt8] = []
    if includeBody && status != .notModified, case .bytes(let bytes) = content { body = bytes }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(head.utf8.count + body.count)
    bytes += head.utf8
    bytes += body
    return bytes
  }

  public static func == (lhs: HTTPResponse, rhs: HTTPResponse) -> Bool {
    lhs.status == rhs.status && lhs.content == rhs.content
      && lhs.closesConnection == rhs.closesConnection
      && lhs.headers.elementsEqual(rhs.headers) { $0.name == $1.name && $0.value == $1.value }
  }
}

/// Parses one complete request head (without its final blank line) by RFC 9112's grammar,
/// strictly: anything ambiguous is refused rather than guessed.
struct HTTPHeadParser {
  let maxRequestLine: Int
  let maxFields: Int

  func parse(_ head: ArraySlice<UInt8>) throws(HTTPRequestError) -> HTTPRequest {
    var lines = head.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
      line.last == 0x0D ? line.dropLast() : line
    }
    guard !lines.isEmpty else { throw .malformed("empty request") }
    let requestLine = lines.removeFirst()
    if requestLine.count > maxRequestLine { throw .requestLineTooLong(limit: maxRequestLine) }
    if lines.count > maxFields { throw .tooManyFields(limit: maxFields) }
    var request = try parseRequestLine(requestLine)
    for line in lines {
      request.headers.append(try parseField(line))
    }
    try checkFraming(request)
    return request
  }

  private func parseRequestLine(_ line: ArraySlice<UInt8>) throws(HTTPRequestError) -> HTTPRequest {
    let parts = line.split(separator: 0x20, omittingEmptySubsequences: false)
    guard parts.count == 3 else {
      throw .malformed("request line '\(Self.quote(line))' is not 'METHOD TARGET HTTP/1.1'")
    }
    let (method, target, version) = (parts[0], parts[1], parts[2])
    guard !method.isEmpty, method.allSatisfy(Self.isTokenByte) else {
      throw .malformed("bad method '\(Self.quote(method))'")
    }
    guard !target.isEmpty, target.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
      throw .malformed("bad request target '\(Self.quote(target))'")
    }
    let minor: Int
    switch Array(version) {
    case Array("HTTP/1.1".utf8): minor = 1
    case Array("HTTP/1.0".utf8): minor = 0
    case let bytes
    where bytes.count == 8 && bytes.starts(with: Array("HTTP/".utf8))
      && Self.isDigit(bytes[5]) && bytes[6] == 0x2E && Self.isDigit(bytes[7]):
      throw .unsupportedVersion(Self.quote(version))
    default: throw .malformed("bad protocol version '\(Self.quote(version))'")
    }
    return HTTPRequest(
      method: String(decoding: method, as: UTF8.self),
      target: String(decoding: target, as: UTF8.self), minorVersion: minor)
  }

  private func parseField(_ line: ArraySlice<UInt8>) throws(HTTPRequestError) -> (
    name: String, value: String
  ) {
    if line.first == 0x20 || line.first == 0x09 {
      throw .malformed("folded header line '\(Self.quote(line))'")
    }
    guard let colon = line.firstIndex(of: 0x3A) else {
      throw .malformed("header line '\(Self.quote(line))' has no ':'")
    }
    let name = line[..<colon]
    guard !name.isEmpty, name.allSatisfy(Self.isTokenByte) else {
      throw .malformed("bad header name '\(Self.quote(name))'")
    }
    let value = line[(colon + 1)...]
    guard value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
      throw .malformed("control character in header '\(Self.quote(name))'")
    }
    let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
    let start = value.firstIndex { !isSpace($0) } ?? value.endIndex
    let end = value.lastIndex { !isSpace($0) }.map { $0 + 1 } ?? start
    return (
      String(decoding: name, as: UTF8.self).lowercased(),
      String(decoding: value[start..<max(start, end)], as: UTF8.self)
    )
  }

  /// Requests may not carry a body, and HTTP/1.1 needs a Host (RFC 9112, 3.2).
  private func checkFraming(_ request: HTTPRequest) throws(HTTPRequestError) {
    if request.headers.contains(where: { $0.name == "transfer-encoding" }) {
      throw .bodyNotAccepted(method: request.method)
    }
    let lengths = Set(request.headers.filter { $0.name == "content-length" }.map(\.value))
    if lengths.count > 1 { throw .malformed("conflicting Content-Length values") }
    if let length = lengths.first {
      guard !length.isEmpty, length.utf8.allSatisfy(Self.isDigit) else {
        throw .malformed("bad Content-Length '\(length)'")
      }
      if length.utf8.contains(where: { $0 != 0x30 }) {
        throw .bodyNotAccepted(method: request.method)
      }
    }
    let hosts = request.headers.filter { $0.name == "host" }
    if hosts.count > 1 { throw .malformed("more than one Host header") }
    if request.minorVersion == 1 && hosts.isEmpty {
      throw .malformed("an HTTP/1.1 request needs a Host header")
    }
  }

  /// RFC 9110 `tchar`: the bytes allowed in methods and header names.
  static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
    default: Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
    }
  }

  static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

  /// Bytes shown in a message: printable ASCII kept, others as `\xNN`, at most 80 shown.
  static func quote(_ bytes: some Collection<UInt8>) -> String {
    var text = ""
    for byte in bytes.prefix(80) {
      text +=
        (0x20..<0x7F).contains(byte) && byte != 0x27
        ? String(UnicodeScalar(byte)) : "\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16)
    }
    return bytes.count > 80 ? text + "..." : text
  }
}

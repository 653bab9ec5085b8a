import Testing
import WallKit

@Suite struct HTTPHeadReaderTests {
  func read(_ text: String) throws(HTTPRequestError) -> HTTPRequest? {
    var reader = HTTPHeadReader()
    reader.append(Array(text.utf8))
    return try reader.next()
  }

  @Test("a head is parsed: method, target, version, fields with lowercased names")
  func parses() throws {
    let request = try #require(
      try read("GET /a%20b?x HTTP/1.1\r\nHost: h\r\nIf-None-Match:  \"t\" \r\n\r\n"))
    #expect(request.method == "GET")
    #expect(request.target == "/a%20b?x")
    #expect(request.minorVersion == 1)
    #expect(request.header("if-none-match") == "\"t\"")
    #expect(request.header("HOST") == "h")
    #expect(request.keepsAlive)
  }

  @Test("keep-alive: HTTP/1.1 unless close, HTTP/1.0 only when asked")
  func keepAlive() throws {
    #expect(try read("GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")?.keepsAlive == false)
    #expect(try read("GET / HTTP/1.0\r\n\r\n")?.keepsAlive == false)
    #expect(try read("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n")?.keepsAlive == true)
  }

  @Test("an incomplete head waits for more bytes; pipelined heads come out one by one")
  func incrementalAndPipelined() throws {
    var reader = HTTPHeadReader()
    reader.append(Array("\r\nGET /1 HTTP/1.1\r\nHost: h\r".utf8))
    #expect(try reader.next() == nil)
    reader.append(Array("\n\r\nGET /2 HTTP/1.1\nHost: h\n\nGET /3".utf8))
    #expect(try reader.next()?.target == "/1")
    #expect(try reader.next()?.target == "/2")
    #expect(try reader.next() == nil)
    #expect(reader.hasPartialHead)
  }

  @Test("stray blank lines start the head: its deadline runs, and they count toward its size")
  func blankLines() throws {
    var reader = HTTPHeadReader()
    #expect(!reader.hasPartialHead)
    reader.append(Array("\r\n".utf8))
    #expect(try reader.next() == nil)
    #expect(reader.hasPartialHead, "a blank line starts the head's deadline")
    reader.append(Array("\nGET / HTTP/1.1\r\nHost: h\r\n\r\n".utf8))
    #expect(try reader.next()?.target == "/")
    #expect(!reader.hasPartialHead)
    var flooded = HTTPHeadReader()
    flooded.maxHead = 100
    flooded.append([UInt8](repeating: 0x0A, count: 60))
    #expect(try flooded.next() == nil)
    flooded.append([UInt8](repeating: 0x0A, count: 60))
    let error = #expect(throws: HTTPRequestError.self) { try flooded.next() }
    #expect(error == .headersTooLarge(limit: 100))
  }

  static let malformed: [(String, HTTPStatus)] = [
    ("HELLO\r\n\r\n", .badRequest),
    ("GET /\r\n\r\n", .badRequest),
    ("GET  / HTTP/1.1\r\nHost: h\r\n\r\n", .badRequest),
    ("GET / HTTP/1.1\r\n\r\n", .badRequest),
    ("GET / HTTP/1.1\r\nHost: h\r\nHost: i\r\n\r\n", .badRequest),
    ("GET / HTTP/1.1\r\nHost: h\r\n folded\r\n\r\n", .badRequest),
    ("GET / HTTP/1.1\r\nHost: h\r\nNo colon\r\n\r\n", .badRequest),
    ("GET / HTTP/1.1\r\nHost : h\r\n\r\n", .badRequest),
    ("GET / HTTP/1.1\r\nHost: h\0\r\n\r\n", .badRequest),
    ("GET / HTTP/1.1\r\nHost: h\rX: y\r\n\r\n", .badRequest),
    ("GET / HTTP/x\r\nHost: h\r\n\r\n", .badRequest),
    ("G(T / HTTP/1.1\r\nHost: h\r\n\r\n", .badRequest),
    ("GET / HTTP/1.1\r\nHost: h\r\nContent-Length: x\r\n\r\n", .badRequest),
    ("GET / HTTP/2.0\r\nHost: h\r\n\r\n", .httpVersionNotSupported),
    ("GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhello", .contentTooLarge),
    ("GET / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n", .contentTooLarge),
    ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhello", .methodNotAllowed),
    ("GET /" + String(repeating: "a", count: 9000) + " HTTP/1.1\r\n\r\n", .uriTooLong),
    (
      "GET / HTTP/1.1\r\nHost: h\r\nX: " + String(repeating: "a", count: 17000),
      .headerFieldsTooLarge
    ),
    (
      "GET / HTTP/1.1\r\nHost: h\r\n" + String(repeating: "X: y\r\n", count: 101) + "\r\n",
      .headerFieldsTooLarge
    ),
  ]

  @Test("malformed heads are refused with the right status", arguments: malformed)
  func refused(text: String, status: HTTPStatus) {
    let error = #expect(throws: HTTPRequestError.self) { try read(text) }
    #expect(error?.status == status)
    #expect(error?.response.closesConnection == true)
  }

  @Test("Content-Length: 0 is not a body")
  func zeroLength() throws {
    #expect(try read("GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 0\r\n\r\n")?.target == "/")
  }
}

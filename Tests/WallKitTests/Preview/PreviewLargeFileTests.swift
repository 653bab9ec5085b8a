import Foundation
import Testing
import WallKit
import WallKitTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Big originals: HEAD reads nothing, GET streams a chunk at a time, single ranges give 206.
@Suite struct PreviewLargeFileTests {
  let site: SiteFixture
  let responder: PreviewResponder
  /// A 1 GiB file with no blocks on disk (`ftruncate` makes a sparse file): reading it whole
  /// would cost a gigabyte of memory.
  static let bigSize = 1 << 30
  /// A patterned file a little over three chunks long, so chunk edges are crossed.
  static let pattern: [UInt8] = (0..<(3 * FileRegion.chunkSize + 1234)).map {
    UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 9)
  }

  /// An HTML page of a little over three chunks, with `</body>` near its end.
  static let largePage: [UInt8] = Array(
    ("<!DOCTYPE html><html><body>" + String(repeating: "<p>a wall</p>\n", count: 15_000)
      + "</body></html>\n").utf8)

  init() throws {
    site = try SiteFixture()
    try Data(Self.largePage).write(to: URL(fileURLWithPath: site.folder.url("site/large.html")))
    let big = open(site.folder.url("site/big.jpg"), O_CREAT | O_WRONLY | O_CLOEXEC, 0o644)
    #expect(big >= 0 && ftruncate(big, off_t(Self.bigSize)) == 0)
    close(big)
    try Data(Self.pattern).write(to: URL(fileURLWithPath: site.folder.url("site/pattern.jpg")))
    responder = try PreviewResponder(root: site.root)
  }

  func get(_ target: String, method: String = "GET", _ headers: [(String, String)] = [])
    -> HTTPResponse
  {
    responder.respond(
      to: HTTPRequest(method: method, target: target, headers: headers), generation: "g-1")
  }

  @Test("GET of a 1 GiB file holds none of it: the open file is streamed by the server")
  func getHoldsNoBytes() throws {
    let response = get("/big.jpg")
    #expect(response.status == .ok)
    #expect(response.body.isEmpty)
    #expect(response.contentLength == Self.bigSize)
    #expect(response.header("Accept-Ranges") == "bytes")
    guard case .file(let region) = response.content else {
      Issue.record("expected a file body, got \(response.content)")
      return
    }
    #expect(region.offset == 0 && region.length == Self.bigSize)
  }

  @Test("HEAD of a 1 GiB file answers its length from fstat, with no body")
  func headReadsNothing() {
    let response = get("/big.jpg", method: "HEAD")
    #expect(response.status == .ok)
    #expect(response.content == .omitted(length: Self.bigSize))
    #expect(
      response.serialized(keepAlive: true, includeBody: false).count < 1024,
      "the head alone is sent")
  }

  @Test("a streamed body comes in chunks of at most the chunk size, and adds up to the file")
  func chunks() throws {
    guard case .file(let region) = get("/pattern.jpg").content else {
      Issue.record("expected a file body")
      return
    }
    var sizes: [Int] = []
    var bytes: [UInt8] = []
    #expect(
      region.forEachChunk { chunk in
        sizes.append(chunk.count)
        bytes += chunk
        return true
      })
    #expect(sizes == [FileRegion.chunkSize, FileRegion.chunkSize, FileRegion.chunkSize, 1234])
    #expect(bytes == Self.pattern)
    var small: [Int] = []
    #expect(
      region.forEachChunk(chunkSize: 1000) { chunk in
        small.append(chunk.count)
        return true
      })
    #expect(small.max() == 1000)
    #expect(!region.forEachChunk { _ in false }, "a failed send stops the stream")
  }

  @Test("a single range is 206 with Content-Range and only those bytes")
  func ranges() throws {
    let cases: [(String, Range<Int>)] = [
      ("bytes=0-99", 0..<100), ("bytes=70000-", 70000..<Self.pattern.count),
      ("bytes=-10", (Self.pattern.count - 10)..<Self.pattern.count),
      ("bytes=65530-65545", 65530..<65546),
    ]
    for (value, range) in cases {
      let response = get("/pattern.jpg", [("Range", value)])
      #expect(response.status == .partialContent, "\(value)")
      #expect(
        response.header("Content-Range")
          == "bytes \(range.lowerBound)-\(range.upperBound - 1)/\(Self.pattern.count)")
      #expect(response.allBytes == Array(Self.pattern[range]), "\(value)")
    }
    let tail = get("/big.jpg", [("Range", "bytes=-4096")])
    #expect(tail.status == .partialContent)
    #expect(tail.contentLength == 4096)
    #expect(tail.allBytes == [UInt8](repeating: 0, count: 4096))
  }

  @Test("an unsatisfiable range is 416 with bytes */length; several ranges get it all")
  func unsatisfiableAndMultiple() {
    let past = get("/pattern.jpg", [("Range", "bytes=\(Self.pattern.count)-")])
    #expect(past.status == .rangeNotSatisfiable)
    #expect(past.header("Content-Range") == "bytes */\(Self.pattern.count)")
    let several = get("/pattern.jpg", [("Range", "bytes=0-1,5-9")])
    #expect(several.status == .ok)
    #expect(several.contentLength == Self.pattern.count)
  }

  @Test("If-Range with another tag sends the whole file; with the current tag, the range")
  func ifRange() throws {
    let tag = try #require(get("/pattern.jpg", method: "HEAD").header("ETag"))
    let stale = get("/pattern.jpg", [("Range", "bytes=0-9"), ("If-Range", "\"old\"")])
    #expect(stale.status == .ok)
    let current = get("/pattern.jpg", [("Range", "bytes=0-9"), ("If-Range", tag)])
    #expect(current.status == .partialContent)
  }

  @Test("a page's range counts the live-reload script in, as GET sends it")
  func pageRange() {
    let whole = get("/index.html").allBytes
    let head = get("/index.html", method: "HEAD")
    #expect(head.contentLength == whole.count)
    let part = get("/index.html", [("Range", "bytes=10-")])
    #expect(part.status == .partialContent)
    #expect(part.allBytes == Array(whole[10...]))
  }

  @Test("over a socket: a multi-chunk file arrives whole, a range as 206, HEAD with no body")
  func live() throws {
    let server = try PreviewServer(configuration: .init(host: "127.0.0.1", port: 0)) {
      [responder] request in responder.respond(to: request, generation: "g-1")
    }
    server.start()
    defer { server.stop() }
    let client = try TestHTTPClient(port: server.port)
    defer { client.close() }
    client.request("GET", "/pattern.jpg")
    let whole = try client.readResponse()
    #expect(whole.status == 200)
    #expect(whole.body == Self.pattern)
    client.request("HEAD", "/big.jpg")
    let head = try client.readResponse(head: true)
    #expect(head.headers["content-length"] == String(Self.bigSize))
    client.request("GET", "/big.jpg", headers: ["Range: bytes=1073741000-"])
    let tail = try client.readResponse()
    #expect(tail.status == 206)
    #expect(tail.headers["content-range"] == "bytes 1073741000-1073741823/1073741824")
    #expect(tail.body.count == 824)
    client.request("GET", "/pattern.jpg", headers: ["Range: bytes=5-9"])
    #expect(try client.readResponse().body == Array(Self.pattern[5..<10]))
  }

  @Test("an 8 MiB page is streamed with the script spliced in: GET holds none of it")
  func largePageHoldsNoBytes() throws {
    // Issue 21, item 7: pages were read whole to inject the script, so 60 parallel GETs of
    // an 8 MiB page took the server to 958 MB.
    let size = 8 << 20
    let tail = Array("</body></html>\n".utf8)
    let page = open(site.folder.url("site/huge.html"), O_CREAT | O_WRONLY | O_CLOEXEC, 0o644)
    #expect(page >= 0 && ftruncate(page, off_t(size - tail.count)) == 0)
    #expect(pwrite(page, tail, tail.count, off_t(size - tail.count)) == tail.count)
    close(page)
    let script = BuildGeneration.Snapshot(generation: "g-1").script
    let response = get("/huge.html")
    #expect(response.status == .ok)
    #expect(response.body.isEmpty)
    #expect(response.contentLength == size + script.count)
    guard case .file(let region) = response.content else {
      Issue.record("expected a streamed body, got \(response.content)")
      return
    }
    #expect(region.offset == 0 && region.length == size + script.count)
    var largest = 0
    var last: [UInt8] = []
    #expect(
      region.forEachChunk { chunk in
        largest = max(largest, chunk.count)
        last = Array((last + chunk).suffix(script.count + tail.count))
        return true
      })
    #expect(largest <= FileRegion.chunkSize)
    #expect(last == script + tail, "the script goes before </body>")
    #expect(get("/huge.html", method: "HEAD").contentLength == size + script.count)
  }

  @Test("ranges of a streamed page count the script in, as GET sends it")
  func largePageRanges() throws {
    let whole = LiveReload.inject(into: Self.largePage, generation: "g-1")
    let response = get("/large.html")
    guard case .file = response.content else {
      Issue.record("a page over a chunk is streamed, got \(response.content)")
      return
    }
    #expect(response.allBytes == whole)
    #expect(get("/large.html", method: "HEAD").contentLength == whole.count)
    let at = Self.largePage.count - "</body></html>\n".utf8.count
    let script = BuildGeneration.Snapshot(generation: "g-1").script.count
    let ranges: [Range<Int>] = [
      0..<100, (at - 10)..<(at + 10), (at + 5)..<(at + 50), (at + script - 5)..<whole.count,
      70_000..<(at + script + 3), (whole.count - 1)..<whole.count,
    ]
    for range in ranges {
      let part = get(
        "/large.html", [("Range", "bytes=\(range.lowerBound)-\(range.upperBound - 1)")])
      #expect(part.status == .partialContent, "\(range)")
      #expect(part.contentLength == range.count, "\(range)")
      #expect(part.allBytes == Array(whole[range]), "\(range)")
    }
    let suffix = get("/large.html", [("Range", "bytes=-20")])
    #expect(suffix.allBytes == Array(whole.suffix(20)))
  }
}

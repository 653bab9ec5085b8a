import Foundation
import Testing
import WallKit
import WallKitTestSupport

/// `wallgen fetch` against a server that fails on purpose (`Tests/Servers/fetch-fault-server.py`):
/// each fault is retried or reported, and never leaves part of a file under its name.
@Suite(
  .fullTier,
  .enabled(if: FaultServer.python != nil, "needs python3 for the fault-injecting server"))
struct FetchFaultTests {
  /// The body the fault server sends for `/ok/<name>` and the other 200s of `name`.
  static func body(_ name: String) -> [UInt8] {
    let seed = Array(name.utf8)
    var fill: [UInt8] = []
    while fill.count < 2000 { fill += seed }
    return [0xFF, 0xD8, 0xFF, 0xE0] + fill.prefix(2000) + [0xFF, 0xD9]
  }

  /// No temporary file (nor their folder) is left in `files/`.
  static func noLeftovers(_ export: String) -> Bool {
    !FetchFixture.files(export).contains { $0.hasPrefix(".wallgen-fetch") }
  }

  @Test("a 404 is reported with its URL, object and status; the other files arrive")
  func notFound() throws {
    let server = try FaultServer()
    let folder = try TemporaryDirectory("fetch-404")
    let export = try FetchFixture.export(
      [("a.jpg", server.url("ok/a")), ("b.jpg", server.url("status/404/b"))], in: folder)
    let report = folder.url("report.jsonl")
    let (code, err) = FetchFixture.run([export, "--report", report] + FetchFixture.local)
    #expect(code == .failure)
    #expect(FetchFixture.files(export) == ["a.jpg"])
    #expect(FetchFixture.bytes(export, "a.jpg") == Self.body("a"))
    #expect(err.contains("error: 1 file did not arrive (listed above and in \(report))"))
    #expect(
      err.contains(
        "error: files/b.jpg (WallImage.json, WallImage img1) from \(server.url("status/404/b")): HTTP 404"
      ))
    let lines = try FetchFixture.report(report)
    #expect(lines.count == 1)
    #expect(lines.first?["url"]?.stringValue == server.url("status/404/b"))
    #expect(lines.first?["file"]?.stringValue == "files/b.jpg")
    #expect(lines.first?["object"]?.stringValue == "img1")
    #expect(lines.first?["status"]?.integerValue == 404)
    #expect(lines.first?["reason"]?.stringValue == "HTTP 404")
    // A 404 is not retried.
    #expect(server.requests.filter { $0.hasSuffix("/status/404/b") }.count == 1)
  }

  @Test("a 500 is retried and the 200 that follows arrives")
  func serverErrorThenSuccess() throws {
    let server = try FaultServer()
    let folder = try TemporaryDirectory("fetch-500")
    let export = try FetchFixture.export([("c.jpg", server.url("flaky/c"))], in: folder)
    let (code, err) = FetchFixture.run([export] + FetchFixture.local)
    #expect(code == .success, "\(err)")
    #expect(FetchFixture.bytes(export, "c.jpg") == Self.body("c"))
    #expect(server.requests == ["GET /flaky/c", "GET /flaky/c"])
  }

  @Test("a 429 is retried after its Retry-After, not after the shorter backoff")
  func rateLimited() throws {
    let server = try FaultServer()
    let folder = try TemporaryDirectory("fetch-429")
    let export = try FetchFixture.export([("d.jpg", server.url("ratelimit/1/d"))], in: folder)
    // How long it waits is RetryPolicy's (RetryPolicyTests); here, that it waited and came back.
    let (code, err) = FetchFixture.run([export] + FetchFixture.local)
    #expect(code == .success, "\(err)")
    #expect(FetchFixture.bytes(export, "d.jpg") == Self.body("d"))
    #expect(server.requests.count == 2)
  }

  // Uncut, the wait would be an hour: the limit only stops a hang (generous: a loaded machine
  // runs this suite beside Chromium and pywb); the cut itself is RetryPolicyTests'.
  @Test("a Retry-After longer than --max-retry-wait is cut to it", .timeLimit(.minutes(10)))
  func retryAfterIsCapped() throws {
    let server = try FaultServer()
    let folder = try TemporaryDirectory("fetch-429-cap")
    let export = try FetchFixture.export([("e.jpg", server.url("ratelimit/3600/e"))], in: folder)
    let (code, err) = FetchFixture.run([export, "--max-retry-wait", "0.2"] + FetchFixture.local)
    #expect(code == .success, "\(err)")
    #expect(server.requests.count == 2)
  }

  @Test("a connection reset in the middle of the body is retried; no part is kept")
  func droppedMidBody() throws {
    let server = try FaultServer()
    let folder = try TemporaryDirectory("fetch-drop")
    let export = try FetchFixture.export([("f.jpg", server.url("drop/f"))], in: folder)
    let (code, err) = FetchFixture.run([export] + FetchFixture.local)
    #expect(code == .success, "\(err)")
    #expect(FetchFixture.bytes(export, "f.jpg") == Self.body("f"))
    #expect(server.requests == ["GET /drop/f", "GET /drop/f"])
    #expect(Self.noLeftovers(export))
  }

  @Test("a body shorter than its Content-Length is never kept under the file's name")
  func shortBody() throws {
    let server = try FaultServer()
    let folder = try TemporaryDirectory("fetch-short")
    let export = try FetchFixture.export([("g.jpg", server.url("short/g"))], in: folder)
    let (code, err) = FetchFixture.run([export] + FetchFixture.local)
    #expect(code == .failure)
    #expect(FetchFixture.files(export).isEmpty)
    #expect(server.requests.count == 3, "one attempt and two retries")
    let line = try #require(err.first { $0.hasPrefix("error: files/g.jpg") })
    #expect(line.contains("the connection broke"), "\(line)")
    #expect(line.hasSuffix("(after 3 attempts)"), "\(line)")
  }

  @Test("a redirect loop stops after --max-redirects")
  func redirectLoop() throws {
    let server = try FaultServer()
    let folder = try TemporaryDirectory("fetch-loop")
    let export = try FetchFixture.export([("h.jpg", server.url("loop/0"))], in: folder)
    let (code, err) = FetchFixture.run([export, "--max-redirects", "3"] + FetchFixture.local)
    #expect(code == .failure)
    #expect(FetchFixture.files(export).isEmpty)
    #expect(server.requests.count == 4, "the first request and 3 redirects, not retried")
    #expect(
      err.contains { $0.hasPrefix("error: files/h.jpg") && $0.contains("too many redirects") })
  }

  @Test("a redirect to file:// is refused and nothing is read from the disk")
  func redirectToFile() throws {
    let server = try FaultServer()
    let folder = try TemporaryDirectory("fetch-file")
    let export = try FetchFixture.export([("i.jpg", server.url("tofile/i"))], in: folder)
    let (code, err) = FetchFixture.run([export] + FetchFixture.local)
    #expect(code == .failure)
    #expect(FetchFixture.files(export).isEmpty)
    #expect(err.contains { $0.hasPrefix("error: files/i.jpg") && $0.contains("not http or https") })
  }

  @Test("a URL that is not http or https is refused without a request")
  func otherScheme() throws {
    let folder = try TemporaryDirectory("fetch-scheme")
    let export = try FetchFixture.export(
      [("j.jpg", "file:///etc/passwd"), ("k.jpg", "ftp://127.0.0.1/k.jpg")], in: folder)
    let (code, err) = FetchFixture.run([export] + FetchFixture.local)
    #expect(code == .failure)
    #expect(FetchFixture.files(export).isEmpty)
    #expect(err.contains("error: 2 files did not arrive (listed above)"))
  }

  @Test("a trickle slower than the stall speed times out, and is retried as asked")
  func slowTrickle() throws {
    let server = try FaultServer()
    let folder = try TemporaryDirectory("fetch-trickle")
    let export = try FetchFixture.export([("l.jpg", server.url("trickle/l"))], in: folder)
    let (code, err) = FetchFixture.run(
      [export] + FetchFixture.local + ["--stall-timeout", "1", "--retries", "1"])
    #expect(code == .failure)
    #expect(FetchFixture.files(export).isEmpty)
    #expect(server.requests.count == 2)
    #expect(err.contains { $0.hasPrefix("error: files/l.jpg") && $0.contains("timed out") })
  }

  @Test("a file over --max-file-bytes is refused, with or without a Content-Length")
  func overTheCap() throws {
    let server = try FaultServer()
    let folder = try TemporaryDirectory("fetch-cap")
    let export = try FetchFixture.export(
      [
        ("m.jpg", server.url("big/5000")), ("n.jpg", server.url("bigchunked/300000")),
        ("o.jpg", server.url("big/4096")),
      ], in: folder)
    let report = folder.url("report.jsonl")
    let (code, _) = FetchFixture.run(
      [export, "--max-file-bytes", "4K", "--report", report] + FetchFixture.local)
    #expect(code == .failure)
    #expect(FetchFixture.files(export) == ["o.jpg"], "a file of exactly the cap is kept")
    let lines = try FetchFixture.report(report)
    #expect(lines.map { $0["file"]?.stringValue } == ["files/m.jpg", "files/n.jpg"])
    #expect(
      lines.allSatisfy {
        $0["reason"]?.stringValue?.contains("larger than the cap of 4096 bytes") == true
      })
    #expect(server.requests.filter { $0.hasPrefix("GET /big") }.count == 3, "not retried")
  }

  @Test("content that is neither JPEG nor PNG is kept and reported as a warning")
  func notAnImage() throws {
    let server = try FaultServer()
    let folder = try TemporaryDirectory("fetch-text")
    let export = try FetchFixture.export([("p.jpg", server.url("text/p"))], in: folder)
    let report = folder.url("report.jsonl")
    let (code, _) = FetchFixture.run([export, "--report", report] + FetchFixture.local)
    #expect(code == .success)
    #expect(FetchFixture.bytes(export, "p.jpg") == Array("<html>not a photo</html>\n".utf8))
    let lines = try FetchFixture.report(report)
    #expect(lines.count == 1)
    #expect(lines.first?["severity"]?.stringValue == "warning")
    #expect(
      lines.first?["reason"]?.stringValue?.hasPrefix("kept, but it is neither JPEG nor PNG") == true
    )
  }
}

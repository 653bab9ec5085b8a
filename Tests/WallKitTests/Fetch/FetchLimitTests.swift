import Foundation
import Testing
import WallKit
import WallKitTestSupport

/// A file's deadline (`--file-timeout`) and a run's byte cap (`--max-total-bytes`) hold
/// against a server that would take longer or send more.
@Suite(
  .fullTier, .enabled(if: FaultServer.python != nil, "needs python3 for the fault-injecting server")
)
struct FetchLimitTests {
  @Test("a download still under way at --file-timeout is given up then, and not retried")
  func deadlineCutsATransfer() throws {
    let server = try FaultServer()
    let folder = try TemporaryDirectory("fetch-deadline")
    let export = try FetchFixture.export([("a.jpg", server.url("trickle/a"))], in: folder)
    // The trickle never stalls for 60 s; only the file's deadline ends it.
    let (code, err) = FetchFixture.run(
      [export] + FetchFixture.local + ["--stall-timeout", "60", "--file-timeout", "1"])
    #expect(code == .failure)
    #expect(FetchFixture.files(export).isEmpty)
    #expect(server.requests == ["GET /trickle/a"], "not retried")
    let line = try #require(err.first { $0.hasPrefix("error: files/a.jpg") })
    #expect(
      line.contains("did not arrive within --file-timeout (1 s); the last attempt: timed out"),
      "\(line)")
  }

  @Test("a file failing again and again is given up at --file-timeout, before its retries run out")
  func deadlineEndsRetries() throws {
    let server = try FaultServer()
    let folder = try TemporaryDirectory("fetch-deadline-retries")
    let export = try FetchFixture.export([("b.jpg", server.url("status/500/b"))], in: folder)
    // Twenty retries from 0.5 s, doubling, would take days; the deadline is a second away.
    let (code, err) = FetchFixture.run(
      [export] + FetchFixture.local + [
        "--retries", "20", "--retry-wait", "0.5", "--file-timeout", "1",
      ])
    #expect(code == .failure)
    #expect(server.requests.count < 21)
    let line = try #require(err.first { $0.hasPrefix("error: files/b.jpg") })
    #expect(
      line.contains("did not arrive within --file-timeout (1 s); the last attempt: HTTP 500"),
      "\(line)")
  }

  @Test("a run stops downloading at --max-total-bytes: the file over it and those after fail")
  func totalCap() throws {
    let server = try FaultServer()
    let folder = try TemporaryDirectory("fetch-total")
    let names = ["a", "b", "c", "d"]
    let export = try FetchFixture.export(
      names.map { ("\($0).jpg", server.url("ok/\($0)")) }, in: folder)
    let report = folder.url("report.jsonl")
    // Each body is 2006 bytes: two fit in 5000, the third goes over.
    let (code, err) = FetchFixture.run(
      [export, "-j", "1", "--max-total-bytes", "5000", "--report", report] + FetchFixture.local)
    #expect(code == .failure)
    #expect(FetchFixture.files(export) == ["a.jpg", "b.jpg"])
    #expect(server.requests == ["GET /ok/a", "GET /ok/b", "GET /ok/c"], "d is not asked for")
    let reasons = try FetchFixture.report(report).map { $0["reason"]?.stringValue ?? "" }
    #expect(
      reasons == [
        "the run reached its cap of 5000 bytes (--max-total-bytes); not kept",
        "not fetched: the run reached its cap of 5000 bytes (--max-total-bytes)",
      ])
    #expect(err.contains("error: 2 files did not arrive (listed above and in \(report))"))
  }
}

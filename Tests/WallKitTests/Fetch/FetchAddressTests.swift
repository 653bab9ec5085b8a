import Foundation
import Testing
import WallKit
import WallKitTestSupport

/// An export's URLs are not trusted: a link or a redirect to this machine or a private network
/// is refused, unless the user names the host (`--allow-host`, a `--rewrite` target).
///
/// Every address here is on this machine, and refused ones are refused before any connection
/// (the socket callback), so no test sends a packet elsewhere.
@Suite(
  .fullTier, .enabled(if: FaultServer.python != nil, "needs python3 for the fault-injecting server")
)
struct FetchAddressTests {
  /// The fault server's path that redirects to `target`.
  static func redirect(to target: String) -> String {
    "to/" + (target.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? target)
  }

  /// The line of `err` about `file`, if any.
  static func line(_ err: [String], _ file: String) -> String {
    err.first { $0.hasPrefix("error: files/\(file)") } ?? "(no line about files/\(file))"
  }

  @Test(
    "a link to a loopback address is refused without a request, however its host is spelled",
    arguments: ["127.0.0.1", "0x7f000001", "2130706433", "127.1", "localhost"])
  func loopbackLink(host: String) throws {
    let server = try FaultServer()
    let folder = try TemporaryDirectory("fetch-loopback")
    let url = "http://\(host):\(server.port)/ok/a"
    let export = try FetchFixture.export([("a.jpg", url)], in: folder)
    let report = folder.url("report.jsonl")
    let (code, err) = FetchFixture.run([export, "--report", report] + FetchFixture.fast)
    #expect(code == .failure)
    #expect(FetchFixture.files(export).isEmpty)
    #expect(server.requests.isEmpty, "no request reached the server")
    #expect(
      err.contains(
        "error: files/a.jpg (WallImage.json, WallImage img0) from \(url): refused 127.0.0.1: "
          + "a loopback address; name the host with --allow-host to fetch from it"), "\(err)")
    let lines = try FetchFixture.report(report)
    #expect(lines.first?["status"]?.integerValue == nil)
  }

  @Test(
    "a redirect to an internal address is refused on that hop, and the file is not retried",
    arguments: [
      ("http://127.0.0.1:PORT/ok/b", "127.0.0.1", "http://127.0.0.1:PORT/ok/b"),
      ("http://0x7f000001:PORT/ok/b", "127.0.0.1", "http://127.0.0.1:PORT/ok/b"),
      ("http://u:p@127.0.0.1:PORT/ok/b", "127.0.0.1", "http://127.0.0.1:PORT/ok/b"),
      ("http://[::1]:PORT/ok/b", "::1", "http://[::1]:PORT/ok/b"),
      (
        "http://[::ffff:127.0.0.1]:PORT/ok/b", "::ffff:127.0.0.1",
        "http://[::ffff:127.0.0.1]:PORT/ok/b"
      ),
    ])
  func redirectToLoopback(target: String, address: String, shown: String) throws {
    let server = try FaultServer()
    let folder = try TemporaryDirectory("fetch-redirect-loopback")
    let port = String(server.port)
    let path = Self.redirect(to: target.replacingOccurrences(of: "PORT", with: port))
    let export = try FetchFixture.export([("b.jpg", "http://first.invalid/\(path)")], in: folder)
    // The first hop goes to localhost, named by the rewrite; the redirect names 127.0.0.1.
    let (code, err) = FetchFixture.run(
      [export, "--rewrite", "http://first.invalid/=http://localhost:\(port)/"] + FetchFixture.fast)
    #expect(code == .failure)
    #expect(FetchFixture.files(export).isEmpty)
    #expect(server.requests == ["GET /\(path)"], "the redirect was not followed, nor retried")
    let line = Self.line(err, "b.jpg")
    let expected =
      "refused \(address) (redirected to \(shown.replacingOccurrences(of: "PORT", with: port))): "
      + "a loopback address; name the host with --allow-host to fetch from it"
    #expect(line.hasSuffix(expected), "\(line)")
  }

  @Test("a redirect to the cloud metadata address is refused before any connection")
  func redirectToMetadata() throws {
    let server = try FaultServer()
    let folder = try TemporaryDirectory("fetch-redirect-metadata")
    let path = Self.redirect(to: "http://169.254.169.254/latest/meta-data/")
    let export = try FetchFixture.export(
      [("c.jpg", "http://localhost:\(server.port)/\(path)")], in: folder)
    let (code, err) = FetchFixture.run([export, "--allow-host", "localhost"] + FetchFixture.fast)
    #expect(code == .failure)
    #expect(server.requests == ["GET /\(path)"])
    #expect(
      Self.line(err, "c.jpg").hasSuffix(
        "refused 169.254.169.254 (redirected to http://169.254.169.254/latest/meta-data/): "
          + "a link-local address; name the host with --allow-host to fetch from it"),
      "\(err)")
  }

  @Test("a file already there whose link is refused is reported, not checked, and left alone")
  func presentFileRefused() throws {
    let server = try FaultServer()
    let folder = try TemporaryDirectory("fetch-present-refused")
    let export = try FetchFixture.export([("h.jpg", server.url("ok/h"))], in: folder)
    try FileManager.default.createDirectory(
      atPath: "\(export)/files", withIntermediateDirectories: true)
    try Data("kept".utf8).write(to: URL(fileURLWithPath: "\(export)/files/h.jpg"))
    let (code, err) = FetchFixture.run([export] + FetchFixture.fast)
    #expect(code == .failure)
    #expect(server.requests.isEmpty, "neither HEAD nor GET")
    #expect(FetchFixture.bytes(export, "h.jpg") == Array("kept".utf8))
    #expect(
      Self.line(err, "h.jpg").hasSuffix(
        "refused 127.0.0.1: a loopback address; name the host with --allow-host to fetch from it"),
      "\(err)")
  }

  @Test("a host named with --allow-host is fetched from, redirects to it included")
  func allowedHosts() throws {
    let server = try FaultServer()
    let folder = try TemporaryDirectory("fetch-allowed")
    let path = Self.redirect(to: server.url("ok/d"))
    let export = try FetchFixture.export(
      [("d.jpg", "http://localhost:\(server.port)/\(path)"), ("e.jpg", server.url("ok/e"))],
      in: folder)
    let (code, err) = FetchFixture.run(
      [export, "--allow-host", "LOCALHOST", "--allow-host", "0x7f000001"] + FetchFixture.fast)
    #expect(code == .success, "\(err)")
    #expect(FetchFixture.bytes(export, "d.jpg") == FetchFaultTests.body("d"))
    #expect(FetchFixture.bytes(export, "e.jpg") == FetchFaultTests.body("e"))
  }

  @Test("the target of --rewrite may be a local host")
  func rewriteToLocalHost() throws {
    let server = try FaultServer()
    let folder = try TemporaryDirectory("fetch-rewrite-local")
    let export = try FetchFixture.export([("f.jpg", "http://files.invalid/app/ok/f")], in: folder)
    let (code, err) = FetchFixture.run(
      [export, "--rewrite", "http://files.invalid/app/=\(server.url(""))"] + FetchFixture.fast)
    #expect(code == .success, "\(err)")
    #expect(FetchFixture.bytes(export, "f.jpg") == FetchFaultTests.body("f"))
    #expect(server.requests == ["GET /ok/f"])
  }

  @Test("in-process settings allow a host as --allow-host does")
  func settingsAllowHost() throws {
    let server = try FaultServer()
    let folder = try TemporaryDirectory("fetch-settings-allowed")
    let export = try FetchFixture.export([("g.jpg", server.url("ok/g"))], in: folder)
    var settings = FetchSettings(export: export)
    settings.retries = 0
    let refused = try Fetcher(settings: settings, progress: SilentFetchProgress()).run()
    #expect(refused.failed == 1)
    #expect(
      refused.records.first?.reason.hasPrefix("refused 127.0.0.1: a loopback address") == true)
    settings.allowedHosts = ["127.0.0.1"]
    let allowed = try Fetcher(settings: settings, progress: SilentFetchProgress()).run()
    #expect(allowed.arrived == 1)
    #expect(server.requests == ["GET /ok/g"])
  }
}

/// A `FetchProgress` that keeps nothing.
final class SilentFetchProgress: FetchProgress {
  func started(total: Int) {}
  func progressed(done: Int, total: Int, bytes: Int64) {}
  func noted(_ record: FetchRecord) {}
  func finished(_ result: FetchResult) {}
}

import Foundation
import Testing
import WallKitTestSupport
import WallSynth

// `@testable` only to drive `WallCLI.rebuild`, the rebuild step of `wallgen serve`.
@testable import WallKit

/// The problems of a preview's last build, as pages get them: in the served page's script (as
/// HTML-safe JSON), at `/__wallgen/status`, and never in the built files (issue 15, item 8).
@Suite(.fullTier) struct ProblemOverlayTests {
  static let hostile = Problem(
    .error, file: "files/x</script><img src=x onerror=alert(1)>.jpg", className: "WallImage",
    objectId: "i1", reason: "the file is missing & \"quoted\"")

  func get(_ target: String) -> HTTPRequest {
    HTTPRequest(
      method: "GET", target: target, headers: [("Host", "localhost")])
  }

  func text(_ response: HTTPResponse) -> String {
    String(decoding: response.body, as: UTF8.self)
  }

  @Test("a report holds the problems' printed lines, capped with '… and N more'")
  func reportLines() {
    let problems = (0..<53).map {
      Problem(.error, file: "files/\($0).jpg", reason: "the file is missing")
    }
    let report = PreviewReport(problems: problems + [Problem(.warning, file: "a", reason: "b")])
    #expect(report.title == "53 errors, 1 warning")
    #expect(report.lines.count == 51)
    #expect(report.lines[0] == "files/0.jpg: the file is missing")
    #expect(report.lines.last == "… and 4 more (all are listed by 'wallgen check')")
    #expect(!report.failed && !report.isClean && report.id.count == 12)
    #expect(PreviewReport(problems: []).isClean)
    #expect(PreviewReport(problems: []).id == "")
    #expect(PreviewReport(problems: Array(problems.prefix(2))).id != report.id)
  }

  @Test("a served page carries the report as HTML-safe JSON; the built file is left as it was")
  func servedPageCarriesTheReport() throws {
    let fixture = try SiteFixture()
    let responder = try PreviewResponder(root: fixture.root)
    let onDisk = try FileSystem.readFile("\(fixture.root)/walls/u1/index.html", limit: 1 << 20)
    let live = BuildGeneration.Snapshot(
      generation: "abc-2", report: PreviewReport(problems: [Self.hostile]))
    let page = text(responder.respond(to: get("/walls/u1/"), live: live))
    #expect(page.contains("data-wallgen-live-reload"))
    #expect(page.contains("wallgen-problems"))
    #expect(
      page.contains(
        "files/x\\u003c/script\\u003e\\u003cimg src=x onerror=alert(1)\\u003e.jpg: WallImage i1: "
          + "the file is missing \\u0026 \\\"quoted\\\""))
    #expect(!page.contains("<img src=x"))
    #expect(page.components(separatedBy: "</script>").count == 2, "one script element only")
    #expect(
      try FileSystem.readFile("\(fixture.root)/walls/u1/index.html", limit: 1 << 20) == onDisk)

    let clean = text(
      responder.respond(to: get("/walls/u1/"), live: .init(generation: "abc-3")))
    #expect(clean.contains(#"var r={"failed":false,"id":"","lines":[],"title":""}"#))
  }

  @Test("the status path answers the generation and the report as JSON, never cached")
  func statusPath() throws {
    let fixture = try SiteFixture()
    let responder = try PreviewResponder(root: fixture.root)
    let report = PreviewReport(failure: ["error: [import] x", "hint: fix it"])
    let response = responder.respond(
      to: get(LiveReload.statusPath), live: .init(generation: "abc-2", report: report))
    #expect(response.status == .ok)
    #expect(response.header("Content-Type") == "application/json")
    #expect(response.header("Cache-Control") == "no-store")
    let body = try JSONReader.parse(Array(text(response).utf8))
    #expect(body["generation"] == "abc-2")
    #expect(body["report"]?["failed"] == true)
    #expect(body["report"]?["lines"] == ["error: [import] x", "hint: fix it"])
    #expect(
      body["report"]?["title"]
        == "the rebuild failed; the pages shown are those of the last good build")
  }

  @Test("a page's tag changes with the report, and HEAD's length matches the page sent")
  func tagAndLength() throws {
    let fixture = try SiteFixture()
    let responder = try PreviewResponder(root: fixture.root)
    let clean = BuildGeneration.Snapshot(generation: "abc-2")
    let broken = BuildGeneration.Snapshot(
      generation: "abc-2", report: PreviewReport(problems: [Self.hostile]))
    let first = responder.respond(to: get("/index.html"), live: clean)
    let second = responder.respond(to: get("/index.html"), live: broken)
    #expect(first.header("ETag") != second.header("ETag"))
    var head = get("/index.html")
    head.method = "HEAD"
    let length = responder.respond(to: head, live: broken).contentLength
    #expect(length == text(second).utf8.count)
  }

  @Test(
    "serve's rebuilds publish their report: problems, a failure in place, then clean",
    arguments: [BuildEngine.memory, .plan])
  func rebuildsPublish(_ engine: BuildEngine) throws {
    let folder = try TemporaryDirectory()
    try UnusableExportTests.writeExport(at: folder.url("export"))
    let settings = SiteBuilder.Settings(export: folder.url("export"), output: folder.url("site"))
    let generation = BuildGeneration()
    let console = CapturedConsole().console
    func rebuild(verbose: Bool = false) -> Bool {
      WallCLI.rebuild(
        { settings }, engine: engine, console: console, verbose: verbose, publishingTo: generation)
    }
    #expect(rebuild(verbose: true))
    #expect(generation.snapshot.report.isClean)
    let first = generation.current

    let image = try FileSystem.readFile(folder.url("export/files/b.jpg"), limit: 1 << 20)
    try FileManager.default.removeItem(atPath: folder.url("export/files/b.jpg"))
    #expect(rebuild())
    let missing = generation.snapshot
    #expect(missing.generation != first, "a completed rebuild reloads open pages")
    #expect(missing.report.title == "1 error, 0 warnings")
    #expect(missing.report.lines.count == 1)
    #expect(
      missing.report.lines == [
        "WallImage.json: WallImage i2: missing file \"files/b.jpg\"; shown as a placeholder"
      ])

    let users = try FileSystem.readFile(folder.url("export/_User.json"), limit: 1 << 20)
    try FileSystem.writeAtomically(
      Array(users.prefix(users.count / 2)), to: folder.url("export/_User.json"))
    let site = try SiteTree.contents(of: folder.url("site"))
    #expect(!rebuild())
    #expect(try SiteTree.contents(of: folder.url("site")) == site, "the site is as it was")
    let failed = generation.snapshot
    #expect(failed.generation == missing.generation, "the last good pages stay, not reloaded")
    #expect(failed.report.failed)
    #expect(
      failed.report.lines.contains { $0.hasPrefix("_User.json: ") && $0.contains("invalid JSON") })
    #expect(failed.report.lines.contains { $0.hasPrefix("error: [import] ") })

    try FileSystem.writeAtomically(users, to: folder.url("export/_User.json"))
    try FileSystem.writeAtomically(image, to: folder.url("export/files/b.jpg"))
    #expect(rebuild())
    #expect(generation.snapshot.report.isClean)
    #expect(generation.current != failed.generation)
  }

  @Test(
    "the overlay script parses as JavaScript",
    .enabled(if: ExternalTool.path("node") != nil, "needs node"))
  func scriptParses() throws {
    let folder = try TemporaryDirectory()
    let script = LiveReload.script(
      .init(generation: "abc-2", report: PreviewReport(problems: [Self.hostile])))
    let body = script.replacingOccurrences(of: "<script data-wallgen-live-reload>", with: "")
      .replacingOccurrences(of: "</script>", with: "")
    try FileSystem.writeAtomically(body, to: folder.url("live.js"))
    let result = try ExternalTool.run(
      try #require(ExternalTool.path("node")), ["--check", folder.url("live.js")])
    #expect(result.status == 0, "\(result.output)")
  }
}

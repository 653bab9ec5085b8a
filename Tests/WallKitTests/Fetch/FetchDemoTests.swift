import Foundation
import Testing
import WallKit
import WallKitTestSupport

/// The acceptance test of `wallgen fetch`: the demo export with its photos as links to a dead
/// host, fetched from nginx through `--rewrite`, builds the same site as the demo itself.
@Suite(
  .fullTier,
  .enabled(if: LocalNginx.isAvailable, "needs nginx (Debian package nginx)"),
  .enabled(
    if: FileSystem.kind(of: RepositoryPaths.path("Examples/demo-export")) == .directory,
    "needs Examples/demo-export"))
struct FetchDemoTests {
  static let demo = RepositoryPaths.path("Examples/demo-export")

  /// Copies the demo into `folder/name` and points each File url at a dead host under a name
  /// of its own (`photo-<n>`), which nginx serves from `folder/served/mirror/<app>/`.
  /// - Returns: The number of Files relinked.
  static func relinkedCopy(into export: String, serving served: String) throws -> Int {
    let manager = FileManager.default
    try manager.copyItem(atPath: demo, toPath: export)
    try manager.removeItem(atPath: "\(export)/files")
    let pattern = try NSRegularExpression(
      pattern: #""url":"http://files\.parsetfss\.com/([^/"]+)/([^/"]+)""#)
    var count = 0
    for file in FileSystem.contents(of: export) where file.hasSuffix(".json") {
      let path = "\(export)/\(file)"
      var text = try String(contentsOfFile: path, encoding: .utf8)
      let matches = pattern.matches(in: text, range: NSRange(text.startIndex..., in: text))
      for match in matches.reversed() {
        guard let whole = Range(match.range, in: text),
          let app = Range(match.range(at: 1), in: text),
          let name = Range(match.range(at: 2), in: text)
        else { continue }
        count += 1
        let mirror = "\(served)/mirror/\(text[app])"
        try manager.createDirectory(atPath: mirror, withIntermediateDirectories: true)
        try manager.copyItem(
          atPath: "\(demo)/files/\(text[name])", toPath: "\(mirror)/photo-\(count)")
        text.replaceSubrange(
          whole, with: "\"url\":\"http://files.parsetfss.invalid/\(text[app])/photo-\(count)\"")
      }
      try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
    return count
  }

  @Test("a fetched demo export, its photos served by nginx under other names, builds the same site")
  func demoThroughNginx() throws {
    let folder = try TemporaryDirectory("fetch-demo")
    let linked = folder.url("linked")
    let served = folder.url("served")
    let relinked = try Self.relinkedCopy(into: linked, serving: served)
    #expect(relinked == 43)
    let nginx = try LocalNginx(root: served)
    let report = folder.url("fetch.jsonl")
    let (code, err) = FetchFixture.run(
      [
        linked, "-j", "4", "--rewrite", "http://files.parsetfss.invalid/=\(nginx.url("mirror/"))",
        "--report", report,
      ] + FetchFixture.fast)
    #expect(code == .success, "\(err)")
    #expect(try FetchFixture.report(report).isEmpty)
    #expect(
      FetchFixture.files(linked) == FileSystem.contents(of: "\(Self.demo)/files").sorted())
    #expect(nginx.requests(atLeast: 43).filter { $0.hasPrefix("GET /mirror/") }.count == 43)

    let lines = LineRecorder()
    let console = Console(out: { lines.append($0) }, err: { lines.append($0) })
    #expect(
      WallCLI.run(["build", Self.demo, "-o", folder.url("site-demo"), "-q"], console: console)
        == .success)
    #expect(
      WallCLI.run(["build", linked, "-o", folder.url("site-fetched"), "-q"], console: console)
        == .success)
    let expected = try SiteTree.contents(of: folder.url("site-demo"))
    let fetched = try SiteTree.contents(of: folder.url("site-fetched"))
    #expect(expected.count > 50)
    #expect(fetched.keys.sorted() == expected.keys.sorted())
    #expect(fetched.filter { expected[$0.key] != $0.value }.keys.sorted() == [])

    // Run again: every file is there with nginx's length, so nothing is downloaded.
    let before = nginx.requests.count
    #expect(
      FetchFixture.run([
        linked, "--rewrite", "http://files.parsetfss.invalid/=\(nginx.url("mirror/"))",
      ]).code == .success)
    let again = nginx.requests(atLeast: before + 43).dropFirst(before)
    #expect(again.count == 43)
    #expect(again.allSatisfy { $0.hasPrefix("HEAD ") })
  }
}

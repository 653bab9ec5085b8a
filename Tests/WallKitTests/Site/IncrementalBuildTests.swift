import Foundation
import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// Rebuilds do only the work their change needs (DESIGN.md, "Behaviour users rely on").
@Suite(.fullTier) struct IncrementalBuildTests {
  typealias P = ParseFixtures

  /// Four users in two pairs of friends, eight small photos, a few comments.
  func makeExport(at root: String, comment: String = "first!") throws {
    let export = try ExportWriter(root: root)
    try export.writeClass(
      "_User",
      (1...4).map { P.user("u\($0)", username: "user\($0)", fbId: "\($0)", name: "User \($0)") })
    try export.writeClass(
      "_Join:friends:_User",
      [
        P.friendRow("u1", "u2"), P.friendRow("u2", "u1"), P.friendRow("u3", "u4"),
        P.friendRow("u4", "u3"),
      ])
    try export.writeClass(
      "WallImage",
      (1...8).map {
        P.image(
          "i\($0)", uploaderFBId: "\(($0 - 1) % 4 + 1)", username: "", fileName: "p\($0).jpg",
          at: $0 * 60)
      })
    try export.writeClass(
      "WallImageComment",
      [
        P.comment("c1", on: "i1", byFBId: "2", username: "", text: comment, at: 1000),
        P.comment("c2", on: "i3", byFBId: "4", username: "", text: "nice", at: 1001),
      ])
    for index in 1...8 {
      try export.writeFile(
        "files/p\(index).jpg", ImageFixtures.gradientJPEG(width: 96 + index, height: 64))
    }
  }

  func build(_ export: String, _ output: String, jobs: Int = 2, theme: Theme = .builtIn) throws
    -> BuildResult
  {
    var settings = SiteBuilder.Settings(export: export, output: output)
    settings.pipeline.jobs = jobs
    settings.pipeline.pageSize = 2
    settings.pipeline.theme = theme
    return try SiteBuilder(settings: settings).build()
  }

  @Test("a rebuild with nothing changed decodes nothing and touches no file")
  func noOpRebuild() throws {
    let folder = try TemporaryDirectory()
    let (export, site) = (folder.url("export"), folder.url("site"))
    try makeExport(at: export)
    _ = try build(export, site)
    let before = try SiteTree.versions(of: site)
    let second = try build(export, site)
    #expect(second.summary.imagesProcessed == 0 && second.summary.imagesReused == 8)
    #expect(second.summary.filesWritten == 0 && second.summary.filesRemoved == 0)
    #expect(SiteTree.touched(from: before, to: try SiteTree.versions(of: site)) == [])
  }

  @Test("a file deleted from the site since the last build is written again")
  func deletedFileRestored() throws {
    let folder = try TemporaryDirectory()
    let (export, site) = (folder.url("export"), folder.url("site"))
    try makeExport(at: export)
    _ = try build(export, site)
    let page = "\(site)/walls/u3/index.html"
    let before = try FileSystem.readFile(page, limit: 1 << 20)
    try FileSystem.removeFile(page)
    let second = try build(export, site)
    #expect(second.summary.filesWritten == 1)
    #expect(try FileSystem.readFile(page, limit: 1 << 20) == before)
  }

  @Test("an edited comment rewrites exactly the pages that show its image")
  func editedComment() throws {
    let folder = try TemporaryDirectory()
    let (export, site) = (folder.url("export"), folder.url("site"))
    try makeExport(at: export)
    _ = try build(export, site)
    let before = try SiteTree.versions(of: site)
    try makeExport(at: export, comment: "edited")
    let second = try build(export, site)
    #expect(second.summary.imagesProcessed == 0)
    // i1 (by u1) is on u1's and u2's walls; with two images a page it is on page 2 of each,
    // and its comments are in its one viewer entry (the walls' lists name it only; the grid
    // shows no comment).
    #expect(
      SiteTree.touched(from: before, to: try SiteTree.versions(of: site)).sorted() == [
        WallPageModel.viewerEntryPath(of: "i1"), "walls/u1/page-2.html", "walls/u2/page-2.html",
      ])
  }

  @Test("a template change rewrites every page and no media")
  func templateChange() throws {
    let folder = try TemporaryDirectory()
    let (export, site) = (folder.url("export"), folder.url("site"))
    try makeExport(at: export)
    _ = try build(export, site)
    let before = try SiteTree.versions(of: site)
    var theme = Theme.builtIn
    theme.templates["comment"] = (theme.templates["comment"] ?? "") + "<!-- changed -->"
    let second = try build(export, site, theme: theme)
    let changed = SiteTree.touched(from: before, to: try SiteTree.versions(of: site))
    #expect(second.summary.imagesProcessed == 0)
    #expect(changed.allSatisfy { $0.hasSuffix(".html") })
    // Every page that shows a comment changed; pages without comments need not.
    #expect(changed.contains("walls/u1/page-2.html") && changed.contains("walls/u4/page-2.html"))
  }

  @Test("files an earlier build made and this one does not are removed; others are kept")
  func prune() throws {
    let folder = try TemporaryDirectory()
    let (export, site) = (folder.url("export"), folder.url("site"))
    try makeExport(at: export)
    _ = try build(export, site)
    try FileSystem.writeAtomically("mine", to: "\(site)/notes.txt")
    let mediaBefore = SiteTree.files(in: "\(site)/media")
    // Drop user u4 and image i8: u4's wall and i8's media must go.
    let writer = try ExportWriter(root: export)
    try writer.writeClass(
      "_User",
      (1...3).map { P.user("u\($0)", username: "user\($0)", fbId: "\($0)", name: "User \($0)") })
    try writer.writeClass(
      "WallImage",
      (1...7).map {
        P.image(
          "i\($0)", uploaderFBId: "\(($0 - 1) % 4 + 1)", username: "", fileName: "p\($0).jpg",
          at: $0 * 60)
      })
    let second = try build(export, site)
    #expect(second.summary.filesRemoved > 0)
    #expect(FileSystem.kind(of: "\(site)/walls/u4/index.html") == .missing)
    #expect(FileSystem.kind(of: "\(site)/notes.txt") == .regular)
    #expect(SiteTree.files(in: "\(site)/media").count < mediaBefore.count)
    // What is left equals a clean build of the new export.
    let clean = folder.url("clean")
    _ = try build(export, clean)
    var left = try SiteTree.contents(of: site)
    left["notes.txt"] = nil
    #expect(left == (try SiteTree.contents(of: clean)))
  }

  @Test("the output folder holds only the site; the build's state lives beside it")
  func stateOutsideSite() throws {
    let folder = try TemporaryDirectory()
    let (export, site) = (folder.url("export"), folder.url("site"))
    try makeExport(at: export)
    _ = try build(export, site)
    let files = SiteTree.files(in: site)
    #expect(
      files.allSatisfy {
        $0 == "index.html" || $0.hasPrefix("walls/") || $0.hasPrefix("media/")
          || $0.hasPrefix("assets/") || $0.hasPrefix("viewer/")
      })
    #expect(SiteBuilder.stateFolder(for: site) == folder.url(".wallgen/site"))
    #expect(FileSystem.kind(of: folder.url(".wallgen/site/manifest.txt")) == .regular)
    #expect(SiteBuilder.stateFolder(for: "_site") == ".wallgen/_site")
    #expect(SiteBuilder.stateFolder(for: "out/site/") == "out/.wallgen/site")
  }

  @Test("builds of the Everything export with 1 and 2 jobs give byte-identical trees")
  func deterministic() throws {
    let folder = try TemporaryDirectory()
    let export = folder.url("export")
    try EverythingExport.write(to: export)
    _ = try build(export, folder.url("one"), jobs: 1)
    _ = try build(export, folder.url("two"), jobs: 2)
    let one = try SiteTree.contents(of: folder.url("one"))
    #expect(one.count > 20)
    #expect(one == (try SiteTree.contents(of: folder.url("two"))))
  }
}

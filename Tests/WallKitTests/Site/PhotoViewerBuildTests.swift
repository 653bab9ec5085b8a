import Foundation
import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// Each wall's photo grid (`photos.html`) and viewer data (`photos.js`) as a build writes them:
/// beside the wall's pages, in the manifest, pruned with their wall, and in Chromium
/// (`Tests/browser/check_viewer.py`, skipped, saying so, when Chromium is missing).
@Suite(.fullTier, .serialized) struct PhotoViewerBuildTests {
  typealias Export = PageLayoutTests.LongNameExport

  @Test(
    "every wall has its grid and its viewer data, listed in the manifest; a rebuild writes nothing")
  func writtenAndListed() throws {
    let folder = try TemporaryDirectory()
    let site = try PageLayoutTests.build(in: folder)
    let manifest = BuildManifest.load(stateRoot: SiteBuilder.stateFolder(for: site))
    var paged = 0
    for user in ["u0", "u1", "u2", "u3"] {
      // A public wall lists its photos for the viewer only when it has more than one page.
      let pages = FileSystem.kind(of: "\(site)/walls/\(user)/page-2.html") == .regular
      paged += pages ? 1 : 0
      for name in ["photos.html"] + (pages ? ["photos.js"] : []) {
        let path = "walls/\(user)/\(name)"
        #expect(FileSystem.kind(of: "\(site)/\(path)") == .regular, "\(path) missing")
        #expect(manifest.files.contains(path), "\(path) not in the manifest")
      }
      if !pages {
        #expect(FileSystem.kind(of: "\(site)/walls/\(user)/photos.js") == .missing)
      }
      // Each photo its first page shows has its details in one file, in the manifest.
      let page = String(
        decoding: try FileSystem.readFile("\(site)/walls/\(user)/index.html", limit: 1 << 20),
        as: UTF8.self)
      for part in page.components(separatedBy: #"data-photo-id=""#).dropFirst() {
        let path = WallPageModel.viewerEntryPath(of: String(part.prefix { $0 != "\"" }))
        #expect(manifest.files.contains(path), "\(path) not in the manifest")
      }
    }
    #expect(paged > 0, "no wall of more than one page")
    let wall = String(
      decoding: try FileSystem.readFile("\(site)/walls/u0/index.html", limit: 1 << 20),
      as: UTF8.self)
    #expect(wall.contains(#"<a href="photos.html">Photos</a>"#))
    #expect(wall.contains(#"data-photo-entries="../../viewer/""#))
    let grid = String(
      decoding: try FileSystem.readFile("\(site)/walls/u0/photos.html", limit: 1 << 20),
      as: UTF8.self)
    #expect(grid.contains(#"<h2>July 2014</h2>"#) && grid.contains(#"<h2>May 2012</h2>"#))
    #expect(grid.contains(#"aria-current="page">Photos</a>"#))

    let before = try SiteTree.versions(of: site)
    _ = try PageLayoutTests.build(in: folder)
    #expect(SiteTree.touched(from: before, to: try SiteTree.versions(of: site)) == [])
  }

  @Test("a wall that is gone takes its grid and its viewer data with it")
  func prunedWithTheirWall() throws {
    let folder = try TemporaryDirectory()
    let site = try PageLayoutTests.build(in: folder)
    #expect(FileSystem.kind(of: "\(site)/walls/u3/photos.html") == .regular)
    // Dora leaves: the export's users are written again without her.
    try ExportWriter(root: folder.url("export")).writeClass(
      "_User",
      Export.names.indices.map {
        ParseFixtures.user("u\($0)", username: "user\($0)", fbId: "10\($0)", name: Export.names[$0])
      })
    _ = try PageLayoutTests.build(in: folder)
    for name in ["index.html", "photos.html", "photos.js"] {
      #expect(FileSystem.kind(of: "\(site)/walls/u3/\(name)") == .missing, "walls/u3/\(name) left")
    }
    #expect(FileSystem.kind(of: "\(site)/walls/u0/photos.html") == .regular)
  }

  @Test("an archive bundle holds its wall's grid and viewer data, naming no other wall")
  func inBundles() throws {
    let folder = try TemporaryDirectory("archive")
    let result = try ArchiveFixture.archive(
      try ArchiveFixture.write(in: folder), into: folder.url("out"), zip: false)
    let bundle = try #require(result.bundles.first { $0.userID == "uAnn" })
    let files = SiteTree.files(in: bundle.folder)
    #expect(files.contains("data/photos.html") && files.contains("data/photos.js"))
    let data = String(
      decoding: try FileSystem.readFile("\(bundle.folder)/data/photos.js", limit: 1 << 24),
      as: UTF8.self)
    #expect(data.hasPrefix("window.wallgenPhotos = {"))
    #expect(!data.contains("walls/") && !data.contains("href"))
  }

  @Test(
    "in Chromium at 1280 x 900 and 390 x 844: every date shows its year, the viewer shows comments, walks across pages, opens from #photo-<id>, has an opaque backdrop and returns focus to the last photo; Back closes it where the page was and Forward reopens it, from file:// and over HTTP; the header stays put between the tabs; page 2 says so at its top; the index's avatars are lazy; the icon is asked for, never /favicon.ico; the grid groups by month; nothing scrolls sideways",
    .enabled(
      if: PageCheckTests.hasBrowser, "needs chromium, chromedriver, selenium and axe-core-python"))
  func browserViewer() throws {
    let folder = try TemporaryDirectory()
    let site = try PageLayoutTests.build(in: folder)
    let script = RepositoryPaths.path("Tests/browser/check_viewer.py")
    let python = try #require(ExternalTool.path("python3"))
    let (status, output) = try PageCheckTests.run(python, [script, site, "walls/u0"])
    #expect(status == 0, "check_viewer.py on the long-name export:\n\(output)")
    #expect(output.contains(" passed, 0 failed"))
  }

  @Test(
    "in Chromium: a private wall's viewer and grid work from its secret folder",
    .enabled(
      if: PageCheckTests.hasBrowser, "needs chromium, chromedriver, selenium and axe-core-python"))
  func browserViewerPrivate() throws {
    let folder = try TemporaryDirectory()
    let secret = Array("a secret of the test".utf8)
    let site = try PageLayoutTests.build(in: folder, secret: secret)
    let token = SiteLayout.privateToken(secret: secret, userID: "u0")
    let script = RepositoryPaths.path("Tests/browser/check_viewer.py")
    let python = try #require(ExternalTool.path("python3"))
    let (status, output) = try PageCheckTests.run(python, [script, site, "walls/\(token)"])
    #expect(status == 0, "check_viewer.py on the private long-name build:\n\(output)")
    #expect(output.contains(" passed, 0 failed"))
  }
}

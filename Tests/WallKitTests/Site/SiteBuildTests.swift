import Foundation
import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// Builds a small export with real images and checks DESIGN.md's output contract.
@Suite(.fullTier) struct SiteBuildTests {
  typealias P = ParseFixtures

  /// Ann and Bob are friends; Cat is alone.
  ///
  /// Bob posts 5 photos (one broken), Ann 1; Cat none.
  func makeExport(in folder: TemporaryDirectory) throws -> String {
    let root = folder.url("export")
    let export = try ExportWriter(root: root)
    try export.writeClass(
      "_User",
      [
        P.user("uAnn", username: "ann", fbId: "1", name: "Ann"),
        P.user("uBob", username: "bob", fbId: "2"),
        P.user("uCat", username: "cat", fbId: "3", name: "Cat"),
      ])
    try export.writeClass(
      "_Join:friends:_User", [P.friendRow("uAnn", "uBob"), P.friendRow("uBob", "uAnn")])
    var images = (1...4).map {
      P.image("b\($0)", uploaderFBId: "2", username: "bob", fileName: "b\($0).jpg", at: $0 * 100)
    }
    images.append(
      P.image("bBroken", uploaderFBId: "2", username: "bob", fileName: "broken.jpg", at: 50))
    images.append(P.image("a1", uploaderFBId: "1", username: "ann", fileName: "a1.png", at: 250))
    images.append(
      P.image("cCopy", uploaderFBId: "3", username: "cat", fileName: "copy.jpg", at: 10, acl: []))
    try export.writeClass("WallImage", images)
    try export.writeClass(
      "WallImageComment",
      [
        P.comment("c2", on: "b1", byFBId: "1", username: "ann", text: "later", at: 130),
        P.comment("c1", on: "b1", byFBId: "2", username: "bob", text: "first", at: 120),
      ])
    for index in 1...4 {
      try export.writeFile(
        "files/b\(index).jpg", ImageFixtures.gradientJPEG(width: 800 + index, height: 600))
    }
    // The same bytes under another name: decoded once.
    try export.writeFile("files/copy.jpg", ImageFixtures.gradientJPEG(width: 801, height: 600))
    try export.writeFile(
      "files/broken.jpg", Array(try ImageFixtures.gradientJPEG(width: 64, height: 64).prefix(40)))
    try export.writeFile(
      "files/a1.png", ImageFixtures.checkerPNG(width: 200, height: 100, alpha: true))
    try export.writeFile("graph/1.jpg", ImageFixtures.gradientJPEG(width: 150, height: 200))
    return root
  }

  func build(_ export: String, into output: String, pageSize: Int = 3) throws -> BuildResult {
    var settings = SiteBuilder.Settings(export: export, output: output)
    settings.pipeline.pageSize = pageSize
    settings.pipeline.jobs = 2
    return try SiteBuilder(settings: settings).build()
  }

  func read(_ path: String) throws -> String {
    String(decoding: try FileSystem.readFile(path, limit: 1 << 24), as: UTF8.self)
  }

  /// The values of `data-object-id` attributes in a page, in order.
  func objectIds(in html: String) -> [String] {
    html.components(separatedBy: "data-object-id=\"").dropFirst().compactMap {
      $0.split(separator: "\"").first.map(String.init)
    }
  }

  @Test(
    "walls show the owner's and friends' images newest first, paginated, with comments oldest first"
  )
  func wallContents() throws {
    let folder = try TemporaryDirectory()
    let site = folder.url("site")
    let result = try build(try makeExport(in: folder), into: site)
    let page1 = try read("\(site)/walls/uAnn/index.html")
    let page2 = try read("\(site)/walls/uAnn/page-2.html")
    #expect(objectIds(in: page1) == ["b4", "b3", "a1"])
    #expect(objectIds(in: page2) == ["b2", "b1", "c1", "c2", "bBroken"])
    #expect(page1.contains("href=\"page-2.html\""))
    #expect(page2.contains("href=\"index.html\""))
    #expect(FileSystem.kind(of: "\(site)/walls/uAnn/page-3.html") == .missing)
    let cat = try read("\(site)/walls/uCat/index.html")
    #expect(objectIds(in: cat).isEmpty)
    #expect(cat.contains("No photos here yet"))
    #expect(result.summary.walls == 3)
    // Ann's and Bob's two pages, Cat's one, the index; and each wall's photo grid.
    #expect(result.summary.pages == 2 + 2 + 1 + 1 + 3)
  }

  @Test("a wall shows only the comments its owner may read, in order, whichever wall came first")
  func commentsFollowTheirACL() throws {
    let folder = try TemporaryDirectory()
    let export = try ExportWriter(root: folder.url("export"))
    try export.writeClass(
      "_User",
      [
        P.user("uAnn", username: "ann", fbId: "1", name: "Ann"),
        P.user("uBob", username: "bob", fbId: "2", name: "Bob"),
      ])
    try export.writeClass(
      "_Join:friends:_User", [P.friendRow("uAnn", "uBob"), P.friendRow("uBob", "uAnn")])
    try export.writeClass(
      "WallImage",
      [P.image("b1", uploaderFBId: "2", username: "bob", fileName: "b1.jpg", at: 100)])
    try export.writeFile("files/b1.jpg", ImageFixtures.gradientJPEG(width: 40, height: 30))
    try export.writeClass(
      "WallImageComment",
      [
        P.comment("k1", on: "b1", byFBId: "1", username: "ann", text: "one", at: 110),
        P.comment(
          "k2", on: "b1", byFBId: "2", username: "bob", text: "two", at: 120, acl: ["uBob"]),
        P.comment("k3", on: "b1", byFBId: "2", username: "bob", text: "three", at: 130),
        P.comment(
          "k4", on: "b1", byFBId: "1", username: "ann", text: "four", at: 140, acl: ["uAnn"]),
      ])
    // A public site's reader is anyone: the comments only Ann or only Bob may read are left out.
    let site = folder.url("site")
    _ = try build(folder.url("export"), into: site)
    #expect(objectIds(in: try read("\(site)/walls/uAnn/index.html")) == ["b1", "k1", "k3"])
    #expect(objectIds(in: try read("\(site)/walls/uBob/index.html")) == ["b1", "k1", "k3"])
    // A private wall's reader is its owner.
    var settings = SiteBuilder.Settings(export: folder.url("export"), output: folder.url("private"))
    settings.privateSecret = Array("a secret of thirty-two bytes....".utf8)
    let result = try SiteBuilder(settings: settings).build()
    let ann = try #require(try result.walls.pages()["uAnn"])
    let bob = try #require(try result.walls.pages()["uBob"])
    #expect(objectIds(in: try read(folder.url("private/\(ann)"))) == ["b1", "k1", "k3", "k4"])
    #expect(objectIds(in: try read(folder.url("private/\(bob)"))) == ["b1", "k1", "k2", "k3"])
  }

  @Test("images carry size, alt, srcset over stored widths, and lazy loading after the first few")
  func imageMarkup() throws {
    let folder = try TemporaryDirectory()
    let site = folder.url("site")
    _ = try build(try makeExport(in: folder), into: site, pageSize: 30)
    // The cards' images: the side column's thumbnails follow them.
    let html = try read("\(site)/walls/uBob/index.html")
      .components(separatedBy: "<section class=\"profile\"")[0]
    let images = html.components(separatedBy: "<img ").dropFirst().map { $0.prefix { $0 != ">" } }
    // A photo of one size has no srcset (its src is that size): photos are told by their alt.
    let photos = images.filter { $0.contains("alt=\"Photo by ") }
    #expect(photos.count == 5)
    for photo in photos {
      #expect(
        photo.contains("width=\"") && photo.contains("height=\"")
          && photo.contains("alt=\"Photo by "))
    }
    #expect(photos.prefix(3).allSatisfy { !$0.contains("loading=\"lazy\"") })
    #expect(photos.dropFirst(3).allSatisfy { $0.contains("loading=\"lazy\"") })
    // 800 px sources give 320 and 640 variants; every srcset entry exists, relative to the page.
    let first = try #require(photos.first)
    let srcset = try #require(
      first.components(separatedBy: "srcset=\"").last?.split(separator: "\"").first)
    let entries = srcset.components(separatedBy: ", ")
    #expect(entries.map { $0.split(separator: " ").last } == ["320w", "640w"])
    for entry in entries {
      let url = String(entry.split(separator: " ")[0])
      #expect(url.hasPrefix("../../media/"))
      #expect(FileSystem.kind(of: "\(site)/walls/uBob/\(url)") == .regular)
    }
    #expect(html.contains("<time datetime=\"2014-01-01T00:06:40.000Z\""))
    #expect(html.contains(">Jan 1, 2014, 12:06 AM</time>"))
  }

  @Test("a broken image is a placeholder and a reported problem; the build goes on")
  func brokenImage() throws {
    let folder = try TemporaryDirectory()
    let site = folder.url("site")
    let result = try build(try makeExport(in: folder), into: site, pageSize: 30)
    let html = try read("\(site)/walls/uBob/index.html")
    let card = try #require(html.components(separatedBy: "data-object-id=\"bBroken\"").last)
    #expect(card.prefix(600).contains("class=\"photo placeholder\""))
    let problem = try #require(result.report.problems.first { $0.objectId == "bBroken" })
    #expect(problem.file == "files/broken.jpg" && problem.className == "WallImage")
    #expect(result.summary.imagesFailed == 1)
  }

  @Test("a second build does no image work and rewrites no file")
  func secondBuildReuses() throws {
    let folder = try TemporaryDirectory()
    let site = folder.url("site")
    let export = try makeExport(in: folder)
    let first = try build(export, into: site)
    // b1…b4, a1 and Ann's picture; copy.jpg has b1's bytes; broken.jpg fails.
    #expect(first.summary.imagesProcessed == 6)
    #expect(first.summary.imagesFailed == 1)
    let second = try build(export, into: site)
    #expect(second.summary.imagesProcessed == 0)
    #expect(second.summary.imagesFailed == 1, "the broken image still failed; it is reported again")
    #expect(second.summary.imagesReused == 6)
    #expect(second.summary.errors == first.summary.errors)
    #expect(second.summary.filesWritten == 0)
    #expect(second.report.sorted == first.report.sorted)
  }

  @Test("the index lists every wall with its image count; links are relative")
  func indexPage() throws {
    let folder = try TemporaryDirectory()
    let site = folder.url("site")
    _ = try build(try makeExport(in: folder), into: site)
    let html = try read("\(site)/index.html")
    #expect(html.contains("href=\"walls/uAnn/index.html\""))
    #expect(html.contains("6 photos"))
    #expect(html.contains("0 photos"))
    #expect(!html.contains("href=\"/") && !html.contains("src=\"/") && !html.contains("http"))
    #expect(FileSystem.kind(of: "\(site)/assets/wall.css") == .regular)
  }
}

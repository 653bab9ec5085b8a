import Foundation
import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// A card shows the newest comments its wall's owner may read, up to 50, and counts the others;
/// an image with a million comments would otherwise make every page showing it huge.
@Suite(.fullTier) struct CommentCapTests {
  typealias P = ParseFixtures

  /// An export where Ann's one photo has `count` comments by Bob, her friend.
  ///
  /// `c000` is the oldest. The newest `annOnly` of them only Ann (and Bob, their author) may read.
  private func export(in folder: TemporaryDirectory, count: Int, annOnly: Int = 0) throws
    -> String
  {
    let root = folder.url("export")
    let export = try ExportWriter(root: root)
    try export.writeClass(
      "_User",
      [P.user("uAnn", username: "ann", fbId: "1"), P.user("uBob", username: "bob", fbId: "2")])
    try export.writeClass(
      "_Join:friends:_User", [P.friendRow("uAnn", "uBob"), P.friendRow("uBob", "uAnn")])
    try export.writeClass(
      "WallImage", [P.image("i1", uploaderFBId: "1", username: "ann", fileName: "a.png", at: 10)])
    try export.writeClass(
      "WallImageComment",
      (0..<count).map { position in
        P.comment(
          "c" + String(1000 + position).dropFirst(), on: "i1", byFBId: "2", username: "bob",
          text: "comment \(position)", at: 100 + position,
          acl: position >= count - annOnly ? ["uAnn"] : nil)
      })
    try export.writeFile("files/a.png", ImageFixtures.checkerPNG(width: 8, height: 8, alpha: false))
    return root
  }

  private func build(_ export: String, into output: String, secret: [UInt8]? = nil) throws
    -> BuildResult
  {
    var settings = SiteBuilder.Settings(export: export, output: output)
    settings.pipeline.jobs = 1
    settings.privateSecret = secret
    return try SiteBuilder(settings: settings).build()
  }

  private func commentIDs(in page: String) -> [String] {
    page.components(separatedBy: #"<li data-object-id=""#).dropFirst().map {
      String($0.prefix { $0 != "\"" })
    }
  }

  private func read(_ path: String) throws -> String {
    String(decoding: try FileSystem.readFile(path, limit: 1 << 26), as: UTF8.self)
  }

  @Test("a card shows the newest 50 comments, oldest first, and says how many it leaves out")
  func newestFifty() throws {
    let folder = try TemporaryDirectory("comment-cap")
    _ = try build(try export(in: folder, count: 120), into: folder.url("site"))
    for wall in ["uAnn", "uBob"] {
      let page = try read(folder.url("site/walls/\(wall)/index.html"))
      #expect(commentIDs(in: page) == (70..<120).map { "c\($0 < 100 ? "0" : "")\($0)" })
      #expect(page.contains(#"<p class="comments-more">70 earlier comments are not shown</p>"#))
    }
  }

  @Test("a wall that may read only some comments shows the newest 50 of those")
  func newestReadable() throws {
    let folder = try TemporaryDirectory("comment-cap-acl")
    // A private build: each wall is read by its owner, so Ann's wall shows what only she may.
    let result = try build(
      try export(in: folder, count: 120, annOnly: 30), into: folder.url("site"),
      secret: Array("a secret of thirty-two bytes....".utf8))
    let ann = try read(folder.url("site/\(try #require(try result.walls.pages()["uAnn"]))"))
    #expect(commentIDs(in: ann) == (70..<120).map { "c\($0 < 100 ? "0" : "")\($0)" })
    let bob = try read(folder.url("site/\(try #require(try result.walls.pages()["uBob"]))"))
    #expect(commentIDs(in: bob) == (40..<90).map { "c0\($0)" })
    #expect(bob.contains(#"<p class="comments-more">40 earlier comments are not shown</p>"#))
  }

  @Test("a card with 50 comments or fewer has no such line")
  func fewComments() throws {
    let folder = try TemporaryDirectory("comment-cap-few")
    _ = try build(try export(in: folder, count: 50), into: folder.url("site"))
    let page = try read(folder.url("site/walls/uAnn/index.html"))
    #expect(commentIDs(in: page).count == 50)
    #expect(!page.contains("comments-more"))
  }

  @Test("an archive's wall.json keeps every comment")
  func archiveKeepsAll() throws {
    let folder = try TemporaryDirectory("comment-cap-archive")
    var settings = Archiver.Settings(
      export: try export(in: folder, count: 120), output: folder.url("out"))
    settings.userIDs = ["uAnn"]
    settings.pipeline.jobs = 1
    _ = try Archiver(settings: settings).run()
    let document = try JSONReader.parse(
      try FileSystem.readFile(folder.url("out/ann-wall/data/wall.json"), limit: 1 << 26))
    let images = document["images"]?.arrayValue ?? []
    #expect(images.first?["comments"]?.arrayValue?.count == 120)
    let page = try read(folder.url("out/ann-wall/data/index.html"))
    #expect(commentIDs(in: page).count == 50)
  }
}

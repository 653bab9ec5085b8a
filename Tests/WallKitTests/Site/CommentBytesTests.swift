import Foundation
import Testing
import WallKit
import WallKitTestSupport
import WallModel
import WallSynth

@testable import WallSite

/// Comment bytes cannot multiply the site (issue 44, item 7): a comment shows at most 5,000
/// characters, a card at most 64 KiB of comment text, and the worst case of `docs/limits.md`
/// holds.
@Suite(.fullTier) struct CommentBytesTests {
  typealias P = ParseFixtures

  /// An export where Ann's one photo has the comments `texts` (oldest first) by her ten
  /// friends, each of whom sees it on their wall.
  private func export(in folder: TemporaryDirectory, texts: [String]) throws -> String {
    let root = folder.url("export")
    let export = try ExportWriter(root: root)
    let friends = (0..<10).map { "uF\($0)" }
    try export.writeClass(
      "_User",
      [P.user("uAnn", username: "ann", fbId: "1")]
        + friends.enumerated().map { P.user($1, username: "f\($0)", fbId: "\(100 + $0)") })
    try export.writeClass(
      "_Join:friends:_User", friends.flatMap { [P.friendRow("uAnn", $0), P.friendRow($0, "uAnn")] })
    try export.writeClass(
      "WallImage", [P.image("i1", uploaderFBId: "1", username: "ann", fileName: "a.png", at: 10)])
    try export.writeClass(
      "WallImageComment",
      texts.enumerated().map { position, text in
        P.comment(
          "c\(1000 + position)", on: "i1", byFBId: "\(100 + position % 10)",
          username: "f\(position % 10)", text: text, at: 100 + position)
      })
    try export.writeFile("files/a.png", ImageFixtures.checkerPNG(width: 8, height: 8, alpha: false))
    return root
  }

  private func build(_ export: String, into output: String) throws {
    var settings = SiteBuilder.Settings(export: export, output: output)
    settings.pipeline.jobs = 1
    _ = try SiteBuilder(settings: settings).build()
  }

  private func read(_ path: String) throws -> String {
    String(decoding: try FileSystem.readFile(path, limit: 1 << 28), as: UTF8.self)
  }

  @Test("a comment shows 5,000 characters, then an ellipsis; a shorter one shows whole")
  func shownText() {
    func comment(_ text: String) -> WallModel.Comment {
      WallModel.Comment(
        objectId: "c", className: "WallImageComment", imageID: "i", authorID: "u", text: text,
        createdAt: Timestamp(millisecondsSince1970: 0), acl: nil)
    }
    let long = String(repeating: "é", count: 6_000)
    #expect(WallPageModel.shownText(comment(long)) == String(repeating: "é", count: 5_000) + "…")
    let exact = String(repeating: "x", count: 5_000)
    #expect(WallPageModel.shownText(comment(exact)) == exact)
    // More bytes than the limit, not more characters: shown whole.
    let wide = String(repeating: "😀", count: 4_000)
    #expect(WallPageModel.shownText(comment(wide)) == wide)
  }

  @Test("five comments of 1 MiB on a photo ten friends see make a site of under 4 MiB")
  func hugeCommentsStayBounded() throws {
    let folder = try TemporaryDirectory("comment-bytes")
    let texts = (0..<5).map { String(repeating: Character(String($0)), count: 1 << 20) }
    let root = try export(in: folder, texts: texts)
    let site = folder.url("site")
    try build(root, into: site)
    var total = 0
    for file in SiteTree.files(in: site) {
      let size = try #require(FileSystem.size(of: "\(site)/\(file)"))
      total += size
      #expect(size <= 256 << 10, "\(file) is \(size) bytes")
    }
    // Before: 11 walls, each with the page and the viewer data holding 5 MiB: over 110 MB.
    #expect(total < 4 << 20, "the site is \(total) bytes for a \(5 << 20)-byte export")
    let page = try read("\(site)/walls/uF3/index.html")
    #expect(page.contains(String(repeating: "4", count: 5_000) + "…"))
    #expect(!page.contains(String(repeating: "4", count: 5_001)))
  }

  @Test("a card shows at most 64 KiB of comment text, and counts the rest as earlier")
  func cardBytes() throws {
    let folder = try TemporaryDirectory("comment-card-bytes")
    // 50 comments of 5,000 two-byte characters: 10,000 bytes each, so six fit in 64 KiB.
    let texts = (0..<50).map { _ in String(repeating: "é", count: 5_000) }
    let site = folder.url("site")
    try build(try export(in: folder, texts: texts), into: site)
    let page = try read("\(site)/walls/uAnn/index.html")
    let shown = page.components(separatedBy: #"<li data-object-id=""#)
      .dropFirst().map { String($0.prefix { $0 != "\"" }) }
    #expect(shown == (1044..<1050).map { "c\($0)" })
    #expect(page.contains(#"<p class="comments-more">44 earlier comments are not shown</p>"#))
  }
}

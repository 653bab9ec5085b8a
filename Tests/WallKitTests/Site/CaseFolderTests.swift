import Foundation
import Testing
import WallKit
import WallKitTestSupport
import WallModel
import WallSynth

/// Two users whose objectIds differ only in case (issue 44, item 8).
///
/// On a case-insensitive file system (a common host, or a zip opened on macOS) `walls/uA/` and
/// `walls/ua/` are one folder, and a WACZ's SURT keys, lower-cased as pywb computes them, were
/// one key: pywb replayed one wall as the other. Such walls now get hashed folders
/// (`SiteLayout.publicFolderName(of:)`), in both engines.
@Suite struct CaseFolderTests {
  typealias P = ParseFixtures

  /// Ann (`uA`), Al (`ua`) and Zed, all friends; each uploads a photo.
  static func writeExport(to root: String) throws {
    let export = try ExportWriter(root: root)
    try export.writeClass(
      "_User",
      [
        P.user("uA", username: "ann", fbId: "1", name: "Ann Upper"),
        P.user("ua", username: "al", fbId: "2", name: "Al Lower"),
        P.user("Zed", username: "zed", fbId: "3", name: "Zed Alone"),
      ])
    try export.writeClass("_Join:friends:_User", P.friendRows(among: ["uA", "ua", "Zed"]))
    try export.writeClass(
      "WallImage",
      [
        P.image("iA", uploaderFBId: "1", username: "ann", fileName: "a.png", at: 100),
        P.image("ia", uploaderFBId: "2", username: "al", fileName: "b.png", at: 200),
        P.image("iZ", uploaderFBId: "3", username: "zed", fileName: "c.png", at: 300),
      ])
    try export.writeCheckerPNGs([("a.png", 8), ("b.png", 10), ("c.png", 12)])
  }

  static func folder(of objectId: String) -> String {
    "walls/" + SiteLayout.hashedFolderName(objectId) + "/"
  }

  @Test("the import marks exactly the users whose objectIds are equal ignoring case")
  func marks() {
    var dataset = Dataset(
      users: Dictionary(
        uniqueKeysWithValues: ["uA", "ua", "UA", "Zed", "zee", "é", "É"].map {
          ($0, User(objectId: $0, username: $0, displayName: $0))
        }))
    dataset.markIDsSharedIgnoringCase()
    let marked = Set(dataset.users.values.filter(\.sharesIDIgnoringCase).map(\.objectId))
    // Only ASCII letters fold, as SQLite's lower() folds them in the plan's merge; "é" and "É"
    // are no safe folder names, so their walls are hashed anyway.
    #expect(marked == ["uA", "ua", "UA"])
    #expect(User.foldedID("AbC-9_é") == "abc-9_é")
  }

  @Test(
    "a public site gives the two walls hashed folders, unique ignoring case, and says where they are"
  )
  func foldersAreUniqueIgnoringCase() throws {
    let folder = try TemporaryDirectory("case-folders")
    let export = folder.url("export")
    try Self.writeExport(to: export)
    var settings = SiteBuilder.Settings(export: export, output: folder.url("site"))
    settings.pipeline.jobs = 2
    let result = try SiteBuilder(settings: settings).build()
    let site = try SiteTree.contents(of: folder.url("site"))

    let walls = Set(SiteTree.wallFolders(in: folder.url("site")))
    #expect(
      walls == [
        "Zed", SiteLayout.hashedFolderName("uA"), SiteLayout.hashedFolderName("ua"),
      ])
    let folded = Dictionary(grouping: site.keys) { $0.lowercased() }.filter { $0.value.count > 1 }
    // A WACZ's keys are SURTs, lower-cased as pywb looks them up: one key per file.
    let base = try WACZBase("https://walls.example/")
    #expect(Set(site.keys.map { base.surt(for: $0) }).count == site.count)
    #expect(folded.isEmpty, "paths equal ignoring case: \(folded.values.sorted { $0[0] < $1[0] })")

    let ann = String(
      decoding: try #require(site[Self.folder(of: "uA") + "index.html"]), as: UTF8.self)
    let al = String(
      decoding: try #require(site[Self.folder(of: "ua") + "index.html"]), as: UTF8.self)
    #expect(ann.contains("Ann Upper") && !ann.contains("Al Lower's"))
    #expect(al.contains("Al Lower"))
    let zed = String(decoding: try #require(site["walls/Zed/index.html"]), as: UTF8.self)
    #expect(
      zed.contains(SiteLayout.hashedFolderName("uA"))
        && zed.contains(SiteLayout.hashedFolderName("ua")))

    let warnings = result.report.problems.filter { $0.reason.contains("the wall is at walls/") }
    #expect(Set(warnings.map(\.objectId)) == ["uA", "ua"])
    #expect(
      warnings.first { $0.objectId == "uA" }?.reason
        == "objectId differs from another user's only in case, and a case-insensitive file system would make their walls one folder; the wall is at \(Self.folder(of: "uA"))"
    )
  }

  @Test(
    "plan (in parts, or whole), shards and finalize give the same site byte for byte",
    arguments: [false, true])
  func shardedSiteIsTheSame(whole: Bool) throws {
    let folder = try TemporaryDirectory("case-folders")
    let export = folder.url("export")
    try Self.writeExport(to: export)
    let one = try PrivateUserRowTests.buildOneProcess(export, into: folder.url("one"))
    let sharded = try PrivateUserRowTests.buildSharded(
      export, in: folder, name: "sharded", whole: whole)
    #expect(Set(sharded.keys) == Set(one.keys))
    for (path, bytes) in one where sharded[path] != bytes {
      Issue.record("\(path) differs between the engines")
    }
    #expect(one.keys.contains(Self.folder(of: "ua") + "index.html"))
  }

  @Test(
    "pywb replays each wall from the site's WACZ as itself, the two of one objectId ignoring case too",
    .fullTier, .enabled(if: WACZTools.hasPywb, "needs pywb from PyPI (pip install pywb)"))
  func pywbReplaysBothWalls() throws {
    let folder = try TemporaryDirectory("case-folders")
    let export = folder.url("export")
    try Self.writeExport(to: export)
    let base = "https://walls.example/"
    let built = ArchiveFixture.runCLI([
      "build", export, "-o", folder.url("site"), "--wacz", folder.url("site.wacz"),
      "--base-url", base, "-q",
    ])
    #expect(built.0 == .success, "\(built.err)")
    let stamp = try #require(try WACZToolTests.stamp(of: folder.url("site.wacz")))
    // Every wall, wherever its folder is: before, `walls/uA/` and `walls/ua/` had one key.
    let pages = SiteTree.wallFolders(in: folder.url("site")).map { "walls/\($0)/index.html" }
    #expect(pages.count == 3)
    try FileSystem.createDirectory(folder.url("pywb"))
    try FileSystem.createDirectory(folder.url("bodies"))
    let (status, output) = try WACZTools.script(
      "replay.py",
      [folder.url("pywb"), folder.url("bodies"), folder.url("site.wacz"), stamp]
        + pages.map { base + $0 })
    #expect(status == 0, "\(output)")
    #expect(output.split(separator: "\n").suffix(3) == ["200", "200", "200"], "\(output)")
    for (number, path) in pages.enumerated() {
      let replayed = try FileSystem.readFile(folder.url("bodies/\(number)"), limit: 1 << 26)
      let original = try FileSystem.readFile(folder.url("site/\(path)"), limit: 1 << 26)
      #expect(replayed == original, "\(path) replayed is not the site's file")
    }
  }
}

import Foundation
import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// The takedown list as the import applies it (issue 45, item 3): who and what it leaves out,
/// an entry that names nobody, one that names two people, and what `check` lists.
@Suite struct ExclusionImportTests {
  typealias P = ParseFixtures

  static func load(_ export: String, _ list: ExportExclusion) throws -> ImportResult {
    try ExportImporter.load(export, exclusion: list)
  }

  @Test(
    "the list leaves out the people, their photos, their comments, comments on photos left out, and friend rows"
  )
  func leavesThemOut() throws {
    let folder = try TemporaryDirectory("exclude-import")
    let export = try ExclusionExport.write(in: folder.path, hostile: false)
    let result = try Self.load(export, ExclusionBuildTests.list)
    #expect(result.failure == nil)
    #expect(result.report.problems.isEmpty, "\(result.report.problems)")
    let dataset = result.dataset
    #expect(dataset.users.keys.sorted() == ["uKeptAnna", "uKeptBruno"])
    #expect(dataset.images.keys.sorted() == ["imgKeptAnna", "imgKeptBruno"])
    #expect(dataset.comments.keys.sorted() == ["cmtKeptAnna"])
    #expect(dataset.friends["uKeptAnna"] == ["uKeptBruno"])
    #expect(dataset.friends["uKeptBruno"] == ["uKeptAnna"])
    #expect(dataset.users["uKeptAnna"]?.displayName == "Anna Stays")
    #expect(dataset.users["uKeptAnna"]?.picture?.path == "graph/101.png")
    var expected = ExclusionRemoval()
    expected.users = ["uGoneCarla", "uGoneDmitri"]
    expected.images = [
      "imgGoneByCarla", "imgGoneByDmitri", "imgGoneListedA", "imgGoneListedB", "imgGoneListedC",
    ]
    expected.comments = ["cmtGoneByCarla", "cmtGoneByDmitri", "cmtGoneOnCarla", "cmtGoneOnListedA"]
    expected.joinRows = 6
    #expect(result.excluded == expected)
  }

  @Test("an entry that names nobody is a warning naming it; nothing else changes")
  func unknownEntryWarns() throws {
    let folder = try TemporaryDirectory("exclude-import")
    let export = try ExclusionExport.write(in: folder.path, hostile: false)
    let result = try Self.load(
      export, ExportExclusion(users: ["nobody-here"], images: ["imgNowhere"]))
    #expect(result.failure == nil)
    #expect(result.dataset.users.count == 4)
    #expect(
      result.report.problems.map(\.description) == [
        "wallgen.json: _User nobody-here: warning: 'exclude' names the user 'nobody-here', and no "
          + "user of the export has that objectId or username; nobody is left out for it",
        "wallgen.json: WallImage imgNowhere: warning: 'exclude' names the image 'imgNowhere', and "
          + "no WallImage or WallImageObject has that objectId; nothing is left out for it",
      ])
  }

  /// Two users: `bob` is the first one's objectId and the second one's username.
  static func writeNamesakes(in folder: TemporaryDirectory) throws -> String {
    let root = folder.url("export")
    let export = try ExportWriter(root: root)
    try export.writeClass(
      "_User",
      [
        P.user("bob", username: "robert", fbId: "1", name: "Robert"),
        P.user("uB2", username: "bob", fbId: "2", name: "Bob"),
      ])
    try export.writeClass(
      "WallImage",
      [
        P.image("i1", uploaderFBId: "1", username: "robert", fileName: "a.png", at: 10),
        P.image("i2", uploaderFBId: "2", username: "bob", fileName: "a.png", at: 20),
      ])
    try export.writeFile("files/a.png", ImageFixtures.checkerPNG(width: 8, height: 8, alpha: false))
    return root
  }

  @Test(
    "an entry that is one's objectId and another's username is refused; 'id:' names the objectId")
  func ambiguousEntryIsRefused() throws {
    let folder = try TemporaryDirectory("exclude-import")
    let export = try Self.writeNamesakes(in: folder)
    let refused = try Self.load(export, ExportExclusion(users: ["bob"], file: "site.json"))
    let failure = try #require(refused.failure)
    #expect(
      failure.description
        == "site.json: 'exclude' names the user 'bob', which is the objectId of user bob and the "
        + "username of user uB2, so it names more than one person: write 'id:<objectId>' for the "
        + "one meant; nothing is built")
    let byId = try Self.load(export, ExportExclusion(users: ["id:bob"]))
    #expect(byId.failure == nil)
    #expect(byId.dataset.users.keys.sorted() == ["uB2"])
    #expect(byId.dataset.images.keys.sorted() == ["i2"])
    let byName = try Self.load(export, ExportExclusion(users: ["uB2"]))
    #expect(byName.dataset.users.keys.sorted() == ["bob"])
  }

  @Test("check lists what the list leaves out: counts, then the objectIds of each kind")
  func checkListsTheRemoval() throws {
    let folder = try TemporaryDirectory("exclude-check")
    let export = try ExclusionExport.write(in: folder.path, hostile: false)
    let config = try ExclusionExport.writeConfig(in: folder, hostile: false)
    let (code, out, err) = ArchiveFixture.runCLI(["check", export, "--config", config])
    #expect(code == .success, "\(err)")
    #expect(
      out.contains(
        """
        \(config): 'exclude' leaves out 2 users, 5 images, 4 comments and 6 friend or role rows
          users left out: uGoneCarla, uGoneDmitri
          images left out: imgGoneByCarla, imgGoneByDmitri, imgGoneListedA, imgGoneListedB, imgGoneListedC
          comments left out: cmtGoneByCarla, cmtGoneByDmitri, cmtGoneOnCarla, cmtGoneOnListedA

        """), "\(out)")
  }
}

import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// `archive --user X` where X is one user's objectId and another's username (issue 44, item 8)
/// refuses as ambiguous and names both; `id:<objectId>` picks one by objectId.
@Suite struct ArchiveUserNameTests {
  typealias P = ParseFixtures

  /// Users `zed` (objectId `ann`) and `ann` (objectId `u2`), friends, with no photo.
  private func writeExport(in folder: TemporaryDirectory) throws -> String {
    let root = folder.url("export")
    let export = try ExportWriter(root: root)
    try export.writeClass(
      "_User",
      [
        P.user("ann", username: "zed", fbId: "1", name: "Zed Byid"),
        P.user("u2", username: "ann", fbId: "2", name: "Ann Byname"),
      ])
    try export.writeClass("_Join:friends:_User", [P.friendRow("ann", "u2")])
    try export.writeClass("WallImage", [])
    return root
  }

  @Test("a name that is one user's objectId and another's username is refused, naming both")
  func ambiguousNameIsRefused() throws {
    let folder = try TemporaryDirectory("archive-names")
    let export = try writeExport(in: folder)
    let out = folder.url("out")
    let error = #expect(throws: ArchiveError.self) {
      try ArchiveFixture.archive(export, into: out, users: ["ann"], zip: false)
    }
    guard case .ambiguousUsers(let users)? = error else {
      Issue.record("expected ambiguousUsers, got \(String(describing: error))")
      return
    }
    #expect(users.map(\.byObjectId.objectId) == ["ann"])
    #expect(users.map(\.byUsername.objectId) == ["u2"])
    #expect(
      error?.description
        == "'ann' is the objectId of user 'zed' and the username of user u2, so it names "
        + "neither: pass 'id:ann' for the first or 'id:u2' for the second")
    #expect(FileSystem.kind(of: out) == .missing, "nothing is written")
  }

  @Test("id:<objectId> picks a user by objectId alone; a plain name still takes either")
  func objectIdPrefixPicksOne() throws {
    let folder = try TemporaryDirectory("archive-names")
    let export = try writeExport(in: folder)
    let byID = try ArchiveFixture.archive(
      export, into: folder.url("by-id"), users: ["id:ann"], zip: false)
    #expect(byID.bundles.map(\.userID) == ["ann"])
    let second = try ArchiveFixture.archive(
      export, into: folder.url("second"), users: ["id:u2", "zed"], zip: false)
    #expect(second.bundles.map(\.userID).sorted() == ["ann", "u2"])
  }
}

import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// Parse Server's `_rperm`, `_wperm` and `_acl` are honoured in either layout (issue 44, item
/// 6): a hand-converted export whose rows have an `objectId` but kept `_rperm` is not public.
@Suite struct PermissionFieldTests {
  typealias P = ParseFixtures

  /// An export of Ann and Bob, friends, and Ann's photo `i1` with `extra` among its fields.
  private func load(imageFields extra: [String: JSONValue]) throws -> ImportResult {
    let folder = try TemporaryDirectory("permission-fields")
    let export = try ExportWriter(root: folder.url("export"))
    try export.writeClass(
      "_User", [P.user("uA", username: "ann", fbId: "1"), P.user("uB", username: "bob", fbId: "2")])
    try export.writeClass(
      "_Join:friends:_User", [P.friendRow("uA", "uB"), P.friendRow("uB", "uA")])
    var image = try #require(
      P.image("i1", uploaderFBId: "1", username: "ann", fileName: "a.png", at: 1).objectValue)
    image.merge(extra) { $1 }
    try export.writeClass("WallImage", [.object(image)])
    try export.writeFile("files/a.png", ImageFixtures.checkerPNG(width: 8, height: 8, alpha: false))
    return try ExportImporter.load(folder.url("export"))
  }

  private func acl(_ result: ImportResult) throws -> AccessControl? {
    try #require(result.dataset.images["i1"]).acl
  }

  private func warnings(_ result: ImportResult) -> [String] {
    result.report.sorted.map(\.description).filter { $0.contains("i1") }
  }

  @Test("a Parse.com row that kept _rperm is read by those it names, not by anyone")
  func rpermInParseComRow() throws {
    let result = try load(imageFields: ["_rperm": ["uA"], "_wperm": ["uA"]])
    #expect(try acl(result) == AccessControl(users: ["uA"]))
    #expect(try !acl(result).grantsPublicRead)
    #expect(warnings(result).isEmpty)
  }

  @Test("a row with both an ACL and _rperm is read only by whom both grant, with a warning")
  func bothNarrow() throws {
    let publicACL: JSONValue = ["*": ["read": true], "uA": ["read": true, "write": true]]
    let result = try load(imageFields: ["ACL": publicACL, "_rperm": ["uB"]])
    #expect(try acl(result) == AccessControl(users: ["uB"]))
    let found = warnings(result)
    #expect(found.count == 1 && found[0].contains("its ACL and _rperm disagree"), "\(found)")
    let agreeing = try load(imageFields: ["ACL": ["uA": ["read": true]], "_rperm": ["uA", "uB"]])
    #expect(try acl(agreeing) == AccessControl(users: ["uA"]))
  }

  @Test("_rperm null, as a missing one, means anyone may read, as docs/input-format.md says")
  func nullRperm() throws {
    let result = try load(imageFields: ["_rperm": .null])
    #expect(try acl(result).grantsPublicRead)
    #expect(warnings(result).isEmpty)
  }

  @Test("an _rperm that is no array of strings shows the object to nobody, with an error")
  func malformed() throws {
    let result = try load(imageFields: ["_rperm": "uA"])
    #expect(try acl(result) == AccessControl())
    #expect(warnings(result).contains { $0.contains("_rperm is \"uA\", not an array of strings") })
  }
}

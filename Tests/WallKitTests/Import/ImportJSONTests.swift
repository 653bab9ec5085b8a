import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// What the import does with the JSON details of issue #12: exact ids, repeated keys, and caps
/// on file size and nesting (tested with small caps, not large files).
@Suite struct ImportJSONTests {
  typealias P = ParseFixtures

  /// An export whose `_User.json` and `WallImageComment.json` are written as given.
  private func export(users: String, comments: String? = nil) throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory("json")
    let export = try ExportWriter(root: folder.path)
    try export.writeFile("_User.json", Array(users.utf8))
    try export.writeClass(
      "WallImage", [P.image("i1", uploaderFBId: "1", username: "ann", fileName: "a.png", at: 1)])
    try export.writeFile("files/a.png", [0x89, 0x50])
    if let comments { try export.writeFile("WallImageComment.json", Array(comments.utf8)) }
    return folder
  }

  private let twoUsers = #"""
    {"results": [
      {"objectId": "uA", "username": "ann", "fbId": 1},
      {"objectId": "uB", "username": "bob", "fbId": 10152734819204113}
    ]}
    """#

  @Test("a Facebook id written as a JSON number keeps every digit")
  func exactFacebookID() throws {
    let comments = #"""
      [{"objectId": "c1", "imageObjectId": "i1", "userFBId": 10152734819204113,
        "comment": "hi", "createdAt": "2014-01-01T00:00:02.000Z"}]
      """#
    let folder = try export(users: twoUsers, comments: comments)
    let result = try ExportImporter.load(folder.path)
    #expect(result.dataset.users["uB"]?.facebookID == "10152734819204113")
    #expect(result.dataset.comments["c1"]?.authorID == "uB")
    #expect(result.report.problems.isEmpty, "\(result.report.problems)")
  }

  @Test("a comment cut inside an emoji (a lone surrogate escape) is read with U+FFFD and reported")
  func loneSurrogateComment() throws {
    let comments = #"""
      [{"objectId": "c1", "imageObjectId": "i1", "userFBId": 1,
        "comment": "so cute \ud83d", "createdAt": "2014-01-01T00:00:02.000Z"},
       {"objectId": "c2", "imageObjectId": "i1", "userFBId": 1,
        "comment": "ok", "createdAt": "2014-01-01T00:00:03.000Z"}]
      """#
    let folder = try export(users: twoUsers, comments: comments)
    let result = try ExportImporter.load(folder.path)
    #expect(result.failure == nil)
    #expect(result.dataset.comments["c1"]?.text == "so cute \u{FFFD}")
    #expect(result.dataset.comments["c2"]?.text == "ok")
    #expect(
      result.report.problems == [
        Problem(
          .warning, file: "WallImageComment.json", className: "WallImageComment",
          objectId: "c1",
          reason:
            "the text of \"comment\" holds a lone UTF-16 surrogate escape (half of a character, as JavaScript writes an emoji cut in two); read with U+FFFD in its place"
        )
      ])
  }

  @Test("a repeated key is reported with file, object and key; the first value is kept")
  func repeatedKey() throws {
    let users = #"""
      {"results": [
        {"objectId": "uA", "username": "ann", "fbId": "1", "username": "eve"},
        {"objectId": "uB", "username": "bob", "ACL": {"*": {"read": true, "read": false}}}
      ]}
      """#
    let folder = try export(users: users)
    let result = try ExportImporter.load(folder.path)
    #expect(result.dataset.users["uA"]?.username == "ann")
    #expect(
      result.report.sorted.map(\.description) == [
        "_User.json: _User uA: key \"username\" appears more than once in the object; the first value is kept",
        "_User.json: _User uB: key \"read\" appears more than once in \"ACL.*\"; the first value is kept",
      ])
  }

  @Test("a second results member is reported; the first is read")
  func repeatedResults() throws {
    let users = #"{"results": [{"objectId": "uA", "username": "ann"}], "results": []}"#
    let folder = try export(users: users)
    let result = try ExportImporter.load(folder.path)
    #expect(result.dataset.users.keys.sorted() == ["uA"])
    #expect(
      result.report.sorted.map(\.description) == [
        "_User.json: _User: the file has a second \"results\" member; only the first is read"
      ])
  }

  @Test("a class file over the size cap is reported by name and skipped; the rest is read")
  func sizeCap() throws {
    let comments = String(repeating: " ", count: 600) + "[]"
    let folder = try export(users: twoUsers, comments: comments)
    let limits = ImportLimits(classFileBytes: 512)
    let result = try ExportImporter.load(folder.path, limits: limits)
    #expect(result.dataset.users.count == 2)
    #expect(
      result.report.sorted.map(\.description) == [
        "WallImageComment.json: WallImageComment: file of 602 bytes exceeds the limit of 512 bytes"
      ])
  }

  @Test("nesting deeper than the cap is a reported syntax error, not a crash")
  func depthCap() throws {
    let users = #"[{"objectId": "uA", "username": "ann", "x": [[[[1]]]]}]"#
    let folder = try export(users: users)
    let result = try ExportImporter.load(folder.path, limits: ImportLimits(maximumDepth: 4))
    #expect(result.dataset.users.isEmpty)
    #expect(
      result.report.sorted.map(\.description).contains(
        "_User.json: _User: invalid JSON at line 1, column 47: nesting deeper than 4 levels"))
  }
}

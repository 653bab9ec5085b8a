import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// An export with one of each kind of problem, and what the import must say about each.
@Suite struct ImportProblemTests {
  typealias P = ParseFixtures

  func brokenExport() throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory("broken")
    let export = try ExportWriter(root: folder.path)
    try export.writeClass(
      "_User",
      [
        P.user("uA", username: "ann", fbId: "1"),
        P.user("uB", username: "bob", fbId: "2"),
        P.user("uB", username: "bob-again", fbId: "22"),
        P.user(
          "uC", username: "cat",
          extra: ["authData": ["facebook": ["id": "3", "access_token": "SECRET"]]]),
      ])
    try export.writeClass(
      "_Join:friends:_User",
      [
        P.friendRow("uA", "uB"), P.friendRow("uB", "uA"), P.friendRow("uA", "uC"),
        P.friendRow("uA", "uZ"),
      ])
    try export.writeClass(
      "WallImage",
      [
        P.image("i1", uploaderFBId: "1", username: "ann", fileName: "one.png", at: 10),
        P.image("i2", uploaderFBId: "99", username: "nobody", fileName: "two.png", at: 20),
        P.image("i3", uploaderFBId: "2", username: "bob", fileName: "missing.png", at: 30),
        P.image("i4", uploaderFBId: "2", username: "bob", fileName: "../../etc/passwd", at: 40),
      ])
    try export.writeClass(
      "WallImageComment",
      [
        P.comment("c1", on: "i1", byFBId: "2", username: "bob", text: "nice", at: 11),
        P.comment("c2", on: "gone", byFBId: "2", username: "bob", text: "lost", at: 12),
        P.comment("c3", on: "i1", byFBId: "77", username: "ghost", text: "boo", at: 13),
      ])
    try export.writeFile("files/one.png", [0x89, 0x50])
    try export.writeFile("WallImageObject.json", Array("{\"results\": [1,]}".utf8))
    return folder
  }

  @Test("every problem is reported with file, class, objectId and reason")
  func reportsEveryProblem() throws {
    let folder = try brokenExport()
    let result = try ExportImporter.load(folder.path)
    let lines = result.report.sorted.map(\.description)
    #expect(
      lines == [
        "WallImage.json: WallImage i2: unknown uploader (userFBId \"99\", user \"nobody\"); the image is not shown",
        "WallImage.json: WallImage i3: missing file \"files/missing.png\"; shown as a placeholder",
        "WallImage.json: WallImage i4: file name \"../../etc/passwd\" would leave files/; refused, shown as a placeholder",
        "WallImageComment.json: WallImageComment: 1 comment refers to images of the unreadable WallImageObject.json",
        "WallImageComment.json: WallImageComment c3: unknown author (userFBId \"77\", user \"ghost\"); the comment is not shown",
        "WallImageObject.json: WallImageObject: invalid JSON at line 1, column 16: trailing comma in array",
        "_Join:friends:_User.json: _Join:friends:_User uA->uZ: relatedId \"uZ\" is no user of the export",
        "_Join:friends:_User.json: _User uA: warning: lists uC as a friend, but uC does not list uA; taken as written",
        "_User.json: _User uB: duplicate objectId; the first one is kept",
      ])
    #expect(result.report.errorCount == 8)
    #expect(result.report.warningCount == 1)
    #expect(
      result.failure
        == .unreadableClassFiles(problems: [
          Problem(
            .error, file: "WallImageObject.json", className: "WallImageObject",
            reason: "invalid JSON at line 1, column 16: trailing comma in array")
        ]))
  }

  @Test("what could be read is kept: users, friends and the valid records")
  func keepsTheRest() throws {
    let folder = try brokenExport()
    let dataset = try ExportImporter.load(folder.path).dataset
    #expect(dataset.users.keys.sorted() == ["uA", "uB", "uC"])
    #expect(dataset.users["uB"]?.username == "bob")
    #expect(dataset.users["uC"]?.facebookID == "3")
    #expect(dataset.friends["uA"] == ["uB", "uC"])
    #expect(dataset.images.keys.sorted() == ["i1", "i3", "i4"])
    #expect(dataset.images["i1"]?.file?.path == "files/one.png")
    #expect(dataset.images["i3"]?.file == nil)
    #expect(dataset.comments.keys.sorted() == ["c1"])
  }

  @Test("an export that is not there is the only thing that throws")
  func missingExport() {
    let error = #expect(throws: ImportError.self) { try ExportImporter.load("/nonexistent/export") }
    #expect(error == .notAnExport(path: "/nonexistent/export", reason: "no such file or folder"))
  }

  @Test("a class file in the wrong shape is reported")
  func wrongShape() throws {
    let folder = try TemporaryDirectory()
    let export = try ExportWriter(root: folder.path)
    try export.writeFile("_User.json", Array("{\"users\": []}".utf8))
    let result = try ExportImporter.load(folder.path)
    #expect(
      result.report.problems.map(\.description) == [
        "_User.json: _User: expected {\"results\": [...]} or a top-level array, found an object"
      ])
  }
}

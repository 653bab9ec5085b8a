import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// Images no one may see and comments no one may read are found by the Model, so `check` and
/// `build` report them alike.
@Suite struct UnseenReportTests {
  typealias P = ParseFixtures

  static let expectedWarnings = [
    "WallImage.json: WallImage i1: warning: no user may see this image (its ACL grants none of the "
      + "uploader's friends); it is on no wall",
    "WallImageComment.json: WallImageComment c1: warning: no user who sees its image may read this "
      + "comment; it is on no wall",
  ]

  /// Writes an export where Ann and Bob are friends and Cy is a stranger.
  ///
  /// Ann's private image is for Cy only, and so is Bob's comment under Ann's public image.
  private func writeExport(_ root: String) throws {
    let export = try ExportWriter(root: root)
    try export.writeClass(
      "_User",
      [
        P.user("uA", username: "ann", fbId: "1"), P.user("uB", username: "bob", fbId: "2"),
        P.user("uC", username: "cy", fbId: "3"),
      ])
    try export.writeClass(
      "_Join:friends:_User", [P.friendRow("uA", "uB"), P.friendRow("uB", "uA")])
    try export.writeClass(
      "WallImage",
      [
        P.image("i1", uploaderFBId: "1", username: "ann", fileName: "a.jpg", at: 1, acl: ["uC"]),
        P.image("i2", uploaderFBId: "1", username: "ann", fileName: "b.jpg", at: 2),
      ])
    try export.writeClass(
      "WallImageComment",
      [P.comment("c1", on: "i2", byFBId: "2", username: "bob", text: "hi", at: 3, acl: ["uC"])])
    let jpeg = try ImageFixtures.gradientJPEG(width: 8, height: 8)
    try export.writeFile("files/a.jpg", jpeg)
    try export.writeFile("files/b.jpg", jpeg)
  }

  @Test("check reports a private image no one may see and a comment no one may read")
  func checkReportsUnseen() throws {
    let folder = try TemporaryDirectory()
    try writeExport(folder.path)
    let captured = CapturedConsole()
    #expect(WallCLI.run(["check", folder.path], console: captured.console) == .success)
    #expect(
      captured.out == Self.expectedWarnings + [
        "\(folder.path): 0 errors, 2 warnings; read 3 users, 2 images, 1 comment"
      ])
  }

  @Test("build reports the same warnings as check")
  func buildReportsUnseen() throws {
    let folder = try TemporaryDirectory()
    try writeExport(folder.url("export"))
    let result = try SiteBuilder(
      settings: .init(export: folder.url("export"), output: folder.url("site"))
    ).build()
    #expect(result.report.sorted.map(\.description) == Self.expectedWarnings)
    #expect(result.summary.warnings == 2)
  }
}

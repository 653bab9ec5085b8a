import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// Images no one may see and comments no one may read are found by the Model, so `check` and
/// `build` report them alike.
@Suite(.fullTier) struct UnseenReportTests {
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

  static let omissionLine =
    "a public site leaves out 1 photo and 1 comment that their ACL does not let anyone read; "
    + "a --private build gives each person their own wall with what they may read"

  @Test("check, like a public build, leaves restricted objects out and counts them in one line")
  func checkCountsRestricted() throws {
    let folder = try TemporaryDirectory()
    try writeExport(folder.path)
    let captured = CapturedConsole()
    #expect(WallCLI.run(["check", folder.path], console: captured.console) == .success)
    #expect(
      captured.out == [
        "\(folder.path): 0 errors, 0 warnings; read 3 users, 2 images, 1 comment from a Parse.com export"
      ])
    #expect(captured.err == [Self.omissionLine])
  }

  @Test("a public build prints the same line, and --json counts what it left out")
  func publicBuildCountsRestricted() throws {
    let folder = try TemporaryDirectory()
    try writeExport(folder.url("export"))
    let captured = CapturedConsole()
    let code = WallCLI.run(
      ["build", folder.url("export"), "-o", folder.url("site")], console: captured.console)
    #expect(code == .success)
    #expect(captured.err.contains(Self.omissionLine))
    let json = CapturedConsole()
    _ = WallCLI.run(
      ["build", folder.url("export"), "-o", folder.url("site"), "--json"], console: json.console)
    let summary = try JSONReader.parse(Array(json.out.joined().utf8))
    #expect(summary["leftOutOfPublicSite"]?["photos"]?.integerValue == 1)
    #expect(summary["leftOutOfPublicSite"]?["comments"]?.integerValue == 1)
  }

  @Test("a private build reports the image no one may see and the comment no one may read")
  func privateBuildReportsUnseen() throws {
    let folder = try TemporaryDirectory()
    try writeExport(folder.url("export"))
    var settings = SiteBuilder.Settings(export: folder.url("export"), output: folder.url("site"))
    settings.privateSecret = Array("a secret of thirty-two bytes....".utf8)
    let result = try SiteBuilder(settings: settings).build()
    #expect(result.report.sorted.map(\.description) == Self.expectedWarnings)
    #expect(result.summary.warnings == 2)
    #expect(result.summary.publicOmissions.isEmpty)
  }
}

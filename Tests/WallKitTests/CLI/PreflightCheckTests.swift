import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// `check` is a pre-flight: it reports what `build` would (every image's header; with `--deep`,
/// every image decoded as the build decodes it), without writing anything.
@Suite(.fullTier) struct PreflightCheckTests {
  typealias P = ParseFixtures

  static let demo = RepositoryPaths.path("Examples/demo-export")

  /// The problem lines `wallgen build -q` prints.
  static func buildProblems(_ export: String, site: String) -> Set<String> {
    let captured = CapturedConsole()
    let code = WallCLI.run(
      ["build", export, "-o", site, "-q", "-j", "2"], console: captured.console)
    #expect(code == .success)
    #expect(captured.out.isEmpty)
    return Set(captured.err.flatMap { $0.split(separator: "\n").map(String.init) })
  }

  /// The problem lines `wallgen check` prints (its summary line left out), and its exit code.
  static func checkProblems(_ export: String, _ flags: [String] = []) -> (
    Set<String>, WallCLI.ExitCode
  ) {
    let captured = CapturedConsole()
    let code = WallCLI.run(["check", export, "-j", "2"] + flags, console: captured.console)
    #expect(captured.out.last?.hasPrefix("\(export): ") == true)
    return (Set(captured.out.dropLast()), code)
  }

  @Test("check reports the demo's truncated JPEG from its header, and exits 1")
  func checkFindsTheTruncatedJPEG() throws {
    let captured = CapturedConsole()
    #expect(WallCLI.run(["check", Self.demo], console: captured.console) == .failure)
    #expect(
      captured.out.contains {
        $0.hasPrefix("files/tfss-a5c8d4c8-b30a-408e-a0f9-09f4f2c82dc0-img.jpg: WallImage ")
          && $0.hasSuffix("; shown as a placeholder")
      }, "\(captured.out)")
    #expect(captured.out.last?.hasPrefix("\(Self.demo): 1 error, ") == true)
  }

  @Test("on the demo, the problems check --deep prints are the problems build prints")
  func deepCheckEqualsBuildOnTheDemo() throws {
    let folder = try TemporaryDirectory()
    let built = Self.buildProblems(Self.demo, site: folder.url("site"))
    let (checked, code) = Self.checkProblems(Self.demo, ["--deep"])
    #expect(code == .failure)
    #expect(!built.isEmpty)
    #expect(checked == built)
  }

  /// An export with one of each problem a build finds after the import: an image no one may
  /// see, a wall folder that is not its objectId, a missing file, an image whose header is
  /// bad, one that decodes only with a warning, and a profile picture that is not an image.
  static func writeExport(at root: String) throws {
    let export = try ExportWriter(root: root)
    try export.writeClass(
      "_User",
      [
        P.user("uA", username: "ann", fbId: "1"), P.user("u b", username: "bob", fbId: "2"),
        P.user("uC", username: "cy", fbId: "3"),
      ])
    try export.writeClass(
      "_Join:friends:_User", [P.friendRow("uA", "u b"), P.friendRow("u b", "uA")])
    try export.writeClass(
      "WallImage",
      [
        P.image("i1", uploaderFBId: "1", username: "ann", fileName: "ok.jpg", at: 1),
        P.image("i2", uploaderFBId: "1", username: "ann", fileName: "ok.jpg", at: 2, acl: ["uC"]),
        P.image("i3", uploaderFBId: "2", username: "bob", fileName: "gone.jpg", at: 3),
        P.image("i4", uploaderFBId: "2", username: "bob", fileName: "header.jpg", at: 4),
        P.image("i5", uploaderFBId: "2", username: "bob", fileName: "cut.jpg", at: 5),
      ])
    let jpeg = try ImageFixtures.gradientJPEG(width: 64, height: 48)
    try export.writeFile("files/ok.jpg", jpeg)
    try export.writeFile("files/header.jpg", Array(jpeg.prefix(40)))
    try export.writeFile("files/cut.jpg", Array(jpeg.prefix(jpeg.count * 3 / 4)))
    try export.writeFile("graph/3.png", Array("not a picture".utf8))
  }

  @Test("check --deep prints exactly what build prints; check without it all but the decoding")
  func deepCheckEqualsBuild() throws {
    let folder = try TemporaryDirectory()
    try Self.writeExport(at: folder.url("export"))
    let export = folder.url("export")
    let (shallow, shallowCode) = Self.checkProblems(export)
    let (deep, deepCode) = Self.checkProblems(export, ["--deep"])
    // A check writes nothing: the folder holds the export alone until the build.
    #expect(FileSystem.contents(of: folder.path) == ["export"])
    let built = Self.buildProblems(export, site: folder.url("site"))
    #expect(deep == built)
    #expect((shallowCode, deepCode) == (.failure, .failure))

    // i2, which only its uploader's stranger may read, is left out of a public site: check
    // counts it in its one line on stderr, as build does, and reports no problem of it.
    let expected: Set<String> = [
      "WallImage.json: WallImage i3: missing file \"files/gone.jpg\"; shown as a placeholder"
    ]
    #expect(!shallow.contains { $0.contains("i2") })
    #expect(expected.isSubset(of: shallow), "\(shallow)")
    #expect(
      shallow.contains {
        $0.hasPrefix("_User.json: _User u b: warning: objectId is not a safe folder name; ")
      })
    #expect(shallow.contains { $0.hasPrefix("files/header.jpg: WallImage i4: ") })
    #expect(shallow.contains { $0.hasPrefix("graph/3.png: _User uC: ") })
    // Only decoding finds what is wrong past the header.
    #expect(!shallow.contains { $0.hasPrefix("files/cut.jpg") })
    #expect(deep.contains { $0.hasPrefix("files/cut.jpg: WallImage i5: ") }, "\(deep)")
    #expect(shallow == deep.filter { !$0.hasPrefix("files/cut.jpg") })
  }
}

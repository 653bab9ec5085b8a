import Testing
import WallKit
import WallKitTestSupport
import WallSynth

@Suite(.fullTier) struct TerminalTextTests {
  @Test("control and bidi characters are shown escaped, other text is kept")
  func escaping() {
    #expect(TerminalText.escaped("Zoë 山田 O'Neil \\ ok") == "Zoë 山田 O'Neil \\ ok")
    #expect(TerminalText.escaped("a\u{1B}]0;PWNED\u{07}b") == "a\\u{1B}]0;PWNED\\u{7}b")
    #expect(TerminalText.escaped("x\ny\tz\u{7F}\u{9B}") == "x\\u{A}y\\u{9}z\\u{7F}\\u{9B}")
    #expect(TerminalText.escaped("evil\u{202E}gnp.exe") == "evil\\u{202E}gnp.exe")
  }

  @Test("a problem about an objectId holding a terminal escape prints no raw escape byte")
  func problemLine() {
    let problem = Problem(
      .error, file: "WallImage.json", className: "WallImage", objectId: "x\u{1B}]0;PWNED\u{07}",
      reason: "uploader \"\u{1B}[2J\" is unknown")
    #expect(!problem.description.unicodeScalars.contains { $0.value < 0x20 })
    #expect(
      problem.description
        == "WallImage.json: WallImage x\\u{1B}]0;PWNED\\u{7}: uploader \"\\u{1B}[2J\" is unknown")
    #expect(problem.objectId == "x\u{1B}]0;PWNED\u{07}", "the report keeps the exact text")
  }

  @Test("wallgen check prints an objectId that sets the window title escaped")
  func checkCommand() throws {
    let folder = try TemporaryDirectory()
    let export = try ExportWriter(root: folder.path)
    try export.writeClass("_User", [ParseFixtures.user("uA", username: "ann", fbId: "1")])
    try export.writeClass(
      "_Join:friends:_User", [ParseFixtures.friendRow("uA", "u\u{1B}]0;PWNED\u{07}")])
    let captured = CapturedConsole()
    #expect(WallCLI.run(["check", folder.path], console: captured.console) == .failure)
    let printed = (captured.out + captured.err).joined(separator: "\n")
    #expect(printed.contains("u\\u{1B}]0;PWNED\\u{7}"))
    #expect(!printed.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
  }
}

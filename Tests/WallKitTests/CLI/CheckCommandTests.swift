import Synchronization
import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// Collects what a command prints.
final class CapturedConsole: Sendable {
  private let lines = Mutex<(out: [String], err: [String])>(([], []))

  var console: Console {
    Console(
      out: { line in self.lines.withLock { $0.out.append(line) } },
      err: { line in self.lines.withLock { $0.err.append(line) } })
  }

  var out: [String] { lines.withLock { $0.out } }
  var err: [String] { lines.withLock { $0.err } }
}

@Suite(.fullTier) struct CheckCommandTests {
  typealias P = ParseFixtures

  @Test(
    "check lists each dangling reference and bad image with its objectId, then a summary, and exits 1"
  )
  func danglingReferences() throws {
    let folder = try TemporaryDirectory()
    let export = try ExportWriter(root: folder.path)
    try export.writeClass("_User", [P.user("uA", username: "ann", fbId: "1")])
    try export.writeClass("_Join:friends:_User", [P.friendRow("uA", "uGhost")])
    try export.writeClass(
      "WallImage", [P.image("i1", uploaderFBId: "1", username: "ann", fileName: "x.jpg", at: 1)])
    try export.writeFile("files/x.jpg", [0xFF, 0xD8])
    try export.writeClass(
      "WallImageComment",
      [
        P.comment("c1", on: "iGone", byFBId: "1", username: "ann", text: "?", at: 2),
        P.comment("c2", on: "i1", byFBId: "404", username: "nobody", text: "?", at: 3),
      ])
    let captured = CapturedConsole()
    let code = WallCLI.run(["check", folder.path], console: captured.console)
    #expect(code == .failure)
    #expect(
      captured.out == [
        "WallImageComment.json: WallImageComment c1: comment on missing image \"iGone\"; not shown",
        "WallImageComment.json: WallImageComment c2: unknown author (userFBId \"404\", user \"nobody\"); the comment is not shown",
        "_Join:friends:_User.json: _Join:friends:_User uA->uGhost: relatedId \"uGhost\" is no user of the export",
        "files/x.jpg: WallImage i1: the data is neither JPEG nor PNG: it starts with 'FF D8'; shown as a placeholder",
        "\(folder.path): 4 errors, 0 warnings; read 1 user, 1 image, 0 comments from a Parse.com export",
      ])
  }

  @Test("check on a clean export exits 0")
  func cleanExport() throws {
    let folder = try TemporaryDirectory()
    let export = try ExportWriter(root: folder.path)
    try export.writeClass("_User", [P.user("uA", username: "ann", fbId: "1")])
    try export.writeClass("WallImage", [])
    let captured = CapturedConsole()
    #expect(WallCLI.run(["check", folder.path], console: captured.console) == .success)
    #expect(
      captured.out == [
        "\(folder.path): 0 errors, 0 warnings; read 1 user, 0 images, 0 comments from a Parse.com export"
      ])
  }
}

@Suite(.fullTier) struct CheckUnusableExportTests {
  typealias P = ParseFixtures

  @Test(
    "check on an export with no class file of walls prints the error only, naming the class files it found and the ones it expected"
  )
  func noWallClassFile() throws {
    let folder = try TemporaryDirectory()
    let export = try ExportWriter(root: folder.path)
    try export.writeClass("_User", [P.user("uA", username: "ann", fbId: "1")])
    try export.writeClass("WallImages", [])
    try export.writeClass("Photo", [])
    let captured = CapturedConsole()
    #expect(WallCLI.run(["check", folder.path], console: captured.console) == .failure)
    #expect(captured.out == [])
    #expect(
      captured.err.first
        == "error: [import] \(folder.path): the export has users but no class file of walls, so "
        + "nothing is built from it: expected WallImage.json or WallImageObject.json, found "
        + "Photo.json, WallImages.json and _User.json; did you mean 'WallImages.json'?")
    #expect(captured.err.count == 2 && captured.err.last?.hasPrefix("hint: ") == true)
  }
}

@Suite(.fullTier) struct NoCommandTests {
  @Test("plain wallgen prints the usage to stderr and exits 64, as git and swift do")
  func noCommand() {
    let captured = CapturedConsole()
    #expect(WallCLI.run([], console: captured.console) == .usage)
    #expect(captured.out.isEmpty)
    #expect(captured.err.joined().contains("Usage: wallgen <command> [options]"))
  }

  @Test("wallgen --help still prints the help to stdout and exits 0")
  func help() {
    let captured = CapturedConsole()
    #expect(WallCLI.run(["--help"], console: captured.console) == .success)
    #expect(captured.out.joined().contains("Usage: wallgen <command> [options]"))
  }
}

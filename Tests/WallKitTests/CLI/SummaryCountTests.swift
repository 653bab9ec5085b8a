import Foundation
import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// The summary's counts agree across runs (issue 45, item 5): a no-op and an edit count the
/// same files (pages and assets; media are counted as images), and the theme's warnings that
/// were printed are counted.
@Suite(.fullTier) struct SummaryCountTests {
  typealias P = ParseFixtures

  private func export(at root: String, comment: String) throws {
    let export = try ExportWriter(root: root)
    try export.writeClass(
      "_User", [P.user("uA", username: "ann", fbId: "1"), P.user("uB", username: "bob", fbId: "2")])
    try export.writeClass(
      "_Join:friends:_User", [P.friendRow("uA", "uB"), P.friendRow("uB", "uA")])
    try export.writeClass(
      "WallImage", [P.image("i1", uploaderFBId: "1", username: "ann", fileName: "x.jpg", at: 1)])
    try export.writeClass(
      "WallImageComment",
      [P.comment("c1", on: "i1", byFBId: "2", username: "bob", text: comment, at: 2)])
    try export.writeFile("files/x.jpg", try ImageFixtures.gradientJPEG(width: 16, height: 12))
  }

  /// `wallgen build ARGUMENTS --json`: its summary, and what it printed on stderr.
  private func build(_ arguments: [String]) throws -> (JSONValue, [String]) {
    let captured = CapturedConsole()
    let code = WallCLI.run(["build"] + arguments + ["--json"], console: captured.console)
    #expect(code == .success, "\(captured.err)")
    return (try JSONReader.parse(Array(try #require(captured.out.first).utf8)), captured.err)
  }

  @Test("a no-op counts as unchanged the files an edit counts as written or unchanged")
  func noOpAndEditAgree() throws {
    let folder = try TemporaryDirectory("summary-counts")
    let (root, site) = (folder.url("export"), folder.url("site"))
    try export(at: root, comment: "first")
    let (full, _) = try build([root, "-o", site])
    let (same, _) = try build([root, "-o", site])
    try export(at: root, comment: "second")
    let (edit, _) = try build([root, "-o", site])
    let files = { (json: JSONValue) in
      (json["filesWritten"]?.doubleValue ?? -1) + (json["filesUnchanged"]?.doubleValue ?? -1)
    }
    #expect(same["filesWritten"] == .number(0))
    #expect(files(full) == files(same) && files(edit) == files(same), "\(full) \(same) \(edit)")
    #expect((edit["filesWritten"]?.doubleValue ?? 0) > 0)
    #expect((edit["filesUnchanged"]?.doubleValue ?? 0) > 0)
  }

  @Test("the theme warnings that were printed are counted in the summary, every run")
  func themeWarningsCounted() throws {
    let folder = try TemporaryDirectory("summary-theme-warnings")
    let root = folder.url("export")
    try export(at: root, comment: "hello")
    try FileSystem.writeAtomically("notes", to: folder.url("theme/Templates/notes.txt"))
    let arguments = [root, "-o", folder.url("site"), "--theme", folder.url("theme")]
    for run in ["first", "no-op"] {
      let (summary, err) = try build(arguments)
      let printed = err.filter { $0.hasPrefix("warning: ") }
      #expect(printed.count == 1, "\(run): \(err)")
      #expect(summary["warnings"] == .number(Double(printed.count)), "\(run): \(summary)")
    }
  }
}

import Foundation
import Testing
import WallKitTestSupport
import WallSynth

// `@testable` only to drive `WallCLI.rebuild`, the rebuild step of `wallgen serve`.
@testable import WallKit

/// What `wallgen serve` prints after a rebuild: each problem, as `build` prints it, not only
/// the counts (issue 15, item 8).
@Suite(.fullTier) struct ServeFeedbackTests {
  @Test("a rebuild after an image is removed prints the problem's line, not only the counts")
  func removedImageIsNamed() throws {
    let folder = try TemporaryDirectory()
    try UnusableExportTests.writeExport(at: folder.url("export"))
    let settings = SiteBuilder.Settings(export: folder.url("export"), output: folder.url("site"))
    #expect(WallCLI.rebuild({ settings }, console: CapturedConsole().console, verbose: true))

    try FileManager.default.removeItem(atPath: folder.url("export/files/b.jpg"))
    let captured = CapturedConsole()
    #expect(WallCLI.rebuild({ settings }, console: captured.console, verbose: false))
    let problems = captured.err.flatMap { $0.split(separator: "\n").map(String.init) }
      .filter {
        $0 == "WallImage.json: WallImage i2: missing file \"files/b.jpg\"; shown as a placeholder"
      }
    #expect(problems.count == 1, "stderr: \(captured.err)")
    #expect(captured.err.last?.hasPrefix("built 2 walls") == true)
  }

  @Test("a rebuild's problems are capped, the rest counted in one '… and N more' line")
  func manyProblemsAreCapped() throws {
    let folder = try TemporaryDirectory()
    try UnusableExportTests.writeExport(at: folder.url("export"))
    let settings = SiteBuilder.Settings(export: folder.url("export"), output: folder.url("site"))
    let export = try ExportWriter(root: folder.url("export"))
    try export.writeClass(
      "WallImage",
      (0..<60).map {
        ParseFixtures.image(
          "i\($0)", uploaderFBId: "1", username: "ann", fileName: "gone\($0).jpg", at: $0)
      })
    let captured = CapturedConsole()
    #expect(WallCLI.rebuild({ settings }, console: captured.console, verbose: false))
    let lines = captured.err.flatMap { $0.split(separator: "\n").map(String.init) }
    #expect(lines.count { $0.hasPrefix("WallImage.json: WallImage i") } == 50, "stderr: \(lines)")
    #expect(lines.contains("… and 10 more (all are listed by 'wallgen check')"))
  }

  @Test("'serve -q' is accepted, as 'build -q' is")
  func quietServe() {
    #expect(throws: Never.self) { try CommandParser.parse(["serve", "-q", "--port", "0"]) }
    #expect(throws: Never.self) { try CommandParser.parse(["serve", "--quiet"]) }
  }
}

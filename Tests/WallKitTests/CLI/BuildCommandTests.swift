import Testing
import WallKit
import WallKitTestSupport
import WallSynth

@Suite(.fullTier) struct BuildCommandTests {
  typealias P = ParseFixtures

  /// Runs `wallgen build EXPORT -o SITE --json` and parses what it prints on stdout.
  private func buildJSON(export: String, site: String, engine: BuildEngine) throws -> JSONValue {
    let captured = CapturedConsole()
    let code = WallCLI.run(
      ["build", export, "-o", site, "--json", "--engine", engine.rawValue],
      console: captured.console)
    #expect(code == .success)
    let line = try #require(captured.out.first)
    #expect(captured.out.count == 1)
    return try JSONReader.parse(Array(line.utf8))
  }

  @Test(
    "--json prints the summary and each step's time; a no-op build has only the import step",
    arguments: BuildEngine.allCases)
  func jsonSummaryWithStepTimes(engine: BuildEngine) throws {
    let folder = try TemporaryDirectory()
    let export = try ExportWriter(root: "\(folder.path)/export")
    try export.writeClass("_User", [P.user("uA", username: "ann", fbId: "1")])
    try export.writeClass(
      "WallImage", [P.image("i1", uploaderFBId: "1", username: "ann", fileName: "x.jpg", at: 1)])
    try export.writeFile("files/x.jpg", try ImageFixtures.gradientJPEG(width: 16, height: 12))
    let site = "\(folder.path)/site"

    let full = try buildJSON(export: "\(folder.path)/export", site: site, engine: engine)
    #expect(full["walls"] == .number(1))
    #expect(full["pages"] == .number(3))  // the index, the wall and its photo grid
    #expect(full["imagesProcessed"] == .number(1))
    let steps = try #require(full["steps"]?.objectValue)
    #expect(steps.keys.sorted() == ["assets", "import", "media", "publish", "render"])
    for (step, seconds) in steps {
      guard let value = seconds.doubleValue else {
        Issue.record("step \(step) has no number: \(seconds)")
        continue
      }
      #expect(value >= 0, "step \(step)")
    }

    let noOp = try buildJSON(export: "\(folder.path)/export", site: site, engine: engine)
    #expect(noOp["filesWritten"] == .number(0))
    #expect(noOp["steps"]?.objectValue?.keys.sorted() == ["import"])
  }
}

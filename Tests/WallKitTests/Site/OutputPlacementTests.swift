import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// The output folder and the export never overlap (issue #15, item 11).
@Suite struct OutputPlacementTests {
  /// A tiny export in `folder/export`.
  func makeExport(in folder: TemporaryDirectory) throws -> String {
    let export = folder.url("export")
    let writer = try ExportWriter(root: export)
    try writer.writeClass("_User", [ParseFixtures.user("uA", username: "ann", fbId: "1")])
    return export
  }

  @Test("an output folder inside the export, or the export itself, is refused")
  func outputInsideExport() throws {
    let folder = try TemporaryDirectory()
    let export = try makeExport(in: folder)
    for output in ["\(export)/_site", export, "\(export)/files/../site", "\(export)/a/b/c"] {
      let error = #expect(throws: OutputPlacementError.self) {
        try OutputPlacement.check(export: export, output: output)
      }
      #expect(error == .outputInsideExport(output: output, export: export))
    }
  }

  @Test("an export inside the output folder is refused")
  func exportInsideOutput() throws {
    let folder = try TemporaryDirectory()
    let export = try makeExport(in: folder)
    let error = #expect(throws: OutputPlacementError.self) {
      try OutputPlacement.check(export: export, output: folder.path)
    }
    #expect(error == .exportInsideOutput(export: export, output: folder.path))
  }

  @Test("folders beside each other, even with a shared name prefix, are accepted")
  func besideEachOther() throws {
    let folder = try TemporaryDirectory()
    let export = try makeExport(in: folder)
    try OutputPlacement.check(export: export, output: folder.url("site"))
    try OutputPlacement.check(export: export, output: export + "-site")
  }

  @Test("wallgen build -o inside the export exits 64 and writes nothing")
  func cli() throws {
    let folder = try TemporaryDirectory()
    let export = try makeExport(in: folder)
    let captured = CapturedConsole()
    let code = WallCLI.run(
      ["build", export, "-o", "\(export)/_site", "-q"], console: captured.console)
    #expect(code == .usage)
    #expect(captured.err.joined().contains("is inside the export"))
    #expect(FileSystem.kind(of: "\(export)/_site") == .missing)
    #expect(FileSystem.kind(of: "\(export)/.wallgen") == .missing)
  }
}

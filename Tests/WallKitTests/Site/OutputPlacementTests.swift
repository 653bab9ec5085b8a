import Foundation
import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// The output folder and the export never overlap (issue #15, item 11); the output is never `/`
/// or the home folder, and a folder wallgen did not make is written into only with `--force`
/// (issue #21, item 3).
@Suite(.fullTier) struct OutputPlacementTests {
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

  @Test("every spelling of / is refused, also with a missing tail folded away")
  func rootSpellings() throws {
    let folder = try TemporaryDirectory()
    let export = try makeExport(in: folder)
    for output in ["/", "//", "/./", "///.", "/..", "/../", "/tmp/..", "/no-such-folder/.."] {
      let error = #expect(throws: OutputPlacementError.self, "\(output)") {
        try OutputPlacement.check(export: export, output: output)
      }
      #expect(error == .rootFolder(output: output))
    }
  }

  @Test("canonical paths fold //, /./, trailing slashes and .., resolving symlinks before ..")
  func canonicalSpellings() throws {
    let folder = try TemporaryDirectory()
    let real = try #require(FileSystem.realPath(folder.path))
    try FileSystem.createDirectory(folder.url("a/b"))
    try FileManager.default.createSymbolicLink(
      atPath: folder.url("link"), withDestinationPath: folder.url("a/b"))
    let expected: [(String, String)] = [
      ("/", "/"), ("//", "/"), ("/./", "/"), ("/..", "/"),
      (folder.path + "//a/./b/", "\(real)/a/b"),
      (folder.url("a/b/../b"), "\(real)/a/b"),
      // The kernel follows `link` first: its `..` is a, not the folder holding the link.
      (folder.url("link/.."), "\(real)/a"),
      (folder.url("missing/x/../y/"), "\(real)/missing/y"),
    ]
    for (path, canonical) in expected {
      #expect(OutputPlacement.canonical(path) == canonical, "\(path)")
    }
  }

  @Test("a symlink to the export, or to a folder holding it, is refused as the export is")
  func symlinkSpellings() throws {
    let folder = try TemporaryDirectory()
    let export = try makeExport(in: folder)
    let other = try TemporaryDirectory()
    try FileManager.default.createSymbolicLink(
      atPath: other.url("to-export"), withDestinationPath: export)
    try FileManager.default.createSymbolicLink(
      atPath: other.url("to-folder"), withDestinationPath: folder.path)
    for output in [other.url("to-export"), other.url("to-export/"), "\(export)/", "\(export)//."] {
      let error = #expect(throws: OutputPlacementError.self, "\(output)") {
        try OutputPlacement.check(export: export, output: output)
      }
      #expect(error == .outputInsideExport(output: output, export: export))
    }
    for output in [other.url("to-folder"), "\(export)/..", folder.path + "/"] {
      let error = #expect(throws: OutputPlacementError.self, "\(output)") {
        try OutputPlacement.check(export: export, output: output)
      }
      #expect(error == .exportInsideOutput(export: export, output: output))
    }
  }

  @Test("a non-empty folder without its state folder is refused unless forced")
  func foreignFolder() throws {
    let folder = try TemporaryDirectory()
    let export = try makeExport(in: folder)
    let output = folder.url("mine")
    let state = SiteBuilder.stateFolder(for: output)
    // Missing, then empty: free.
    _ = try OutputPlacement.claim(export: export, output: output, stateFolder: state, force: false)
    try FileSystem.createDirectory(output)
    _ = try OutputPlacement.claim(export: export, output: output, stateFolder: state, force: false)
    try FileSystem.writeAtomically("my notes", to: "\(output)/notes.txt")
    let error = #expect(throws: OutputPlacementError.self) {
      _ = try OutputPlacement.claim(
        export: export, output: output, stateFolder: state, force: false)
    }
    #expect(error == .foreignFolder(output: output, marker: state))
    #expect(error?.description.contains("--force") == true)
    _ = try OutputPlacement.claim(export: export, output: output, stateFolder: state, force: true)
    // Once wallgen made its state folder beside it, the folder is wallgen's.
    try FileSystem.createDirectory(state)
    _ = try OutputPlacement.claim(export: export, output: output, stateFolder: state, force: false)
    // --force never opens / to a build.
    #expect(throws: OutputPlacementError.rootFolder(output: "/")) {
      _ = try OutputPlacement.claim(
        export: export, output: "/", stateFolder: "/.wallgen/", force: true)
    }
  }

  @Test("the state folder is beside the output whatever the spelling, never inside it")
  func stateFolderSpellings() throws {
    let folder = try TemporaryDirectory()
    let real = try #require(FileSystem.realPath(folder.path))
    try FileSystem.createDirectory(folder.url("out/site"))
    #expect(SiteBuilder.stateFolder(for: "out/site//") == "out/.wallgen/site")
    #expect(SiteBuilder.stateFolder(for: folder.url("out/site/.")) == "\(real)/out/.wallgen/site")
    #expect(
      SiteBuilder.stateFolder(for: folder.url("out/site/x/..")) == "\(real)/out/.wallgen/site")
    #expect(SiteBuilder.stateFolder(for: folder.url("out/site/./")) == "\(real)/out/.wallgen/site")
  }
}

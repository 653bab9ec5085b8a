import Foundation
import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// An export that lost a whole part of itself since the last build (its `files/`, a class file
/// of the walls) is refused, naming what is missing, unless `--allow-missing`; an export that
/// never had `files/` says so in one line.
@Suite(.fullTier) struct MissingPartsTests {
  typealias Safety = PublishSafetyTests

  /// An export built once into `folder/site`: its path, the site's, and the site's snapshot.
  func builtOnce(in folder: TemporaryDirectory, engine: BuildEngine = .memory) throws -> (
    export: String, site: String, before: [String: [UInt8]]
  ) {
    let export = folder.url("export")
    try Safety.writeExport(at: export, version: 1)
    let site = folder.url("site")
    #expect(Safety.build(export, site, ["--engine", engine.rawValue]).0 == .success)
    return (export, site, try Safety.snapshot(site: site))
  }

  @Test(
    "files/ removed after a good build: exit 1 naming files/, the site kept; --allow-missing publishes",
    arguments: BuildEngine.allCases)
  func filesFolderRemoved(engine: BuildEngine) throws {
    let folder = try TemporaryDirectory()
    let (export, site, before) = try builtOnce(in: folder, engine: engine)
    let onEngine = ["--engine", engine.rawValue]

    try FileManager.default.removeItem(atPath: "\(export)/files")
    let (code, captured) = Safety.build(export, site, onEngine)
    #expect(code == .failure)
    #expect(
      captured.err.contains(
        "error: [import] files/, read by the last build, is missing from this export; publishing "
          + "it would take from the site what it holds, so nothing was published"),
      "\(captured.err)")
    #expect(captured.err.last?.contains("--allow-missing") == true)
    #expect(try Safety.snapshot(site: site) == before)

    let (allowed, output) = Safety.build(export, site, ["--allow-missing"] + onEngine)
    #expect(allowed == .success)
    #expect(output.err.count { $0.hasPrefix("files/: the export has no files/ folder") } == 1)
    #expect(try Safety.showsPlaceholder(site))
    // Published without files/, the export is whole again for the next build.
    #expect(Safety.build(export, site, onEngine).0 == .success)
  }

  @Test(
    "a class file removed after a good build: exit 1 naming it, the site kept",
    arguments: ["WallImageComment.json", "_Join:friends:_User.json"], BuildEngine.allCases)
  func classFileRemoved(file: String, engine: BuildEngine) throws {
    let folder = try TemporaryDirectory()
    let (export, site, before) = try builtOnce(in: folder, engine: engine)
    let onEngine = ["--engine", engine.rawValue]

    try FileSystem.removeFile("\(export)/\(file)")
    let (code, captured) = Safety.build(export, site, onEngine)
    #expect(code == .failure)
    #expect(
      captured.err.contains {
        $0.hasPrefix("error: [import] \(file), read by the last build, is missing")
      },
      "\(captured.err)")
    #expect(try Safety.snapshot(site: site) == before)
    #expect(Safety.build(export, site, ["--allow-missing"] + onEngine).0 == .success)
    #expect(try Safety.snapshot(site: site) != before)
  }

  @Test("the first build of an export without files/ says so in one line, not one per photo")
  func firstBuildWithoutFilesFolder() throws {
    let folder = try TemporaryDirectory()
    let export = folder.url("export")
    try Safety.writeExport(at: export, version: 1)
    try FileManager.default.removeItem(atPath: "\(export)/files")
    let (code, captured) = Safety.build(export, folder.url("site"))
    #expect(code == .success)
    #expect(
      captured.err == [
        "files/: the export has no files/ folder, so the 4 photos that WallImage.json name are "
          + "shown as placeholders; a Parse export links its files by URL: put each file's "
          + "bytes at \(export)/files/<name>, or download them with 'wallgen fetch \(export)'"
      ])
    // An empty files/ is said the same way.
    try FileSystem.createDirectory("\(export)/files")
    let check = CapturedConsole()
    #expect(WallCLI.run(["check", export], console: check.console) == .failure)
    #expect(
      check.out.count {
        $0.hasPrefix("files/: the export's files/ folder is empty, so the 4 photos")
      } == 1, "\(check.out)")
    #expect(!check.out.contains { $0.contains("missing file") })
  }
}

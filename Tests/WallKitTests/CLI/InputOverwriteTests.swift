import Foundation
import Testing
import WallKit
import WallKitTestSupport

/// An output file (`--urls-file`, `--report`, `--wacz`, `plan -o`) that would land on the secret
/// file or in the export is refused with exit 64 naming the option, and every input stays
/// byte for byte; so is one that a symlink leads into the output, made or not yet.
@Suite(.fullTier) struct InputOverwriteTests {
  static let hasWallgen = BuiltProduct.wallgen != nil

  /// A folder with an export (`export`) and a secret file (`key`).
  static func inputs() throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory("inputs")
    try LockFixture.writeExport(at: folder.url("export"), tag: "one")
    try LockFixture.writeSecret(at: folder.url("key"))
    return folder
  }

  /// Every file of the export and the secret file, with its bytes.
  static func snapshot(_ folder: TemporaryDirectory) throws -> [String: [UInt8]] {
    var files = try SiteTree.contents(of: folder.url("export"))
    files["key"] = try FileSystem.readFile(folder.url("key"), limit: 1 << 20)
    return files
  }

  static let privateBuild = [
    "build", "export", "-o", "site", "-q", "--private", "--secret-file", "key",
  ]

  @Test(
    "an output file over the secret or inside the export exits 64 naming the option, and changes nothing",
    .enabled(if: hasWallgen, "no wallgen executable beside the test bundle"),
    arguments: [
      (
        privateBuild + ["--urls-file", "key"], "--urls-file",
        "the secret file (--secret-file) 'key'"
      ),
      (
        privateBuild + ["--urls-file", "./key"], "--urls-file",
        "the secret file (--secret-file) 'key'"
      ),
      (privateBuild + ["--urls-file", "export/_User.json"], "--urls-file", "inside the export"),
      (privateBuild + ["--urls-file", "export/links.tsv"], "--urls-file", "inside the export"),
      (
        ["build", "export", "-o", "site", "--wacz", "export/WallImage.json"], "--wacz",
        "inside the export"
      ),
      (
        ["build", "export", "-o", "site", "--report", "export/WallImageComment.json"], "--report",
        "inside the export"
      ),
      (privateBuild + ["--report", "key"], "--report", "over the secret file"),
      (["plan", "export", "-o", "export/plan.sqlite"], "-o", "inside the export"),
      (
        ["plan", "export", "-o", "plan.sqlite", "--report", "export/_User.json"], "--report",
        "inside the export"
      ),
    ])
  func refused(arguments: [String], option: String, reason: String) throws {
    let folder = try Self.inputs()
    let before = try Self.snapshot(folder)
    let (status, err) = try WallgenProcess.run(arguments, in: folder.path)
    #expect(status == 64, "\(err)")
    #expect(err.contains("error: option '\(option)': "), "\(err)")
    #expect(err.contains(reason), "\(err)")
    #expect(try Self.snapshot(folder) == before)
    #expect(FileSystem.kind(of: folder.url("site")) == .missing)
    #expect(FileSystem.kind(of: folder.url(".wallgen")) == .missing)
  }

  @Test(
    "fetch run inside the export with --report WallImage.json exits 64 and leaves it as it was",
    .enabled(if: hasWallgen, "no wallgen executable beside the test bundle"))
  func fetchReportInsideExport() throws {
    let folder = try Self.inputs()
    let before = try Self.snapshot(folder)
    let (status, err) = try WallgenProcess.run(
      ["fetch", ".", "--report", "WallImage.json", "-q"], in: folder.url("export"))
    #expect(status == 64, "\(err)")
    #expect(
      err.contains(
        "option '--report': the report 'WallImage.json' would be written inside the export '.'"),
      "\(err)")
    #expect(try Self.snapshot(folder) == before)
  }

  @Test(
    "--urls-file through a symlink to the output folder not made yet exits 64: no secret address reaches the site",
    .enabled(if: hasWallgen, "no wallgen executable beside the test bundle"))
  func symlinkToOutputNotMadeYet() throws {
    let folder = try Self.inputs()
    try FileManager.default.createSymbolicLink(
      atPath: folder.url("xlink"), withDestinationPath: "site")
    let (status, err) = try WallgenProcess.run(
      Self.privateBuild + ["--urls-file", "xlink/links.tsv"], in: folder.path)
    #expect(status == 64, "\(err)")
    #expect(
      err.contains("the URL list 'xlink/links.tsv' is inside the output folder 'site'"), "\(err)")
    #expect(FileSystem.kind(of: folder.url("site")) == .missing)
    // A link to a link, relative and absolute, does not hide it either.
    #expect(
      OutputPlacement.canonical(folder.url("xlink/a/../links.tsv")) == folder.url("site/links.tsv"))
  }
}

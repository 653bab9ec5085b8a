import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// `--max-export-bytes N` sets how many uncompressed bytes a zip export may hold (`ZipLimits`),
/// for every command that reads an export.
@Suite(.fullTier) struct MaxExportBytesTests {
  /// The option's value as each command parses it.
  static func parsed(_ command: String, _ value: String) throws(UsageError) -> UInt64? {
    var arguments = [command, "export.zip", "--max-export-bytes=\(value)"]
    if command == "archive" { arguments.append("--all") }
    switch try CommandParser.parse(arguments) {
    case .build(let options): return options.maxExportBytes
    case .check(let options): return options.maxExportBytes
    case .serve(let options): return options.maxExportBytes
    case .archive(let options): return options.maxExportBytes
    default: return nil
    }
  }

  @Test(
    "build, check, serve and archive read --max-export-bytes, with K, M, G and T suffixes",
    arguments: ["build", "check", "serve", "archive"])
  func everyCommandReadsIt(command: String) throws {
    #expect(try Self.parsed(command, "8589934592") == 8 << 30)
    #expect(try Self.parsed(command, "16G") == 16 << 30)
    #expect(try Self.parsed(command, "500M") == 500 << 20)
    #expect(try Self.parsed(command, "64k") == 64 << 10)
    #expect(try Self.parsed(command, "2GiB") == 2 << 30)
    #expect(try Self.parsed(command, "1TB") == 1 << 40)
  }

  @Test("the value may also follow as the next argument")
  func separateValue() throws {
    var expected = BuildOptions(export: "e.zip")
    expected.maxExportBytes = 12 << 30
    #expect(
      try CommandParser.parse(["build", "e.zip", "--max-export-bytes", "12G"]) == .build(expected))
  }

  @Test("the default is ZipLimits.standard: 8 GiB")
  func defaults() {
    #expect(BuildOptions().maxExportBytes == 8 << 30)
    #expect(CheckOptions().maxExportBytes == ZipLimits.standard.totalBytes)
    #expect(ServeOptions().maxExportBytes == ZipLimits.standard.totalBytes)
    #expect(ArchiveOptions().maxExportBytes == ZipLimits.standard.totalBytes)
  }

  @Test(
    "a value that is not a positive size is a usage error naming the option",
    arguments: ["0", "-1", "12X", "G", "", "1.5G", "2000000T", "18446744073709551616"])
  func badValues(value: String) throws {
    let error = #expect(throws: UsageError.self) { try Self.parsed("build", value) }
    #expect(error?.message.hasPrefix("option '--max-export-bytes' needs a size in bytes") == true)
  }

  @Test("the help of each command and the README's option table name the option")
  func documented() throws {
    for command in ["build", "check", "serve", "archive"] {
      #expect(HelpText.text(for: command).contains("--max-export-bytes N"), "\(command)")
    }
    let readme = String(
      decoding: try FileSystem.readFile(RepositoryPaths.path("README.md"), limit: 1 << 20),
      as: UTF8.self)
    #expect(readme.contains("| `--max-export-bytes N` |"))
  }

  @Test("a zip export over the limit given is refused with exit 1; under it, it builds")
  func limitIsApplied() throws {
    let folder = try TemporaryDirectory()
    let export = try ExportWriter(root: folder.url("export"))
    try export.writeClass("_User", [ParseFixtures.user("uA", username: "ann", fbId: "1")])
    try export.writeClass("WallImage", [])
    try export.writeFile("files/pad.bin", [UInt8](repeating: 7, count: 4096))
    let entries = try SiteTree.files(in: folder.url("export")).map { name in
      RawZipEntry(name, data: try FileSystem.readFile(folder.url("export/\(name)"), limit: 1 << 20))
    }
    try FileSystem.writeAtomically(ZipFixtures.rawArchive(entries), to: folder.url("e.zip"))
    let refusals: [[String]] = [
      ["build", folder.url("e.zip"), "-o", folder.url("site"), "--max-export-bytes=4K"],
      ["check", folder.url("e.zip"), "--max-export-bytes=4K"],
    ]
    for arguments in refusals {
      let refused = CapturedConsole()
      #expect(WallCLI.run(arguments, console: refused.console) == .failure)
      #expect(refused.err.contains { $0.contains("over the limit of 4096 bytes per archive") })
      #expect(FileSystem.kind(of: folder.url("site")) == .missing)
    }
    let accepted = CapturedConsole()
    let code = WallCLI.run(
      ["build", folder.url("e.zip"), "-o", folder.url("site"), "-q", "--max-export-bytes", "5K"],
      console: accepted.console)
    #expect(code == .success, "\(accepted.err)")
  }
}

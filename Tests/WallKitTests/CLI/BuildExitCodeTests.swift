import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// `wallgen build` exits 0 when the site was published as asked; 1 when nothing was published,
/// or with `--strict` when problems were reported; 64 on a usage error.
@Suite(.fullTier) struct BuildExitCodeTests {
  typealias P = ParseFixtures

  /// An export of one user and one photo; `missingPhoto` adds an image whose file is absent.
  static func writeExport(at root: String, missingPhoto: Bool = false) throws {
    let export = try ExportWriter(root: root)
    try export.writeClass("_User", [P.user("uA", username: "ann", fbId: "1")])
    var images = [P.image("i1", uploaderFBId: "1", username: "ann", fileName: "a.jpg", at: 1)]
    if missingPhoto {
      images.append(P.image("i2", uploaderFBId: "1", username: "ann", fileName: "b.jpg", at: 2))
    }
    try export.writeClass("WallImage", images)
    try export.writeFile("files/a.jpg", try ImageFixtures.gradientJPEG(width: 16, height: 12))
  }

  /// Runs `wallgen build EXPORT -o SITE -q` plus `flags`.
  static func build(_ export: String, _ site: String, _ flags: [String] = []) -> (
    WallCLI.ExitCode, CapturedConsole
  ) {
    let captured = CapturedConsole()
    let code = WallCLI.run(["build", export, "-o", site, "-q"] + flags, console: captured.console)
    return (code, captured)
  }

  @Test("0: the site was published as asked, also with problems when not --strict")
  func published() throws {
    let folder = try TemporaryDirectory()
    try Self.writeExport(at: folder.url("clean"))
    try Self.writeExport(at: folder.url("flawed"), missingPhoto: true)
    #expect(Self.build(folder.url("clean"), folder.url("a")).0 == .success)
    #expect(FileSystem.kind(of: folder.url("a/index.html")) == .regular)
    let (code, captured) = Self.build(folder.url("flawed"), folder.url("b"))
    #expect(code == .success)
    #expect(captured.err.contains { $0.contains("missing file \"files/b.jpg\"") })
    #expect(FileSystem.kind(of: folder.url("b/index.html")) == .regular)
  }

  @Test("1: --strict with problems, and nothing is published", arguments: BuildEngine.allCases)
  func strictWithProblems(engine: BuildEngine) throws {
    let folder = try TemporaryDirectory()
    try Self.writeExport(at: folder.url("clean"))
    try Self.writeExport(at: folder.url("flawed"), missingPhoto: true)
    let flags = ["--strict", "--engine", engine.rawValue]
    #expect(Self.build(folder.url("clean"), folder.url("a"), flags).0 == .success)
    let (code, captured) = Self.build(folder.url("flawed"), folder.url("b"), flags)
    #expect(code == .failure)
    #expect(captured.err.last?.hasPrefix("hint: '\(folder.url("b"))' was left as it was") == true)
    #expect(FileSystem.kind(of: folder.url("b")) == .missing)
    #expect(FileSystem.kind(of: folder.url(".wallgen/b")) == .missing)
  }

  @Test(
    "1: nothing published for a class file that cannot be read or an empty export",
    arguments: ["broken WallImage.json", "empty folder", "no users", "no wall class file"])
  func nothingPublished(kind: String) throws {
    let folder = try TemporaryDirectory()
    let export = folder.url("export")
    switch kind {
    case "broken WallImage.json":
      try Self.writeExport(at: export)
      try FileSystem.writeAtomically(Array("{\"results\": [}".utf8), to: "\(export)/WallImage.json")
    case "empty folder":
      try FileSystem.createDirectory(export)
    case "no users":
      try Self.writeExport(at: export)
      try ExportWriter(root: export).writeClass("_User", [])
    default:
      try Self.writeExport(at: export)
      try FileSystem.removeFile("\(export)/WallImage.json")
    }
    let (code, captured) = Self.build(export, folder.url("site"))
    #expect(code == .failure)
    #expect(captured.err.last?.hasPrefix("hint: ") == true)
    #expect(FileSystem.kind(of: folder.url("site")) == .missing)
  }

  @Test(
    "64: a usage error",
    arguments: [
      ["--frobnicate"], ["--page-size", "0"], ["--page-size"], ["--jobs", "many"],
      ["--timezone", "Mars/Olympus"], ["--private"], ["--urls-file", "u.tsv"],
      ["--max-export-bytes", "0"], ["second-export"],
    ])
  func usage(flags: [String]) throws {
    let folder = try TemporaryDirectory()
    try Self.writeExport(at: folder.url("export"))
    let (code, captured) = Self.build(folder.url("export"), folder.url("site"), flags)
    #expect(code == .usage)
    #expect(captured.err.first?.hasPrefix("error: ") == true)
    #expect(FileSystem.kind(of: folder.url("site")) == .missing)
  }

  @Test("build --help and the README state these exit codes")
  func documented() throws {
    let captured = CapturedConsole()
    #expect(WallCLI.run(["build", "--help"], console: captured.console) == .success)
    let help = captured.out.joined(separator: "\n")
    #expect(help.contains("0   the site was published as asked"))
    #expect(help.contains("1   nothing was published"))
    #expect(help.contains("or --strict and\n      problems were reported"))
    #expect(help.contains("64  usage error"))
    #expect(help.contains("75  another wallgen is writing into the output folder"))
    let readme = String(
      decoding: try FileSystem.readFile(RepositoryPaths.path("README.md"), limit: 1 << 20),
      as: UTF8.self)
    #expect(readme.contains("Exit codes of `build`: **0** the site was published as asked; **1**"))
    #expect(readme.contains("or `--strict` and problems were reported; **64** usage error; **75**"))
  }
}

import Foundation
import Testing
import WallKitTestSupport
import WallSynth

// `@testable` only to drive `WallCLI.rebuild`, the rebuild step of `wallgen serve`.
@testable import WallKit

/// A class file of the walls that cannot be read fails the build (exit 1) before anything in
/// the output or its state folder is touched, names the fault once, and collapses what follows
/// from it into one line.
@Suite(.fullTier) struct UnusableExportTests {
  typealias P = ParseFixtures

  /// Two friends, three photos, five comments (four on `WallImage.json`'s images).
  static func writeExport(at root: String) throws {
    let export = try ExportWriter(root: root)
    try export.writeClass(
      "_User",
      [P.user("uA", username: "ann", fbId: "1"), P.user("uB", username: "bob", fbId: "2")])
    try export.writeClass(
      "_Join:friends:_User", [P.friendRow("uA", "uB"), P.friendRow("uB", "uA")])
    try export.writeClass(
      "WallImage",
      [
        P.image("i1", uploaderFBId: "1", username: "ann", fileName: "a.jpg", at: 10),
        P.image("i2", uploaderFBId: "2", username: "bob", fileName: "b.jpg", at: 20),
        P.image("i3", uploaderFBId: "2", username: "bob", fileName: "c.jpg", at: 30),
      ])
    try export.writeClass(
      "WallImageComment",
      [
        P.comment("c1", on: "i1", byFBId: "2", username: "bob", text: "one", at: 11),
        P.comment("c2", on: "i1", byFBId: "1", username: "ann", text: "two", at: 12),
        P.comment("c3", on: "i2", byFBId: "1", username: "ann", text: "three", at: 21),
        P.comment("c4", on: "i3", byFBId: "1", username: "ann", text: "four", at: 31),
      ])
    for (name, width) in [("a.jpg", 24), ("b.jpg", 20), ("c.jpg", 16)] {
      try export.writeFile(
        "files/\(name)", try ImageFixtures.gradientJPEG(width: width, height: 12))
    }
  }

  /// How a class file is broken.
  enum Breakage: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case extraComma, cutInHalf, notRows

    var testDescription: String { rawValue }

    /// The file broken.
    var file: String {
      switch self {
      case .extraComma: "WallImageComment.json"
      case .cutInHalf: "WallImage.json"
      case .notRows: "_Join:friends:_User.json"
      }
    }

    /// Breaks the file in the export at `root`.
    func apply(in root: String) throws {
      let path = "\(root)/\(file)"
      var bytes = try FileSystem.readFile(path, limit: 1 << 20)
      switch self {
      case .extraComma:
        // `...}]}` becomes `...},]}`: one trailing comma in the results array.
        let close = try #require(bytes.lastIndex(of: UInt8(ascii: "]")))
        bytes.insert(UInt8(ascii: ","), at: close)
      case .cutInHalf:
        bytes = Array(bytes.prefix(bytes.count / 2))
      case .notRows:
        bytes = Array("{\"results\": 3}".utf8)
      }
      try FileSystem.writeAtomically(bytes, to: path)
    }
  }

  @Test(
    "a class file that cannot be read fails the build with exit 1; the site and its state folder stay byte for byte and mtime for mtime",
    arguments: Breakage.allCases, BuildEngine.allCases)
  func brokenClassFileLeavesTheSite(breakage: Breakage, engine: BuildEngine) throws {
    let folder = try TemporaryDirectory()
    let export = folder.url("export")
    try Self.writeExport(at: export)
    let site = folder.url("site")
    let first = CapturedConsole()
    let build = ["build", export, "-o", site, "-q", "--engine", engine.rawValue]
    #expect(WallCLI.run(build, console: first.console) == .success)
    let before = try TreeSnapshot(folder.url("site"), folder.url(".wallgen"))
    #expect(before.entries.keys.contains { $0.hasPrefix(folder.url(".wallgen/site/")) })

    try breakage.apply(in: export)
    let second = CapturedConsole()
    #expect(WallCLI.run(build, console: second.console) == .failure)
    // The plan engine stages its plan in the state folder: making and removing the staging
    // folder there changes that folder's time, and nothing else.
    let state = folder.url(".wallgen/site")
    #expect(
      try TreeSnapshot(folder.url("site"), folder.url(".wallgen")).ignoringTime(of: state)
        == before.ignoringTime(of: state))
    let faults = second.err.filter { $0.hasPrefix("\(breakage.file): ") }
    #expect(faults.count == 1, "\(second.err)")
    if breakage != .notRows {
      #expect(faults.first?.contains(#/invalid JSON at line \d+, column \d+: /#) == true)
    }
    #expect(
      second.err.contains(
        "error: [import] \(breakage.file) cannot be read, so nothing is built from this export"))
    #expect(second.err.last?.hasPrefix("hint: ") == true)
    #expect(second.out.isEmpty)
  }

  @Test("the comments on the images of a WallImage.json cut in half are one line, not one each")
  func followOnErrorsAreCollapsed() throws {
    let folder = try TemporaryDirectory()
    try Self.writeExport(at: folder.path)
    try Breakage.cutInHalf.apply(in: folder.path)
    let result = try ExportImporter.load(folder.path)
    let lines = result.report.sorted.map(\.description)
    #expect(!lines.contains { $0.contains("comment on missing image") })
    #expect(
      lines.filter { $0.hasPrefix("WallImageComment.json") } == [
        "WallImageComment.json: WallImageComment: 4 comments refer to images of the unreadable WallImage.json"
      ])
    #expect(lines.count { $0.hasPrefix("WallImage.json: WallImage: invalid JSON at line ") } == 1)
    guard case .unreadableClassFiles(let problems)? = result.failure else {
      Issue.record("no file-level failure: \(String(describing: result.failure))")
      return
    }
    #expect(problems.map(\.file) == ["WallImage.json"])
  }

  @Test("an unreadable _User.json collapses the images, comments, friend rows and Graph files")
  func unreadableUsersCollapseEverything() throws {
    let folder = try TemporaryDirectory()
    try Self.writeExport(at: folder.path)
    let export = try ExportWriter(root: folder.path)
    try export.writeFile(
      "graph/1.json", Array(P.graph(fbId: "1", name: "Ann", friends: []).serialized.utf8))
    try export.writeFile("_User.json", Array("[{\"objectId\": \"uA\"".utf8))
    let result = try ExportImporter.load(folder.path)
    #expect(
      result.report.sorted.map(\.description) == [
        "WallImage.json: WallImage: 3 images refer to users of the unreadable _User.json",
        "WallImageComment.json: WallImageComment: 4 comments refer to images whose uploaders are in the unreadable _User.json",
        "_Join:friends:_User.json: _Join:friends:_User: 2 friend rows refer to users of the unreadable _User.json",
        "_User.json: _User: invalid JSON at line 1, column 19: JSON document ended early in the middle of an object or array",
        "graph: 1 Graph file refers to users of the unreadable _User.json",
      ])
    #expect(result.failure?.isFileLevelFailure == true)
  }

  @Test("an unreadable _Role.json collapses the rows that name its roles")
  func unreadableRolesCollapseTheirRows() throws {
    let folder = try TemporaryDirectory()
    try Self.writeExport(at: folder.path)
    let export = try ExportWriter(root: folder.path)
    try export.writeFile("_Role.json", Array("[{\"objectId\": \"r1\", \"name\": \"x\"},]".utf8))
    try export.writeClass(
      "_Join:users:_Role",
      [["owningId": "r1", "relatedId": "uA"], ["owningId": "r1", "relatedId": "uB"]])
    let lines = try ExportImporter.load(folder.path).report.sorted.map(\.description)
    #expect(
      lines == [
        "_Join:users:_Role.json: _Join:users:_Role: 2 role rows refer to roles of the unreadable _Role.json",
        "_Role.json: _Role: invalid JSON at line 1, column 34: trailing comma in array",
      ])
  }

  @Test("a class file over its size cap fails the build before the output exists")
  func classFileOverItsCap() throws {
    let folder = try TemporaryDirectory()
    try Self.writeExport(at: folder.url("export"))
    var settings = SiteBuilder.Settings(export: folder.url("export"), output: folder.url("site"))
    settings.pipeline.importLimits.classFileBytes = 300
    let error = #expect(throws: BuildError.self) { try SiteBuilder(settings: settings).build() }
    guard case .unusableExport(.unreadableClassFiles(let problems), _)? = error else {
      Issue.record("not an unusable export: \(String(describing: error))")
      return
    }
    #expect(problems.map(\.file) == ["WallImage.json", "WallImageComment.json"])
    #expect(problems.allSatisfy { $0.reason.hasSuffix("exceeds the limit of 300 bytes") })
    #expect(FileSystem.kind(of: folder.url("site")) == .missing)
    #expect(FileSystem.kind(of: folder.url(".wallgen")) == .missing)
  }

  /// A zip of the small export, with `WallImage.json` made by `entry`.
  static func zipExport(wallImage entry: (_ json: [UInt8]) -> RawZipEntry) throws -> [UInt8] {
    let folder = try TemporaryDirectory()
    try writeExport(at: folder.path)
    var entries: [RawZipEntry] = []
    for name in SiteTree.files(in: folder.path) {
      let bytes = try FileSystem.readFile(folder.url(name), limit: 1 << 20)
      entries.append(name == "WallImage.json" ? entry(bytes) : RawZipEntry(name, data: bytes))
    }
    return ZipFixtures.rawArchive(entries)
  }

  @Test("a zip whose WallImage.json cannot be inflated, or whose entry is refused, fails the build")
  func zipClassFileUnreadableOrRefused() throws {
    let garbled = try Self.zipExport { json in
      RawZipEntry(
        "WallImage.json", data: [0xFF, 0xFF, 0xFF, 0xFF], method: 8,
        crc32: ZipFixtures.crc32(json), uncompressedSize: UInt64(json.count))
    }
    let smuggled = try Self.zipExport { json in
      var entry = RawZipEntry("WallImage.json", data: json)
      entry.localName = Array("WallImagf.json".utf8)
      return entry
    }
    for (zip, reason) in [(garbled, "cannot be read: "), (smuggled, "zip entry refused: ")] {
      let folder = try TemporaryDirectory()
      try FileSystem.writeAtomically(zip, to: folder.url("export.zip"))
      let captured = CapturedConsole()
      let code = WallCLI.run(
        ["build", folder.url("export.zip"), "-o", folder.url("site")], console: captured.console)
      #expect(code == .failure)
      #expect(captured.err.count { $0.hasPrefix("WallImage.json: WallImage: \(reason)") } == 1)
      #expect(FileSystem.kind(of: folder.url("site")) == .missing)
    }
  }

  @Test(
    "an export with no user, or with users but no class file of walls, exits 1 with a hint",
    arguments: ["nothing", "no user", "no wall class"])
  func noUserOrNoWalls(kind: String) throws {
    let folder = try TemporaryDirectory()
    let export = try ExportWriter(root: folder.url("export"))
    if kind != "nothing" {
      try export.writeClass(
        "_User", kind == "no user" ? [] : [P.user("uA", username: "ann", fbId: "1")])
    }
    let expected: ImportError =
      kind == "no wall class"
      ? .noWallClassFile(path: folder.url("export"), classFiles: ["_User.json"])
      : .noUsers(path: folder.url("export"))
    for command in ["build", "archive"] {
      let captured = CapturedConsole()
      var arguments = [command, folder.url("export"), "-o", folder.url("out")]
      if command == "archive" { arguments.append("--all") }
      #expect(WallCLI.run(arguments, console: captured.console) == .failure)
      #expect(captured.err.contains("error: [import] \(expected)"), "\(captured.err)")
      #expect(
        captured.err.last?.hasPrefix(
          "hint: an export is the folder, or a .zip of it, that holds _User.json, WallImage.json")
          == true)
      #expect(FileSystem.kind(of: folder.url("out")) == .missing)
    }
    let check = CapturedConsole()
    #expect(WallCLI.run(["check", folder.url("export")], console: check.console) == .failure)
    #expect(check.err.first == "error: [import] \(expected)")
  }

  @Test("archive refuses an export with an unreadable class file before writing anything")
  func archiveRefuses() throws {
    let folder = try TemporaryDirectory()
    try Self.writeExport(at: folder.url("export"))
    try Breakage.extraComma.apply(in: folder.url("export"))
    let captured = CapturedConsole()
    let code = WallCLI.run(
      ["archive", folder.url("export"), "--all", "-o", folder.url("bundles")],
      console: captured.console)
    #expect(code == .failure)
    #expect(captured.err.count { $0.hasPrefix("WallImageComment.json: ") } == 1)
    #expect(FileSystem.kind(of: folder.url("bundles")) == .missing)
  }

  @Test(
    "serve: a rebuild of a broken export prints the problem and keeps the last good site",
    arguments: BuildEngine.allCases)
  func serveKeepsTheLastGoodSite(engine: BuildEngine) throws {
    let folder = try TemporaryDirectory()
    try Self.writeExport(at: folder.url("export"))
    let settings = SiteBuilder.Settings(export: folder.url("export"), output: folder.url("site"))
    let first = CapturedConsole()
    #expect(WallCLI.rebuild({ settings }, engine: engine, console: first.console, verbose: true))
    let before = try TreeSnapshot(folder.url("site"), folder.url(".wallgen"))

    try Breakage.cutInHalf.apply(in: folder.url("export"))
    let second = CapturedConsole()
    #expect(
      !WallCLI.rebuild({ settings }, engine: engine, console: second.console, verbose: false))
    let state = folder.url(".wallgen/site")
    #expect(
      try TreeSnapshot(folder.url("site"), folder.url(".wallgen")).ignoringTime(of: state)
        == before.ignoringTime(of: state))
    #expect(second.err.count { $0.hasPrefix("WallImage.json: WallImage: invalid JSON at") } == 1)
    #expect(second.err.last == "the pages served are those of the last good build")
  }
}

/// Every file and folder under some roots: kind, modification time (nanoseconds) and bytes.
struct TreeSnapshot: Equatable {
  struct Entry: Equatable {
    var isFolder: Bool
    var modified: Int64
    var bytes: [UInt8]
  }

  var entries: [String: Entry] = [:]

  init(_ roots: String...) throws {
    for root in roots {
      try add(root)
      for relative in try FileManager.default.subpathsOfDirectory(atPath: root) {
        try add("\(root)/\(relative)")
      }
    }
  }

  /// The snapshot with the modification time of the folder `path` left out.
  func ignoringTime(of path: String) -> TreeSnapshot {
    var copy = self
    copy.entries[path]?.modified = 0
    return copy
  }

  private mutating func add(_ path: String) throws {
    var info = stat()
    guard lstat(path, &info) == 0 else { throw FileSystemError.notFound(path: path) }
    let isFolder = (info.st_mode & S_IFMT) == S_IFDIR
    entries[path] = Entry(
      isFolder: isFolder,
      modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
      bytes: isFolder ? [] : try FileSystem.readFile(path, limit: 1 << 26))
  }
}

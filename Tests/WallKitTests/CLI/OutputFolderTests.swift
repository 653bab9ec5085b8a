import Foundation
import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// wallgen writes and deletes only what it owns (issue #21, item 3): `/`, the home folder, the
/// export and a folder holding it are refused by every command that writes a site, whatever the
/// spelling; a folder wallgen did not make is written into only with `--force`; nothing is
/// written or pruned through a symlink inside the output; `archive` replaces only its own bags.
@Suite(.fullTier) struct OutputFolderTests {
  typealias P = ParseFixtures

  /// What a build, an archive or a sharded build into `/` would make there.
  static let rootEntries = [
    "/index.html", "/people.js", "/.wallgen", "/.wallgen-cache", "/walls", "/assets", "/uA",
    "/uA.zip", "/.urls.tsv",
  ]

  /// Whether none of `rootEntries` exists, so a test can see that none was made.
  static let rootIsClean = rootEntries.allSatisfy { FileSystem.linkKind(of: $0) == .missing }

  static let hasWallgen = BuiltProduct.wallgen != nil

  /// Runs the built `wallgen` with `arguments`, and `HOME` set to `home`, to its end.
  ///
  /// Returns the exit code and stderr. A run still going after two minutes (a `serve` that was
  /// not refused) is terminated, which fails the test's exit code check.
  static func run(_ arguments: [String], home: String? = nil) throws -> (code: Int32, err: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(BuiltProduct.wallgen))
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    if let home { environment["HOME"] = home }
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = pipe
    try process.run()
    let stop = DispatchWorkItem { if process.isRunning { process.terminate() } }
    DispatchQueue.global().asyncAfter(deadline: .now() + 120, execute: stop)
    let err = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    stop.cancel()
    return (process.terminationStatus, String(decoding: err, as: UTF8.self))
  }

  /// An export of `users` (objectIds `uA`, `uB`, …), each with one tiny photo.
  static func writeExport(at root: String, users: [String] = ["uA"]) throws {
    let export = try ExportWriter(root: root)
    try export.writeClass(
      "_User",
      users.enumerated().map { P.user($1, username: "user\($0)", fbId: "\($0 + 1)") })
    try export.writeClass(
      "WallImage",
      users.indices.map {
        P.image("i\($0)", uploaderFBId: "\($0 + 1)", username: "", fileName: "p\($0).jpg", at: $0)
      })
    for index in users.indices {
      try export.writeFile(
        "files/p\(index).jpg", try ImageFixtures.gradientJPEG(width: 16 + index, height: 12))
    }
  }

  /// Every command that writes a site, into `output`: build, archive, serve, a shard and the
  /// finalize step of `plan`.
  static func siteCommands(export: String, plan: String, output: String) -> [[String]] {
    [
      ["build", export, "-o", output, "-q"],
      ["build", export, "-o", output, "-q", "--force"],
      ["archive", export, "--all", "--zip", "-o", output, "-q", "--force"],
      ["serve", export, "-o", output, "--port", "0", "-q", "--force"],
      ["build", "--plan", plan, "--shard", "0/1", "-o", output, "-q", "--force"],
      ["build", "--plan", plan, "--finalize", "-o", output, "-q", "--force"],
    ]
  }

  /// A tiny export and its plan in `folder`.
  static func exportAndPlan(in folder: TemporaryDirectory) throws -> (String, String) {
    let (export, plan) = (folder.url("export"), folder.url("plan.sqlite"))
    try writeExport(at: export)
    #expect(try run(["plan", export, "-o", plan, "-q"]).code == 0)
    return (export, plan)
  }

  @Test(
    "/, //, /./ and /../ are refused by every command, with --force too, and nothing is made",
    .enabled(if: hasWallgen, "no wallgen executable beside the test bundle"),
    .enabled(
      if: rootIsClean,
      "one of \(rootEntries.joined(separator: " ")) exists already, so a run writing it could not be told"
    ))
  func rootSpellings() throws {
    let folder = try TemporaryDirectory()
    let (export, plan) = try Self.exportAndPlan(in: folder)
    let (root, media) = (FileSystem.contents(of: "/"), FileSystem.contents(of: "/media"))
    for output in ["/", "//", "/./", "/../"] {
      for command in Self.siteCommands(export: export, plan: plan, output: output) {
        let (code, err) = try Self.run(command)
        #expect(code == 64, "\(command): \(err)")
        #expect(err.contains("is the root of the file system"), "\(command): \(err)")
      }
    }
    #expect(Self.rootEntries.allSatisfy { FileSystem.linkKind(of: $0) == .missing })
    #expect(FileSystem.contents(of: "/") == root)
    #expect(FileSystem.contents(of: "/media") == media)
  }

  @Test(
    "$HOME, in any spelling or through a symlink, and a folder holding it are refused",
    .enabled(if: hasWallgen, "no wallgen executable beside the test bundle"))
  func homeSpellings() throws {
    let folder = try TemporaryDirectory()
    let (export, plan) = try Self.exportAndPlan(in: folder)
    let home = folder.url("users/me")
    try FileSystem.createDirectory(home)
    try FileManager.default.createSymbolicLink(
      atPath: folder.url("link"), withDestinationPath: home)
    let spellings = [
      home, home + "/", home + "//", home + "/.", folder.url("users/nobody/../me"),
      folder.url("link"), folder.url("link/"), folder.url("users"), folder.url("users/"),
    ]
    var commands = spellings.flatMap { output in
      [["build", export, "-o", output, "-q"], ["build", export, "-o", output, "-q", "--force"]]
    }
    commands += Self.siteCommands(export: export, plan: plan, output: home)
    for command in commands {
      let (code, err) = try Self.run(command, home: home)
      #expect(code == 64, "\(command): \(err)")
      #expect(err.contains("your home folder (\(home)) or holds it"), "\(command): \(err)")
    }
    #expect(FileSystem.contents(of: home).isEmpty)
    #expect(FileSystem.contents(of: folder.url("users")) == ["me"])
    #expect(FileSystem.kind(of: folder.url(".wallgen")) == .missing)
  }

  @Test(
    "the export, a symlink to it, and a folder holding it are refused in every spelling",
    .enabled(if: hasWallgen, "no wallgen executable beside the test bundle"))
  func exportSpellings() throws {
    let folder = try TemporaryDirectory()
    let (export, plan) = try Self.exportAndPlan(in: folder)
    let links = try TemporaryDirectory()
    try FileManager.default.createSymbolicLink(
      atPath: links.url("to-export"), withDestinationPath: export)
    try FileManager.default.createSymbolicLink(
      atPath: links.url("to-folder"), withDestinationPath: folder.path)
    let before = try TreeSnapshot(export)
    let outputs = [
      export, export + "/", export + "//", export + "/.", export + "/files/..",
      links.url("to-export"), links.url("to-export/"), folder.path, folder.path + "/",
      export + "/..", links.url("to-folder"),
    ]
    for output in outputs {
      for command in Self.siteCommands(export: export, plan: plan, output: output) {
        let (code, err) = try Self.run(command)
        #expect(code == 64, "\(command): \(err)")
        #expect(err.contains("inside the"), "\(command): \(err)")
      }
    }
    #expect(try TreeSnapshot(export) == before)
    #expect(FileSystem.contents(of: folder.path) == ["export", "plan.sqlite"])
    #expect(FileSystem.kind(of: SiteBuilder.stateFolder(for: folder.path)) == .missing)
  }

  @Test(
    "a folder of the user's own files is refused untouched; --force writes into it, keeping them",
    .enabled(if: hasWallgen, "no wallgen executable beside the test bundle"))
  func foreignFolder() throws {
    let folder = try TemporaryDirectory()
    let (export, plan) = try Self.exportAndPlan(in: folder)
    let site = folder.url("mine")
    try FileSystem.writeAtomically("<p>my own page</p>", to: "\(site)/index.html")
    try FileSystem.writeAtomically("my notes", to: "\(site)/notes/todo.txt")
    let before = try TreeSnapshot(site)
    for command in [
      ["build", export, "-o", site, "-q"], ["archive", export, "--all", "-o", site, "-q"],
      ["serve", export, "-o", site, "--port", "0", "-q"],
      ["build", "--plan", plan, "--shard", "0/1", "-o", site, "-q"],
      ["build", "--plan", plan, "--finalize", "-o", site, "-q"],
    ] {
      let (code, err) = try Self.run(command)
      #expect(code == 64, "\(command): \(err)")
      #expect(err.contains("the output folder \(site) is not empty and wallgen did not make it"))
      #expect(err.contains("--force"))
      #expect(try TreeSnapshot(site) == before)
      #expect(FileSystem.kind(of: folder.url(".wallgen")) == .missing)
    }
    let (code, err) = try Self.run(["build", export, "-o", site, "-q", "--force"])
    #expect(code == 0, "\(err)")
    #expect(try FileSystem.readFile("\(site)/notes/todo.txt", limit: 64) == Array("my notes".utf8))
    #expect(FileSystem.kind(of: "\(site)/walls/uA/index.html") == .regular)
    // wallgen made it its own now: no --force needed any more.
    #expect(try Self.run(["build", export, "-o", site, "-q"]).code == 0)
    #expect(
      try Self.run(["build", "--plan", plan, "--shard", "0/1", "-o", site, "-q"]).code == 0)
    #expect(try Self.run(["build", "--plan", plan, "--finalize", "-o", site, "-q"]).code == 0)
    #expect(try FileSystem.readFile("\(site)/notes/todo.txt", limit: 64) == Array("my notes".utf8))
  }

  @Test(
    "a wall folder made a symlink is not written through: the build fails naming it",
    .enabled(if: hasWallgen, "no wallgen executable beside the test bundle"),
    arguments: BuildEngine.allCases)
  func writeThroughSymlink(engine: BuildEngine) throws {
    let onEngine = ["--engine", engine.rawValue]
    let folder = try TemporaryDirectory()
    let (export, site, outside) = (folder.url("export"), folder.url("site"), folder.url("outside"))
    try Self.writeExport(at: export)
    #expect(try Self.run(["build", export, "-o", site, "-q"] + onEngine).code == 0)
    try FileSystem.writeAtomically("mine", to: "\(outside)/index.html")
    try FileManager.default.removeItem(atPath: "\(site)/walls/uA")
    try FileManager.default.createSymbolicLink(
      atPath: "\(site)/walls/uA", withDestinationPath: outside)
    // A full build, not the check that nothing changed.
    try FileSystem.removeFile("\(SiteBuilder.stateFolder(for: site))/last-build.json")
    let (code, err) = try Self.run(["build", export, "-o", site, "-q"] + onEngine)
    #expect(code == 1, "\(err)")
    #expect(err.contains("\(site)/walls/uA: cannot write: is a symbolic link inside"), "\(err)")
    #expect(try FileSystem.readFile("\(outside)/index.html", limit: 64) == Array("mine".utf8))
    #expect(FileSystem.contents(of: outside) == ["index.html"])
  }

  @Test(
    "the prune does not delete through a symlinked wall folder: the file outside survives",
    .enabled(if: hasWallgen, "no wallgen executable beside the test bundle"),
    arguments: BuildEngine.allCases)
  func pruneThroughSymlink(engine: BuildEngine) throws {
    let onEngine = ["--engine", engine.rawValue]
    let folder = try TemporaryDirectory()
    let (export, site, outside) = (folder.url("export"), folder.url("site"), folder.url("outside"))
    try Self.writeExport(at: export, users: ["uA", "uB"])
    #expect(try Self.run(["build", export, "-o", site, "-q"] + onEngine).code == 0)
    try FileSystem.writeAtomically("mine", to: "\(outside)/index.html")
    try FileManager.default.removeItem(atPath: "\(site)/walls/uB")
    try FileManager.default.createSymbolicLink(
      atPath: "\(site)/walls/uB", withDestinationPath: outside)
    // uB leaves the export: the build prunes walls/uB/index.html.
    try FileManager.default.removeItem(atPath: export)
    try Self.writeExport(at: export, users: ["uA"])
    let (code, err) = try Self.run(["build", export, "-o", site, "-q"] + onEngine)
    #expect(code == 1, "\(err)")
    #expect(err.contains("\(site)/walls/uB: cannot write: is a symbolic link inside"), "\(err)")
    #expect(try FileSystem.readFile("\(outside)/index.html", limit: 64) == Array("mine".utf8))
  }

  @Test(
    "archive --force leaves a folder or zip of a user's name that it did not write, untouched",
    .enabled(if: hasWallgen, "no wallgen executable beside the test bundle"))
  func archiveForeignBundle() throws {
    let folder = try TemporaryDirectory()
    let export = folder.url("export")
    try Self.writeExport(at: export)
    let out = folder.url("home")
    // uA's username is user0: the bundle is user0-wall.
    try FileSystem.writeAtomically("my documents", to: "\(out)/user0-wall/letter.txt")
    try FileSystem.writeAtomically("not a bag", to: "\(out)/other/bag-info.txt")
    let before = try TreeSnapshot(out)
    let (code, err) = try Self.run(["archive", export, "--all", "-o", out, "-q", "--force"])
    #expect(code == 64, "\(err)")
    #expect(
      err.contains("\(out)/user0-wall: a bundle goes here, and this is not one wallgen wrote"))
    #expect(try TreeSnapshot(out) == before)

    // A zip of the name: refused the same way.
    let zipOut = folder.url("zips")
    try FileSystem.writeAtomically("my zip", to: "\(zipOut)/user0-wall.zip")
    let zipBefore = try TreeSnapshot(zipOut)
    let zipped = try Self.run(["archive", export, "--all", "--zip", "-o", zipOut, "-q", "--force"])
    #expect(zipped.code == 64, "\(zipped.err)")
    #expect(zipped.err.contains("\(zipOut)/user0-wall.zip: a bundle goes here"))
    #expect(try TreeSnapshot(zipOut) == zipBefore)

    // wallgen's own bags and zips are replaced, also a zip whose bag was deleted.
    let own = folder.url("archive")
    #expect(try Self.run(["archive", export, "--all", "--zip", "-o", own, "-q"]).code == 0)
    try FileManager.default.removeItem(atPath: "\(own)/user0-wall")
    #expect(try Self.run(["archive", export, "--all", "--zip", "-o", own, "-q"]).code == 0)
    #expect(FileSystem.kind(of: "\(own)/user0-wall/bag-info.txt") == .regular)
    // A folder of its bags stays wallgen's when the cache is deleted.
    try FileManager.default.removeItem(atPath: "\(own)/\(Archiver.cacheFolder)")
    #expect(try Self.run(["archive", export, "--all", "-o", own, "-q"]).code == 0)
  }
}

import Foundation
import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// A build that cannot write its output (a full disk, a read-only folder) or that `--strict`
/// refuses exits 1 and leaves the previous site and its state folder byte for byte as they
/// were; the failure is not remembered as an image's, so the next build with room publishes
/// the real photos.
@Suite(.fullTier, .serialized) struct PublishSafetyTests {
  typealias P = ParseFixtures

  /// Three friends, photos `p1`…`p<photos>` and a comment; `version` changes the comment's text
  /// and every photo's bytes, so a second build rewrites pages and makes new media.
  static func writeExport(at root: String, version: Int, photos: Int = 4) throws {
    let export = try ExportWriter(root: root)
    try export.writeClass(
      "_User",
      (1...3).map { P.user("u\($0)", username: "user\($0)", fbId: "\($0)", name: "User \($0)") })
    try export.writeClass(
      "_Join:friends:_User",
      (1...3).flatMap { a in (1...3).filter { $0 != a }.map { P.friendRow("u\(a)", "u\($0)") } })
    try export.writeClass(
      "WallImage",
      (1...photos).map {
        P.image(
          "i\($0)", uploaderFBId: "\(($0 - 1) % 3 + 1)", username: "", fileName: "p\($0).jpg",
          at: $0 * 60)
      })
    try export.writeClass(
      "WallImageComment",
      [P.comment("c1", on: "i1", byFBId: "2", username: "", text: "version \(version)", at: 999)])
    for index in 1...photos {
      try export.writeFile(
        "files/p\(index).jpg",
        ImageFixtures.gradientJPEG(width: 24 + index + version * 8, height: 16))
    }
  }

  /// Every file of the site and of its state folder, with its bytes.
  static func snapshot(site: String) throws -> [String: [UInt8]] {
    var files: [String: [UInt8]] = [:]
    for (path, bytes) in try SiteTree.contents(of: site) { files["site/\(path)"] = bytes }
    for (path, bytes) in try SiteTree.contents(of: SiteBuilder.stateFolder(for: site)) {
      files["state/\(path)"] = bytes
    }
    return files
  }

  /// Runs `wallgen build` in this process.
  static func build(_ export: String, _ site: String, _ flags: [String] = []) -> (
    WallCLI.ExitCode, CapturedConsole
  ) {
    let captured = CapturedConsole()
    let code = WallCLI.run(
      ["build", export, "-o", site, "-q", "-j", "2"] + flags, console: captured.console)
    return (code, captured)
  }

  /// Whether any page of the site shows a placeholder instead of a photo.
  static func showsPlaceholder(_ site: String) throws -> Bool {
    try SiteTree.contents(of: site).contains { path, bytes in
      path.hasSuffix(".html")
        && String(decoding: bytes, as: UTF8.self).contains("Photo unavailable")
    }
  }

  @Test(
    "a disk that fills up mid-build: exit 1, the previous site and state byte for byte, nothing left behind",
    .enabled(if: Mounts.canMount, "needs root to mount a small tmpfs"),
    arguments: BuildEngine.allCases)
  func diskFull(engine: BuildEngine) throws {
    let onEngine = ["--engine", engine.rawValue]
    let folder = try TemporaryDirectory("full")
    try Self.writeExport(at: folder.url("v1"), version: 1)
    try Self.writeExport(at: folder.url("v2"), version: 2)
    let disk = folder.url("disk")
    try Mounts.mount(["-t", "tmpfs", "-o", "size=4m", "tmpfs", disk])
    defer { Mounts.unmount(disk) }
    let site = "\(disk)/site"
    #expect(Self.build(folder.url("v1"), site, onEngine).0 == .success)
    let before = try Self.snapshot(site: site)
    // Leave room for a few files only: the second build's pages and photos do not fit.
    try Mounts.fill(disk, leaving: 3, file: "\(disk)/filler")

    let (code, captured) = Self.build(folder.url("v2"), site, onEngine)
    #expect(code == .failure)
    #expect(captured.err.contains { $0.contains("No space left on device") }, "\(captured.err)")
    #expect(
      captured.err.last
        == "hint: nothing was published: '\(site)' and its state folder were left as they were")
    #expect(try Self.snapshot(site: site) == before)
    #expect(FileSystem.kind(of: "\(disk)/.wallgen/site/staging") == .missing)

    // With room again, the build publishes the new version: nothing was remembered.
    try FileSystem.removeFile("\(disk)/filler")
    #expect(Self.build(folder.url("v2"), site, onEngine).0 == .success)
    #expect(try !Self.showsPlaceholder(site))
    let clean = folder.url("clean")
    #expect(Self.build(folder.url("v2"), clean, onEngine).0 == .success)
    #expect(try SiteTree.contents(of: site) == SiteTree.contents(of: clean))
  }

  @Test(
    "a read-only media folder: exit 1, the site unchanged, and a later build writes the real photos",
    .enabled(if: Mounts.canMount, "needs root to make a read-only bind mount"),
    arguments: BuildEngine.allCases)
  func readOnlyMediaFolder(engine: BuildEngine) throws {
    let onEngine = ["--engine", engine.rawValue]
    let folder = try TemporaryDirectory("readonly")
    try Self.writeExport(at: folder.url("v1"), version: 1, photos: 3)
    try Self.writeExport(at: folder.url("v2"), version: 2, photos: 4)
    let site = folder.url("site")
    #expect(Self.build(folder.url("v1"), site, onEngine).0 == .success)
    let before = try Self.snapshot(site: site)
    let media = "\(site)/media"
    try Mounts.mount(["--bind", media, media])
    defer { Mounts.unmount(media) }
    try Mounts.mount(["-o", "remount,bind,ro", media])

    let (code, captured) = Self.build(folder.url("v2"), site, onEngine)
    #expect(code == .failure)
    #expect(
      captured.err.contains {
        $0.hasPrefix("error: [publish] \(media)") && $0.contains("Read-only")
      },
      "\(captured.err)")
    #expect(try Self.snapshot(site: site) == before)

    Mounts.unmount(media)
    #expect(Self.build(folder.url("v2"), site, onEngine).0 == .success)
    #expect(try !Self.showsPlaceholder(site))
  }

  @Test(
    "not as root: a media folder the build may not write fails it, and is not remembered",
    .enabled(
      if: Mounts.canSwitchUser && BuiltProduct.wallgen != nil,
      "needs root, setpriv and the wallgen executable to run a build as nobody"),
    arguments: BuildEngine.allCases)
  func unwritableMediaFolderAsNobody(engine: BuildEngine) throws {
    let executable = try #require(BuiltProduct.wallgen)
    let folder = try TemporaryDirectory("nobody")
    try Self.writeExport(at: folder.url("v1"), version: 1, photos: 3)
    try Self.writeExport(at: folder.url("v2"), version: 2, photos: 4)
    let out = folder.url("out")
    try FileSystem.createDirectory(out)
    // nobody reads the exports and owns the folder of the site.
    #expect(chmod(folder.path, 0o755) == 0)
    #expect(chown(out, 65534, 65534) == 0)
    let site = "\(out)/site"
    let asNobody = { (export: String) throws -> (Int32, String) in
      try Mounts.run(
        "/usr/bin/setpriv",
        [
          "--reuid=65534", "--regid=65534", "--clear-groups", executable, "build", export, "-o",
          site, "-q", "-j", "2", "--engine", engine.rawValue,
        ])
    }
    #expect(try asNobody(folder.url("v1")).0 == 0)
    let before = try Self.snapshot(site: site)
    #expect(chmod("\(site)/media", 0o555) == 0)

    let (status, errors) = try asNobody(folder.url("v2"))
    #expect(status == 1)
    #expect(errors.contains("error: [publish] \(site)/media"), "\(errors)")
    #expect(errors.contains("Permission denied"), "\(errors)")
    #expect(try Self.snapshot(site: site) == before)

    #expect(chmod("\(site)/media", 0o755) == 0)
    #expect(try asNobody(folder.url("v2")).0 == 0)
    #expect(try !Self.showsPlaceholder(site))
  }

  @Test(
    "a state folder on another file system: the build stages inside the output and publishes the same site",
    .enabled(if: Mounts.canMount, "needs root to mount a tmpfs for the state folder"))
  func stateOnAnotherFileSystem() throws {
    let folder = try TemporaryDirectory("elsewhere")
    try Self.writeExport(at: folder.url("v1"), version: 1)
    try Self.writeExport(at: folder.url("v2"), version: 2)
    let state = folder.url("state")
    try Mounts.mount(["-t", "tmpfs", "-o", "size=8m", "tmpfs", state])
    defer { Mounts.unmount(state) }
    for version in ["v1", "v2"] {
      var settings = SiteBuilder.Settings(export: folder.url(version), output: folder.url("site"))
      settings.stateFolder = state
      _ = try SiteBuilder(settings: settings).build()
      let clean = folder.url("clean-\(version)")
      #expect(Self.build(folder.url(version), clean).0 == .success)
      #expect(try SiteTree.contents(of: folder.url("site")) == SiteTree.contents(of: clean))
      #expect(FileSystem.kind(of: folder.url("site/.wallgen-staging")) == .missing)
      #expect(FileSystem.kind(of: "\(state)/\(BuildManifest.fileName)") == .regular)
    }
  }

  @Test(
    "--strict with problems: exit 1, the previous site and state byte for byte",
    arguments: BuildEngine.allCases)
  func strictLeavesTheSite(engine: BuildEngine) throws {
    let folder = try TemporaryDirectory()
    try Self.writeExport(at: folder.url("v1"), version: 1)
    try Self.writeExport(at: folder.url("v2"), version: 2)
    try FileSystem.removeFile(folder.url("v2/files/p4.jpg"))
    let site = folder.url("site")
    let strict = ["--strict", "--engine", engine.rawValue]
    #expect(Self.build(folder.url("v1"), site, strict).0 == .success)
    let before = try Self.snapshot(site: site)

    let (code, captured) = Self.build(folder.url("v2"), site, strict)
    #expect(code == .failure)
    #expect(captured.err.contains { $0.contains("missing file \"files/p4.jpg\"") })
    #expect(
      captured.err.contains(
        "error: [strict] 1 problem reported and --strict is on, so nothing was published"))
    #expect(try Self.snapshot(site: site) == before)
    // Without --strict the same export is published, its problem reported.
    #expect(Self.build(folder.url("v2"), site, ["--engine", engine.rawValue]).0 == .success)
    #expect(try Self.snapshot(site: site) != before)
  }
}

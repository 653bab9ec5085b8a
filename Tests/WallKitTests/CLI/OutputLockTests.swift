import Foundation
import Testing
import WallKit
import WallKitTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// One wallgen at a time writes into an output: a second build, `serve`, finalize or one-process
/// build over running shards exits 75 naming the holder, `--wait` waits for it, and a lock file
/// left by a killed process blocks nothing.
@Suite(.fullTier) struct OutputLockTests {
  static let hasWallgen = BuiltProduct.wallgen != nil

  /// An export at `folder/export`, built once into `folder/site` in this process.
  static func builtSite(in folder: TemporaryDirectory) throws -> (export: String, site: String) {
    let export = folder.url("export")
    try LockFixture.writeExport(at: export, tag: "one")
    let site = folder.url("site")
    let captured = CapturedConsole()
    let code = WallCLI.run(["build", export, "-o", site, "-q"], console: captured.console)
    #expect(code == .success, "\(captured.err)")
    return (export, site)
  }

  /// Starts `wallgen arguments` held at the start of `step` (`StepPause`) and waits until it is
  /// there, holding the output's lock.
  static func startHeld(
    _ arguments: [String], at step: String, in folder: TemporaryDirectory, name: String
  ) throws -> Process {
    let marker = folder.url("\(name).paused")
    let process = try WallgenProcess.start(
      arguments, in: folder.path,
      environment: ["WALLGEN_TEST_PAUSE_AT": step, "WALLGEN_TEST_PAUSE_MARKER": marker])
    let paused = Deadline.wait(seconds: 120) {
      FileSystem.kind(of: marker) == .regular || !process.isRunning
    }
    if !(paused && process.isRunning) { kill(process) }
    // Without a holder the commands below would not be refused (serve would run on).
    try #require(paused && process.isRunning, "\(name) did not hold at \(step)")
    return process
  }

  static func kill(_ process: Process) {
    _ = Glibc.kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  @Test(
    "a build, serve or archive into an output being built exits 75 naming the build's pid and command line",
    .enabled(if: hasWallgen, "no wallgen executable beside the test bundle"))
  func refusedWhileHeld() throws {
    let folder = try TemporaryDirectory("lock")
    let (export, site) = try Self.builtSite(in: folder)
    let before = try SiteTree.contents(of: site)
    let holder = try Self.startHeld(
      ["build", export, "-o", site, "--quiet"], at: "import", in: folder, name: "holder")
    defer { Self.kill(holder) }
    let named =
      "another wallgen (pid \(holder.processIdentifier): wallgen build \(export) -o \(site) --quiet)"
    for (command, extra) in [("build", ["-q"]), ("serve", ["-p", "0", "-q"])] {
      let (status, err) = try WallgenProcess.run(
        [command, export, "-o", site] + extra, in: folder.path)
      #expect(status == 75, "\(command): \(err)")
      #expect(
        err.contains(
          "the output '\(site)' is being written by \(named); wait for it, or run again with --wait"
        ),
        "\(command): \(err)")
    }
    #expect(try SiteTree.contents(of: site) == before)
    // An archive's lock is in its own folder's cache: one archive at a time into a folder.
    let archive = folder.url("archive")
    let archiver = try Self.startHeld(
      ["archive", export, "--all", "-o", archive, "-q"], at: "media", in: folder, name: "archiver")
    defer { Self.kill(archiver) }
    let (status, err) = try WallgenProcess.run(
      ["archive", export, "--all", "-o", archive, "-q"], in: folder.path)
    #expect(status == 75, "\(err)")
    #expect(err.contains("pid \(archiver.processIdentifier): wallgen archive"), "\(err)")
  }

  @Test(
    "--wait waits for the holder: a build killed holding the lock lets the waiting one publish",
    .enabled(if: hasWallgen, "no wallgen executable beside the test bundle"))
  func waitsForTheHolder() throws {
    let folder = try TemporaryDirectory("lock-wait")
    let (export, site) = try Self.builtSite(in: folder)
    let other = folder.url("export-two")
    try LockFixture.writeExport(at: other, tag: "two")
    let holder = try Self.startHeld(
      ["build", export, "-o", site, "--quiet"], at: "import", in: folder, name: "holder")
    let log = folder.url("waiter.err")
    let waiter = try WallgenProcess.start(
      ["build", other, "-o", site, "-q", "--wait"], in: folder.path, stderr: log)
    let waiting = Deadline.wait(seconds: 120) {
      ((try? FileSystem.readFile(log, limit: 1 << 20)).map {
        String(decoding: $0, as: UTF8.self).contains("waiting: the output")
      } ?? false) || !waiter.isRunning
    }
    #expect(waiting && waiter.isRunning, "the --wait build did not wait")
    Self.kill(holder)
    waiter.waitUntilExit()
    #expect(waiter.terminationStatus == 0)
    let text = String(decoding: try FileSystem.readFile(log, limit: 1 << 20), as: UTF8.self)
    #expect(text.contains("pid \(holder.processIdentifier): wallgen build"), "\(text)")
    let fresh = folder.url("fresh")
    let captured = CapturedConsole()
    #expect(
      WallCLI.run(["build", other, "-o", fresh, "-q"], console: captured.console) == .success)
    #expect(try SiteTree.contents(of: site) == SiteTree.contents(of: fresh))
  }

  @Test("a lock file naming a process that is gone blocks nothing, and is gone after the build")
  func staleLockFile() throws {
    let folder = try TemporaryDirectory("lock-stale")
    let (export, site) = try Self.builtSite(in: folder)
    // The pid of a process that has ended.
    let ended = Process()
    ended.executableURL = URL(fileURLWithPath: "/bin/true")
    try ended.run()
    ended.waitUntilExit()
    let lock = "\(SiteBuilder.stateFolder(for: site))/\(OutputLock.fileName)"
    try FileSystem.writeAtomically(
      "\(ended.processIdentifier) wallgen build \(export) -o \(site)\n", to: lock)
    #expect(OutputLockHolder.holders(in: "\(ended.processIdentifier) wallgen build\n").count == 1)
    let captured = CapturedConsole()
    let code = WallCLI.run(["build", export, "-o", site, "-q"], console: captured.console)
    #expect(code == .success, "\(captured.err)")
    #expect(FileSystem.kind(of: lock) == .missing)
  }

  @Test(
    "the lock file names the living holders: a shard's line stays among others, one gone is left out"
  )
  func holderLines() {
    let me = getpid()
    let text = "\(me) wallgen build --plan p --shard 0/2 -o s\n999999999 wallgen gone\n"
    #expect(
      OutputLockHolder.holders(in: text)
        == [OutputLockHolder(pid: me, command: "wallgen build --plan p --shard 0/2 -o s")])
    #expect(OutputLockHolder.holders(in: "") == [])
    #expect(
      OutputLockHolder.naming([
        OutputLockHolder(pid: 1, command: "a"), OutputLockHolder(pid: 2, command: "b"),
      ]) == "2 other wallgen processes (pid 1: a; pid 2: b)")
  }

  @Test("claims of one output in one process share its lock (serve and its rebuilds)")
  func reentrant() throws {
    let folder = try TemporaryDirectory("lock-again")
    let state = folder.url("state")
    let first = try OutputLock.acquire(folder: state, mode: .exclusive, wait: false)
    let second = try OutputLock.acquire(folder: state, mode: .exclusive, wait: false)
    first.release()
    #expect(FileSystem.kind(of: "\(state)/\(OutputLock.fileName)") == .regular)
    second.release()
    // The lock made the folder; released, it leaves nothing behind.
    #expect(FileSystem.kind(of: state) == .missing)
  }

  @Test(
    "shards share the output: a second shard runs while one is held; a build and finalize exit 75",
    .enabled(if: hasWallgen, "no wallgen executable beside the test bundle"))
  func shardsShare() throws {
    let folder = try TemporaryDirectory("lock-shards")
    let export = folder.url("export")
    try LockFixture.writeExport(at: export, tag: "one")
    let plan = folder.url("plan.sqlite")
    let site = folder.url("site")
    let (planned, planErr) = try WallgenProcess.run(
      ["plan", export, "-o", plan, "-q"], in: folder.path)
    try #require(planned == 0, "\(planErr)")
    let shard = try Self.startHeld(
      ["build", "--plan", plan, "--shard", "0/2", "-o", site, "-q"], at: "media", in: folder,
      name: "shard0")
    defer { Self.kill(shard) }
    let (other, otherErr) = try WallgenProcess.run(
      ["build", "--plan", plan, "--shard", "1/2", "-o", site, "-q"], in: folder.path)
    #expect(other == 0, "\(otherErr)")
    for arguments in [
      ["build", "--plan", plan, "--finalize", "-o", site, "-q"],
      ["build", export, "-o", site, "-q"],
    ] {
      let (status, err) = try WallgenProcess.run(arguments, in: folder.path)
      #expect(status == 75, "\(arguments): \(err)")
      #expect(err.contains("pid \(shard.processIdentifier): wallgen build --plan"), "\(err)")
    }
  }
}

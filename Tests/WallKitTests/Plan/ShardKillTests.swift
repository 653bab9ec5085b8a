import Foundation
import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// A shard killed mid-way and run again gives the same site; until then, finalize refuses,
/// naming it.
@Suite(.fullTier, .serialized) struct ShardKillTests {
  /// The small export with a distinct, larger JPEG per image, so a shard has real work to be
  /// killed in.
  static func makeExport(at root: String) throws {
    let export = ShardedBuildTests.smallExport()
    var photos: [String: [UInt8]] = [:]
    for (position, image) in export.images.enumerated() {
      photos[image.objectId] = try ImageFixtures.gradientJPEG(
        width: 400 + position, height: 300)
    }
    try export.write(to: root) { photos[$0.objectId] }
  }

  /// Runs `wallgen` with `arguments` (and `environment` added to the test's); returns the
  /// process, started.
  static func start(
    _ arguments: [String], environment: [String: String] = [:], stderr: Pipe? = nil
  ) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(BuiltProduct.wallgen))
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = stderr ?? FileHandle.nullDevice
    try process.run()
    return process
  }

  /// Runs `wallgen` to its end; returns its exit code and what it printed on stderr.
  static func run(_ arguments: [String]) throws -> (Int32, String) {
    let pipe = Pipe()
    let process = try start(arguments, stderr: pipe)
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
  }

  @Test(
    "a shard killed mid-way, then run again, gives the one-process site; finalize exits 1 naming it until then",
    .enabled(if: BuiltProduct.wallgen != nil, "no wallgen executable beside the test bundle"))
  func killedShard() throws {
    let folder = try TemporaryDirectory("shard-kill")
    let root = folder.url("export")
    try Self.makeExport(at: root)
    _ = try SiteBuilder(settings: ShardFixture.settings(folder.url("one"), export: root)).build()
    let expected = try ShardFixture.digests(of: folder.url("one"))

    let (plan, site) = (folder.url("plan.sqlite"), folder.url("site"))
    #expect(try Self.run(["plan", root, "-o", plan, "--quiet"]).0 == 0)
    let shard = ["build", "--plan", plan, "-o", site, "--quiet", "--jobs", "2", "--shard"]
    #expect(try Self.run(shard + ["0/2"]).0 == 0)
    let mediaBefore = SiteTree.files(in: "\(site)/media").count
    // The shard holds when its render step starts (its media made, no wall written, its record
    // unfinished), writes the marker and waits there to be killed: it cannot finish first.
    let marker = folder.url("paused")
    let killed = try Self.start(
      shard + ["1/2"],
      environment: ["WALLGEN_TEST_PAUSE_AT": "render", "WALLGEN_TEST_PAUSE_MARKER": marker])
    let paused = Deadline.wait(seconds: 120) {
      FileSystem.kind(of: marker) == .regular || !killed.isRunning
    }
    kill(killed.processIdentifier, SIGKILL)
    killed.waitUntilExit()
    try #require(paused && FileSystem.kind(of: marker) == .regular, "the shard never paused")
    try #require(killed.terminationReason == .uncaughtSignal, "the shard ended before the kill")
    #expect(SiteTree.files(in: "\(site)/media").count > mediaBefore, "shard 1 made no media")

    let finalize = ["build", "--plan", plan, "--finalize", "-o", site, "--quiet"]
    let (status, message) = try Self.run(finalize)
    #expect(status == 1)
    #expect(message.contains("shard 1/2 has not finished"), "\(message)")
    #expect(!message.contains("other settings"), "\(message)")

    #expect(try Self.run(shard + ["1/2"]).0 == 0)
    #expect(try Self.run(finalize).0 == 0)
    let built = try ShardFixture.digests(of: site)
    #expect(built.keys.sorted() == expected.keys.sorted())
    #expect(built == expected, "the site differs from a one-process build")
  }
}

import Foundation
import Testing
import WallKit
import WallKitTestSupport

/// The one manifest format of one-process and sharded builds: each prunes what the other
/// wrote and it does not, and a site whose manifest an older wallgen wrote is pruned as before.
@Suite(.fullTier, .serialized) struct ShardManifestTests {
  /// Rewrites the state folder's manifest as an older wallgen wrote it (`manifest.json`).
  static func makeLegacy(stateRoot: String) throws {
    let manifest = BuildManifest.load(stateRoot: stateRoot)
    let document: JSONValue = [
      "files": .array(manifest.files.map { .string($0) }),
      "records": .array(manifest.records.map { .string($0) }),
    ]
    try FileSystem.writeAtomically(document.serialized, to: "\(stateRoot)/manifest.json")
    try FileSystem.removeFile("\(stateRoot)/\(BuildManifest.fileName)")
  }

  @Test(
    "one-process public, sharded private, one-process public: each site equals a clean build of its kind",
    arguments: [false, true])
  func oneProcessAndShardedInTurn(legacyManifest: Bool) throws {
    let folder = try TemporaryDirectory("manifest-turns")
    let (_, root, plan) = try ShardFixture.plannedSmallExport(in: folder)
    let secret = Array("s3cret-s3cret-s3cret".utf8)
    let (site, publicOne, privateOne) = (
      folder.url("site"), folder.url("public"), folder.url("private")
    )
    _ = try SiteBuilder(settings: ShardFixture.settings(publicOne, export: root)).build()
    _ = try SiteBuilder(settings: ShardFixture.settings(privateOne, export: root, secret: secret))
      .build()
    let state = SiteBuilder.stateFolder(for: site)

    _ = try SiteBuilder(settings: ShardFixture.settings(site, export: root)).build()
    if legacyManifest { try Self.makeLegacy(stateRoot: state) }
    let (sharded, _) = try ShardFixture.buildSharded(
      plan: plan, output: site, count: 3, order: [2, 0, 1], secret: secret)
    // The public walls, the index and its people list are gone: only the private site is left.
    #expect(sharded.summary.filesRemoved > 0)
    #expect(try ShardFixture.digests(of: site) == ShardFixture.digests(of: privateOne))
    #expect(Set(BuildManifest.load(stateRoot: state).files) == Set(SiteTree.files(in: site)))
    #expect(FileSystem.kind(of: "\(state)/manifest.json") == .missing)
    #expect(FileSystem.kind(of: "\(state)/\(BuildManifest.fileName)") == .regular)

    if legacyManifest { try Self.makeLegacy(stateRoot: state) }
    let again = try SiteBuilder(settings: ShardFixture.settings(site, export: root)).build()
    #expect(again.summary.filesRemoved > 0)
    #expect(try ShardFixture.digests(of: site) == ShardFixture.digests(of: publicOne))
    #expect(Set(BuildManifest.load(stateRoot: state).files) == Set(SiteTree.files(in: site)))
    #expect(FileSystem.contents(of: "\(state)/shards") == [])
  }

  @Test(
    "finalize's manifest is every shard's files and its own, each once, sorted; a rerun writes nothing"
  )
  func finalizeManifest() throws {
    let folder = try TemporaryDirectory("manifest-finalize")
    let (_, _, plan) = try ShardFixture.plannedSmallExport(in: folder)
    let site = folder.url("site")
    try ShardFixture.buildSharded(plan: plan, output: site, count: 4, order: [3, 1, 0, 2])
    let state = SiteBuilder.stateFolder(for: site)
    let path = "\(state)/\(BuildManifest.fileName)"
    let text = try String(contentsOfFile: path, encoding: .utf8)
    var lines = text.split(separator: "\n").map(String.init)
    #expect(lines.removeFirst() == BuildManifest.header)
    #expect(lines == SortedLines.sorted(lines))
    let manifest = BuildManifest.load(stateRoot: state)
    #expect(manifest.files == SortedLines.sorted(SiteTree.files(in: site)))
    #expect(
      manifest.records
        == SortedLines.sorted(SiteTree.files(in: "\(state)/media").map { "media/\($0)" }))
    // No scratch file of the merge is left.
    #expect(
      FileSystem.contents(of: "\(state)/shards").sorted() == (0..<4).map { "\($0)-of-4.json" })
    let identity = FileSystem.identity(of: path)
    let rerun = try ShardFinalizer(plan: plan, settings: ShardFixture.settings(site)).build()
    #expect(rerun.summary.filesWritten == 0)
    #expect(FileSystem.identity(of: path) == identity)
  }
}

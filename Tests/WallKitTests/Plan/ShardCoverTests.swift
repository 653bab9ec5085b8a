import Foundation
import Testing
import WallKitTestSupport
import WallSynth

@testable import WallKit
@testable import WallPlan

/// Finalize writes the index from what the shards recorded of their walls (each wall's photo
/// count and cover), corrected where a shard's media came out otherwise than predicted, and
/// never from the walls' contents; a private sharded build equals a private one-process build.
@Suite(.fullTier, .serialized) struct ShardCoverTests {
  static let secret = Array("correct horse battery staple".utf8)

  /// Makes the plan of the export at `root` and returns its path.
  static func plan(_ root: String, in folder: TemporaryDirectory) throws -> String {
    let plan = folder.url("plan.sqlite")
    _ = try PlanWriter(settings: PlanWriter.Settings(export: root, plan: plan)).write()
    return plan
  }

  @Test("finalize writes the one-process index once the plan's images and comments are gone")
  func indexFromShardRecords() throws {
    let folder = try TemporaryDirectory("covers-records")
    let root = folder.url("export")
    try ShardFixture.writePredictable(ShardedBuildTests.smallExport(), to: root)
    let one = try SiteBuilder(settings: ShardFixture.settings(folder.url("one"), export: root))
      .build()
    let expected = try ShardFixture.digests(of: folder.url("one"))
    let index = String(
      decoding: try FileSystem.readFile(folder.url("one/index.html"), limit: 1 << 24),
      as: UTF8.self)
    #expect(index.contains("src=\"media/"), "the index shows no cover: the test shows nothing")

    let plan = try Self.plan(root, in: folder)
    let site = folder.url("site")
    let corrections = try ShardFixture.runShards(
      plan: plan, output: site, count: 3, order: [2, 0, 1])
    #expect(corrections == 0)
    // What the walls show is no longer in the plan: finalize must not need it.
    try SQLiteDatabase(path: plan, create: true).execute(
      "DELETE FROM comments; DELETE FROM images; DELETE FROM sources WHERE avatar = 0")
    let result = try ShardFinalizer(plan: plan, settings: ShardFixture.settings(site)).build()
    let built = try ShardFixture.digests(of: site)
    #expect(built.keys.sorted() == expected.keys.sorted())
    #expect(expected.keys.filter { built[$0] != expected[$0] }.sorted() == [])
    #expect(try result.walls.pages() == one.walls.pages())
  }

  /// Writes the small export to `root` with one user's newest own photo a PNG that does not
  /// decode (their cover is their next photo) and another's an opaque RGBA PNG (a JPEG cover,
  /// predicted PNG); returns those two users' objectIds.
  static func writeCorrectedCovers(to root: String) throws -> Set<String> {
    var export = ShardedBuildTests.smallExport()
    let latest = export.images.map(\.secondsAfterEpoch).max() ?? 0
    var byUploader: [Int: [Int]] = [:]
    for (position, image) in export.images.enumerated() {
      byUploader[image.uploader, default: []].append(position)
    }
    let twice = try #require(
      byUploader.keys.sorted().first { byUploader[$0, default: []].count >= 2 })
    let other = try #require(byUploader.keys.sorted().first { $0 != twice })
    let (corrupt, opaque) = (byUploader[twice, default: []][0], byUploader[other, default: []][0])
    for position in byUploader[twice, default: []] { export.images[position].readers = nil }
    export.images[corrupt].secondsAfterEpoch = latest + 1_000
    export.images[opaque].secondsAfterEpoch = latest + 2_000
    export.images[opaque].readers = nil
    var photos: [String: [UInt8]] = [:]
    for (position, image) in export.images.enumerated() {
      photos[image.objectId] = try ImageFixtures.codedJPEG(position % 40 + 1)
    }
    photos[export.images[corrupt].objectId] = try ShardFixture.corruptPNG()
    photos[export.images[opaque].objectId] = try ShardFixture.opaqueRGBAPNG()
    try export.write(to: root) { photos[$0.objectId] }
    return [export.users[twice].objectId, export.users[other].objectId]
  }

  @Test("a cover a shard recorded from a predicted outcome is corrected in the index")
  func correctedCovers() throws {
    let folder = try TemporaryDirectory("covers-corrected")
    let root = folder.url("export")
    let corrected = try Self.writeCorrectedCovers(to: root)
    _ = try SiteBuilder(settings: ShardFixture.settings(folder.url("one"), export: root)).build()
    let expected = try ShardFixture.digests(of: folder.url("one"))
    let plan = try Self.plan(root, in: folder)
    let site = folder.url("site")
    let (_, corrections) = try ShardFixture.buildSharded(
      plan: plan, output: site, count: 2, order: [1, 0])
    #expect(corrections == 2)
    let built = try ShardFixture.digests(of: site)
    #expect(built.keys.sorted() == expected.keys.sorted())
    #expect(expected.keys.filter { built[$0] != expected[$0] }.sorted() == [])
    // The shards recorded both covers as predicted; the index shows what was made.
    let index = String(
      decoding: try FileSystem.readFile("\(site)/index.html", limit: 1 << 24), as: UTF8.self)
    var stale: Set<String> = []
    for shard in [ShardSpec("0/2"), ShardSpec("1/2")].compactMap({ $0 }) {
      let record = try #require(
        ShardRecord.load(shard, stateRoot: SiteBuilder.stateFolder(for: site)))
      for (owner, cover) in record.covers {
        if let first = cover.variants.first, !index.contains("src=\"\(first.path)\"") {
          stale.insert(owner)
        }
      }
    }
    #expect(stale == corrected)
  }

  @Test("a private sharded build equals the one-process private build, byte for byte")
  func privateShardsEqualOneBuild() throws {
    let folder = try TemporaryDirectory("covers-private")
    let root = folder.url("export")
    try ShardFixture.write(ShardedBuildTests.smallExport(), to: root)
    let one = try SiteBuilder(
      settings: ShardFixture.settings(folder.url("one"), export: root, secret: Self.secret)
    ).build()
    let expected = try ShardFixture.digests(of: folder.url("one"))
    // The root page that links nothing, and no other page of an index.
    #expect(expected.keys.filter { !$0.contains("/") && $0.hasSuffix(".html") } == ["index.html"])
    #expect(expected.keys.contains { $0.hasPrefix("media/") })
    let plan = try Self.plan(root, in: folder)
    let site = folder.url("site")
    let (result, corrections) = try ShardFixture.buildSharded(
      plan: plan, output: site, count: 3, order: [1, 2, 0], secret: Self.secret)
    // The corrupt PNG and the opaque RGBA PNG, each as a photo and as a picture.
    #expect(corrections == 4)
    let built = try ShardFixture.digests(of: site)
    #expect(built.keys.sorted() == expected.keys.sorted())
    #expect(expected.keys.filter { built[$0] != expected[$0] }.sorted() == [])
    // The URL list and the CSV of names and links are written from these.
    #expect(try result.walls.pages() == one.walls.pages())
    #expect(try result.walls.names() == one.walls.names() && !one.walls.names().isEmpty)
    let listed = try result.walls.entries()
    #expect(try listed == one.walls.entries())
    // The build records list the same walls (finalize's written from its stream).
    let records = try [site, folder.url("one")].map { root in
      try JSONReader.parse(
        FileSystem.readFile(
          "\(SiteBuilder.stateFolder(for: root))/last-build.json", limit: 1 << 24))
    }
    #expect(records[0]["wallPages"] == records[1]["wallPages"])
    #expect(records[0]["owners"] == records[1]["owners"])
    #expect(records[0]["wallPages"]?.objectValue?.count == listed.count)
    #expect(result.report.sorted == one.report.sorted)
    let first = try #require(ShardSpec("0/3"))
    let record = try #require(
      ShardRecord.load(first, stateRoot: SiteBuilder.stateFolder(for: site)))
    #expect(record.covers.isEmpty)
  }
}

import Foundation
import Testing
import WallKitTestSupport
import WallSynth

@testable import WallKit
@testable import WallPlan

/// A shard's batches share one memo of rendered cards, keyed the same in every batch.
///
/// Cards past its memory go to a spill file. The pages stay those of a one-process build.
@Suite(.fullTier, .serialized) struct ShardCardReuseTests {
  /// Builds `export` as one process and plans it; returns the folder, the plan's path and the
  /// one build's wall pages by path.
  func prepare(_ export: SyntheticExport) throws -> (TemporaryDirectory, String, [String: String]) {
    let folder = try TemporaryDirectory("shard-cards")
    let root = folder.url("export")
    var coded: [[UInt8]] = []
    for code in 0..<8 { coded.append(try ImageFixtures.codedJPEG(code + 1)) }
    try export.write(to: root) { image in
      coded[(Int(image.objectId.dropFirst(3)) ?? 0) % coded.count]
    }
    _ = try SiteBuilder(settings: ShardFixture.settings(folder.url("one"), export: root)).build()
    let plan = folder.url("plan.sqlite")
    _ = try PlanWriter(settings: PlanWriter.Settings(export: root, plan: plan)).write()
    // The walls' files: their pages, and the viewer entries of their owners' photos.
    let pages = try ShardFixture.digests(of: folder.url("one")).filter {
      $0.key.hasPrefix("walls/") || $0.key.hasPrefix("viewer/")
    }
    return (folder, plan, pages)
  }

  /// Renders every wall of `plan` into `output` in batches of about one wall.
  func renderWalls(
    plan: String, output: String, memoLimit: Int, spillLimit: Int
  ) throws -> WallBatchRenderer.Outcome {
    var renderer = try WallBatchRenderer.testing(plan: plan, output: output)
    renderer.uploaderLimit = 8
    renderer.memoLimit = memoLimit
    renderer.spillLimit = spillLimit
    let owners = try renderer.plan.owners(in: try #require(ShardSpec(index: 0, count: 1)))
    return try renderer.render(owners)
  }

  /// 60 users over a seeded random graph, 3 images and 2.5 comments each on average.
  static func export() -> SyntheticExport {
    ShardFixture.randomGraph(
      edges: 240, edgeSeed: 21, imagesPerUser: 3, commentsPerImage: 2.5, seed: 8)
  }

  @Test("cards rendered in one batch are reused in others, from memory and from the spill file")
  func cardsAreReusedAcrossBatches() throws {
    let (folder, plan, expected) = try prepare(Self.export())
    let memoLimit = 64 << 10
    let outcome = try renderWalls(
      plan: plan, output: folder.url("walls"), memoLimit: memoLimit, spillLimit: 1 << 30)
    let memo = try #require(outcome.memo)
    #expect(memo.reused > memo.kept + memo.spilled, "most cards are copied, not made")
    #expect(memo.spilled > 0)
    #expect(memo.charged <= memoLimit)
    let built = try ShardFixture.digests(of: folder.url("walls"))
    #expect(built.keys.sorted() == expected.keys.sorted())
    #expect(expected.keys.filter { built[$0] != expected[$0] }.sorted() == [])
  }

  @Test("with the spill file full and no memory, the cards are made every time, the same")
  func fullSpillRendersTheSame() throws {
    let (folder, plan, expected) = try prepare(Self.export())
    let outcome = try renderWalls(
      plan: plan, output: folder.url("walls"), memoLimit: 4 << 10, spillLimit: 16 << 10)
    let memo = try #require(outcome.memo)
    #expect(memo.spilledBytes <= 16 << 10)
    #expect(memo.spilledBytes > 8 << 10, "the file filled up to near its limit")
    let built = try ShardFixture.digests(of: folder.url("walls"))
    #expect(expected.keys.filter { built[$0] != expected[$0] }.sorted() == [])
  }

  @Test("a shard keeps avatars for at most its limit of users")
  func avatarCacheHoldsItsLimit() {
    let cache = AvatarCache(limit: 2)
    for user in ["a", "b", "c"] { cache.keep(AvatarImage(small: user, large: user), for: user) }
    #expect(cache.count == 2)
    #expect(cache.avatar(of: "c") == nil)
    cache.keep(AvatarImage(small: "a2", large: "a2"), for: "a")
    #expect(cache.avatar(of: "a")?.small == "a2")
  }

  @Test("a shard's avatar cache is reserved whole at its limit: it never grows, and wastes no slot")
  func avatarCacheReserved() {
    let cache = AvatarCache(limit: WallBatchRenderer.avatarLimit)
    #expect(cache.capacity == WallBatchRenderer.avatarLimit)
    for user in 0..<1_000 { cache.keep(AvatarImage(small: "s", large: "l"), for: "u\(user)") }
    #expect(cache.capacity == WallBatchRenderer.avatarLimit)
  }

  @Test("the plan is read with a page cache of pageCacheBytes")
  func pageCacheSize() throws {
    let (folder, plan, _) = try prepare(ShardedBuildTests.smallExport())
    #expect(try PlanReader(path: plan).pageCacheSize() == PlanReader.pageCacheBytes)
    withExtendedLifetime(folder) {}
  }
}

import Foundation
import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// A sharded build (plan, shards in any order, finalize) equals a one-process build byte for
/// byte, pages, media and index alike.
@Suite(.fullTier, .serialized) struct ShardedBuildTests {
  @Test(
    "the SNAP export built as 1, 3 and 7 shards in shuffled order equals a one-process build",
    .enabled(
      if: SNAPGraph.isAvailable,
      "needs the SNAP graph, ../shared/testdata/graphs/facebook_combined.txt"))
  func snapShardsEqualOneBuild() throws {
    let export = try #require(try SNAPGraph.syntheticExport.get())
    let folder = try TemporaryDirectory("snap-shards")
    let root = folder.url("export")
    try ShardFixture.write(export, to: root)
    let one = try SiteBuilder(settings: ShardFixture.settings(folder.url("one"), export: root))
      .build()
    let expected = try ShardFixture.digests(of: folder.url("one"))
    #expect(expected.keys.contains("index.html"))
    #expect(expected.keys.contains { $0.hasPrefix("media/") })
    // The fixture's corrupt PNG fails in both builds (and no plan can foresee it).
    #expect(one.summary.imagesFailed >= 2)

    let plan = folder.url("plan.sqlite")
    // The plan in 4 parts, merged: the shards read the one plan whole or in parts would make.
    let planned = try PlanPartsTests.planInParts(root, plan: plan, count: 4, order: [3, 1, 0, 2])
    #expect(planned.wholeImport == nil)
    #expect(planned.users == export.users.count)
    var random = SeededRandom(seed: 14)
    for count in [1, 3, 7] {
      let site = folder.url("sharded-\(count)")
      let order = Array(0..<count).shuffled(using: &random)
      let (result, corrections) = try ShardFixture.buildSharded(
        plan: plan, output: site, count: count, order: order)
      // The corrupt PNG and the opaque RGBA PNG, each as a photo and as a picture.
      #expect(corrections == 4, "\(count) shards: finalize had other images to correct")
      let built = try ShardFixture.digests(of: site)
      #expect(
        built.keys.sorted() == expected.keys.sorted(), "\(count) shards: other files")
      let differing = expected.keys.filter { built[$0] != nil && built[$0] != expected[$0] }
      #expect(differing.sorted() == [], "\(count) shards, order \(order): other bytes")
      #expect(result.report.sorted == one.report.sorted, "\(count) shards: other problems")
      #expect(result.summary.imagesFailed == one.summary.imagesFailed)
    }
  }

  @Test("a plan of an unchanged export is left as it is")
  func planUpToDate() throws {
    let folder = try TemporaryDirectory("plan-again")
    let root = folder.url("export")
    try ShardFixture.write(Self.smallExport(), to: root)
    let settings = PlanWriter.Settings(export: root, plan: folder.url("plan"))
    let first = try PlanWriter(settings: settings).write()
    let second = try PlanWriter(settings: settings).write()
    #expect(!first.upToDate)
    #expect(second.upToDate)
    #expect(second.identity == first.identity)
  }

  @Test("finalize refuses while a shard is missing, naming it, and writes no site")
  func finalizeNamesMissingShards() throws {
    let folder = try TemporaryDirectory("missing-shard")
    let root = folder.url("export")
    try ShardFixture.write(Self.smallExport(), to: root)
    let plan = folder.url("plan")
    _ = try PlanWriter(settings: PlanWriter.Settings(export: root, plan: plan)).write()
    let site = folder.url("site")
    #expect(throws: PlanError.noShardFinished) {
      try ShardFinalizer(plan: plan, settings: ShardFixture.settings(site)).build()
    }
    for index in [0, 3, 4, 6] {
      let shard = try #require(ShardSpec(index: index, count: 7))
      _ = try ShardBuilder(plan: plan, shard: shard, settings: ShardFixture.settings(site)).build()
    }
    let error = #expect(throws: PlanError.self) {
      try ShardFinalizer(plan: plan, settings: ShardFixture.settings(site)).build()
    }
    #expect(error == .shardsMissing([1, 2, 5].compactMap { ShardSpec(index: $0, count: 7) }))
    #expect(error?.description == "shards 1/7, 2/7, 5/7 have not finished")
    #expect(FileSystem.kind(of: "\(site)/index.html") == .missing)
  }

  @Test("a shard built with other settings does not count as finished: finalize names it")
  func otherSettingsAreNotFinished() throws {
    let folder = try TemporaryDirectory("other-settings")
    let root = folder.url("export")
    try ShardFixture.write(Self.smallExport(), to: root)
    let plan = folder.url("plan")
    _ = try PlanWriter(settings: PlanWriter.Settings(export: root, plan: plan)).write()
    let site = folder.url("site")
    var other = ShardFixture.settings(site)
    other.pipeline.pageSize = 7
    let (first, second) = (try #require(ShardSpec("0/2")), try #require(ShardSpec("1/2")))
    _ = try ShardBuilder(plan: plan, shard: first, settings: ShardFixture.settings(site)).build()
    _ = try ShardBuilder(plan: plan, shard: second, settings: other).build()
    let mismatch = ShardMismatch(shard: second, differences: ["page size 7 where finalize's is 30"])
    #expect(throws: PlanError.shardsDiffer([mismatch], missing: [])) {
      try ShardFinalizer(plan: plan, settings: ShardFixture.settings(site)).build()
    }
  }

  @Test("an unchanged shard run again writes nothing")
  func unchangedShardWritesNothing() throws {
    let folder = try TemporaryDirectory("shard-again")
    let root = folder.url("export")
    try ShardFixture.write(Self.smallExport(), to: root)
    let plan = folder.url("plan")
    _ = try PlanWriter(settings: PlanWriter.Settings(export: root, plan: plan)).write()
    let site = folder.url("site")
    try ShardFixture.buildSharded(plan: plan, output: site, count: 3, order: [1, 0, 2])
    let state = SiteBuilder.stateFolder(for: site)
    let before = try SiteTree.versions(of: site)
    let stateBefore = try SiteTree.versions(of: state)
    let shard = try #require(ShardSpec("1/3"))
    let again = try ShardBuilder(plan: plan, shard: shard, settings: ShardFixture.settings(site))
      .build()
    #expect(again.unchanged)
    #expect(SiteTree.touched(from: before, to: try SiteTree.versions(of: site)) == [])
    #expect(SiteTree.touched(from: stateBefore, to: try SiteTree.versions(of: state)) == [])
  }

  /// 60 users over a seeded random graph, 2 images and 1.5 comments each on average.
  static func smallExport() -> SyntheticExport {
    ShardFixture.randomGraph(
      edges: 180, edgeSeed: 3, imagesPerUser: 2, commentsPerImage: 1.5, seed: 5)
  }
}

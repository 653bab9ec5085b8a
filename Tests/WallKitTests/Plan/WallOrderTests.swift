import Foundation
import Testing
import WallKitTestSupport
import WallSynth

@testable import WallKit
@testable import WallPlan

/// A shard orders its walls so that a batch's walls share the users they show: fewer batches
/// for the same bound on users, and the same pages.
@Suite(.fullTier) struct WallOrderTests {
  /// The batches `order` of walls with these reaches makes under `limit` users, cut as
  /// `WallBatchRenderer.batches(of:)` cuts them.
  static func batchCount(_ order: [Int], reaches: [[UInt32]], limit: Int) -> Int {
    var (batches, users) = (0, Set<UInt32>())
    for wall in order {
      let added = Set(reaches[wall]).subtracting(users)
      if batches == 0 || users.count + added.count > limit {
        batches += 1
        users = []
      }
      users.formUnion(reaches[wall])
    }
    return batches
  }

  /// Walls 0, 2, 4, … in one clique of `size` users and 1, 3, 5, … in another: each wall
  /// reaches its whole clique.
  static func interleavedCliques(size: Int) -> [[UInt32]] {
    (0..<2 * size).map { wall in
      let clique = wall % 2
      return (0..<size).map { UInt32(clique * 1_000 + $0 * 2 + clique) }
    }
  }

  @Test("two interleaved cliques are ordered one clique after the other: 2 batches, not 16")
  func cliquesAreGrouped() {
    let reaches = Self.interleavedCliques(size: 8)
    var order = WallOrder()
    for reach in reaches { order.add(reach: reach) }
    #expect(order.count == 16)
    #expect(order.pairs == 16 * 8)
    let ordered = order.ordered(limit: 12)
    #expect(ordered.sorted() == Array(0..<16), "a permutation of the walls")
    #expect(Self.batchCount(Array(0..<16), reaches: reaches, limit: 12) == 16)
    #expect(Self.batchCount(ordered, reaches: reaches, limit: 12) == 2)
    #expect(Set(ordered.prefix(8).map { $0 % 2 }).count == 1, "the first 8 walls: one clique")
  }

  @Test("the order depends on the reaches, not on how their users are listed")
  func orderIsDeterministic() {
    var random = SeededRandom(seed: 42)
    let reaches = (0..<300).map { _ in
      (0..<Int.random(in: 1...12, using: &random)).map { _ in
        UInt32.random(in: 0..<400, using: &random)
      }
    }
    var first = WallOrder()
    var second = WallOrder()
    for reach in reaches {
      first.add(reach: reach)
      // The same users, listed backwards and twice.
      second.add(reach: reach.reversed() + reach)
    }
    let ordered = first.ordered(limit: 40)
    #expect(ordered == first.ordered(limit: 40))
    #expect(ordered == second.ordered(limit: 40))
    #expect(ordered.sorted() == Array(0..<300))
    #expect(
      Self.batchCount(ordered, reaches: reaches, limit: 40)
        < Self.batchCount(Array(0..<300), reaches: reaches, limit: 40))
  }

  @Test("walls that share no one are ordered fewest users first, then as given")
  func disjointWallsBySize() {
    var order = WallOrder()
    for reach: [UInt32] in [[1, 2, 3], [4], [5, 6], [7]] { order.add(reach: reach) }
    #expect(order.ordered(limit: 100) == [1, 3, 2, 0])
    #expect(WallOrder().ordered(limit: 10) == [])
  }

  /// A plan of two cliques of 12 users whose members alternate in objectId order (the order
  /// of the plan's owners), and the renderer of its one shard.
  func cliquePlan() throws -> (TemporaryDirectory, WallBatchRenderer, [String]) {
    let folder = try TemporaryDirectory("wall-order")
    let sorted = (0..<24).map { "u\($0)" }.sorted()
    let members = (0..<2).map { clique in
      sorted.indices.filter { $0 % 2 == clique }.compactMap { Int(sorted[$0].dropFirst()) }
    }
    var edges: [(Int, Int)] = []
    for clique in members {
      for (position, a) in clique.enumerated() {
        for b in clique[(position + 1)...] { edges.append((a, b)) }
      }
    }
    let export = SyntheticExport.generate(
      userCount: 24, edges: edges, imagesPerUser: 1, commentsPerImage: 1, seed: 5)
    let root = folder.url("export")
    try ShardFixture.writePredictable(export, to: root)
    let plan = folder.url("plan.sqlite")
    _ = try PlanWriter(settings: PlanWriter.Settings(export: root, plan: plan)).write()
    var renderer = try WallBatchRenderer.testing(plan: plan, output: folder.url("site"))
    renderer.uploaderLimit = 16
    let owners = try renderer.plan.owners(in: try #require(ShardSpec(index: 0, count: 1)))
    return (folder, renderer, owners)
  }

  @Test("a shard's walls of two interleaved cliques: 2 batches by locality, 24 by objectId")
  func planCliquesMakeFewerBatches() throws {
    let (folder, renderer, owners) = try cliquePlan()
    #expect(try renderer.batches(of: owners).count == 24)
    let ordered = try renderer.ordered(owners)
    #expect(ordered.sorted() == owners)
    let batches = try renderer.batches(of: ordered)
    #expect(batches.count == 2)
    let loaded = try batches.map { try renderer.neighborhood(of: $0).uploaders.count }
    #expect(loaded == [12, 12])
    var byObjectId = renderer
    byObjectId.order = .objectId
    #expect(try byObjectId.ordered(owners) == owners)
    withExtendedLifetime(folder) {}
  }

  @Test("ordered a few owners at a time, the walls are still each ordered once")
  func smallPairLimitKeepsEveryWall() throws {
    let (folder, renderer, owners) = try cliquePlan()
    var parted = renderer
    parted.pairLimit = 40
    let ordered = try parted.ordered(owners)
    #expect(ordered.sorted() == owners)
    #expect(ordered != owners)
    #expect(try parted.ordered(owners) == ordered)
    withExtendedLifetime(folder) {}
  }

  @Test("walls rendered by locality and by objectId make the same pages and the same outcome")
  func orderChangesNoPage() throws {
    let test = ShardCardReuseTests()
    let (folder, plan, expected) = try test.prepare(ShardCardReuseTests.export())
    var outcomes: [WallBatchRenderer.Outcome] = []
    for order in [WallBatchRenderer.Order.locality, .objectId] {
      var renderer = try WallBatchRenderer.testing(plan: plan, output: folder.url("\(order)"))
      renderer.uploaderLimit = 20
      renderer.order = order
      let owners = try renderer.plan.owners(in: try #require(ShardSpec(index: 0, count: 1)))
      outcomes.append(try renderer.render(owners))
      let built = try ShardFixture.digests(of: folder.url("\(order)"))
      #expect(built.keys.sorted() == expected.keys.sorted())
      #expect(expected.keys.filter { built[$0] != expected[$0] }.sorted() == [])
    }
    let (locality, objectId) = (outcomes[0], outcomes[1])
    #expect(locality.paths == objectId.paths)
    #expect(locality.paths == locality.paths.sorted())
    #expect(locality.covers == objectId.covers)
    #expect(locality.loads.batches < objectId.loads.batches)
    #expect(locality.loads.images < objectId.loads.images)
    let (made, reused) = (try #require(locality.memo), try #require(objectId.memo))
    #expect(made.made + made.reused == reused.made + reused.reused, "as many cards shown")
  }
}

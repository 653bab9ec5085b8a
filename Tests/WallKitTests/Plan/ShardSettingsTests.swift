import Foundation
import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// Finalize refuses shards made with other settings or from another plan, naming them and
/// what differs; the number of shards is bounded and messages about them are short; a shard
/// of another count sets records aside rather than deleting them.
@Suite(.fullTier, .serialized) struct ShardSettingsTests {
  /// The small export written to `folder/export`, and its plan; returns the export, its root
  /// and the plan's path.
  static func planned(in folder: TemporaryDirectory) throws -> (SyntheticExport, String, String) {
    let export = ShardedBuildTests.smallExport()
    let root = folder.url("export")
    try ShardFixture.writePredictable(export, to: root)
    let plan = folder.url("plan")
    _ = try PlanWriter(settings: PlanWriter.Settings(export: root, plan: plan)).write()
    return (export, root, plan)
  }

  @Test("finalize refuses a shard made with another secret, naming it; run again, it is replaced")
  func otherSecretIsNamed() throws {
    let folder = try TemporaryDirectory("shard-other-secret")
    let (export, _, plan) = try Self.planned(in: folder)
    let site = folder.url("site")
    let (first, second) = (
      Array("first secret of the shards".utf8), Array("second secret of the shards".utf8)
    )
    try ShardFixture.runShards(plan: plan, output: site, count: 2, order: [0, 1], secret: first)
    let shard = try #require(ShardSpec("1/2"))
    _ = try ShardBuilder(
      plan: plan, shard: shard, settings: ShardFixture.settings(site, secret: second)
    ).build()
    let error = #expect(throws: PlanError.self) {
      try ShardFinalizer(plan: plan, settings: ShardFixture.settings(site, secret: first)).build()
    }
    #expect(
      error?.description
        == "shard 1/2 (another secret) was made with other settings than this finalize's; "
        + "run it again with the plan and the options given to finalize, then finalize again")

    // The same through the CLI: exit 1, the shard named.
    try FileSystem.writeAtomically("first secret of the shards\n", to: folder.url("s"))
    let (code, lines) = ShardLeftoverTests.run(
      [
        "build", "--plan", plan, "--finalize", "-o", site, "--private", "--secret-file",
        folder.url("s"),
      ])
    #expect(code == .failure)
    #expect(lines.contains { $0.contains("shard 1/2 (another secret)") }, "\(lines)")

    _ = try ShardBuilder(
      plan: plan, shard: shard, settings: ShardFixture.settings(site, secret: first)
    ).build()
    _ = try ShardFinalizer(plan: plan, settings: ShardFixture.settings(site, secret: first))
      .build()
    #expect(
      Set(SiteTree.wallFolders(in: site))
        == Set(export.users.map { SiteLayout.privateToken(secret: first, userID: $0.objectId) }))
  }

  @Test("finalize refuses a shard made from another plan, naming it")
  func otherPlanIsNamed() throws {
    let folder = try TemporaryDirectory("shard-other-plan")
    let (export, _, plan) = try Self.planned(in: folder)
    let other = folder.url("other")
    var changed = export
    changed.users[0].name = "Someone Else"
    try ShardFixture.writePredictable(changed, to: other)
    let otherPlan = folder.url("other-plan")
    _ = try PlanWriter(settings: PlanWriter.Settings(export: other, plan: otherPlan)).write()
    let site = folder.url("site")
    try ShardFixture.runShards(plan: plan, output: site, count: 3, order: [0, 1, 2])
    let shard = try #require(ShardSpec("2/3"))
    _ = try ShardBuilder(plan: otherPlan, shard: shard, settings: ShardFixture.settings(site))
      .build()
    let error = #expect(throws: PlanError.self) {
      try ShardFinalizer(plan: plan, settings: ShardFixture.settings(site)).build()
    }
    #expect(error?.description.hasPrefix("shard 2/3 (another plan) was made with other") == true)
  }

  @Test("the number of shards is at most 10,000: more is a usage error (exit 64)")
  func shardCountBound() throws {
    #expect(ShardSpec("9999/10000") != nil)
    #expect(ShardSpec("0/10001") == nil)
    #expect(ShardSpec("0/1000000") == nil)
    let (code, lines) = ShardLeftoverTests.run(
      ["build", "--plan", "p", "--shard", "0/1000000", "-o", "site"])
    #expect(code == .usage)
    #expect(lines.contains { $0.contains("0 <= K < N <= 10,000") }, "\(lines)")
  }

  @Test("the shards that have not finished are listed up to ten, then counted")
  func missingShardsMessageIsCapped() throws {
    let missing = (0..<10_000).filter { $0 != 4 }.compactMap {
      ShardSpec(index: $0, count: 10_000)
    }
    let text = PlanError.shardsMissing(missing).description
    #expect(
      text == "shards 0, 1, 2, 3, 5, 6, 7, 8, 9, 10, … and 9,989 more of 10,000 have not finished")
    let few = [1, 2, 5].compactMap { ShardSpec(index: $0, count: 7) }
    #expect(PlanError.shardsMissing(few).description == "shards 1/7, 2/7, 5/7 have not finished")
  }

  @Test(
    "a shard of another count sets the records aside: the first count's shards take theirs back unchanged, finalize removes the others"
  )
  func otherCountSetsRecordsAside() throws {
    let folder = try TemporaryDirectory("shard-other-count")
    let (_, _, plan) = try Self.planned(in: folder)
    let site = folder.url("site")
    try ShardFixture.buildSharded(plan: plan, output: site, count: 2, order: [0, 1])
    let before = try ShardFixture.digests(of: site)
    let stray = try #require(ShardSpec("0/9"))
    _ = try ShardBuilder(plan: plan, shard: stray, settings: ShardFixture.settings(site)).build()
    let error = #expect(throws: PlanError.self) {
      try ShardFinalizer(plan: plan, settings: ShardFixture.settings(site)).build()
    }
    #expect(error?.description == "shards 1/9, 2/9, 3/9, 4/9, 5/9, 6/9, 7/9, 8/9 have not finished")
    for index in [1, 0] {
      let shard = try #require(ShardSpec(index: index, count: 2))
      let again = try ShardBuilder(plan: plan, shard: shard, settings: ShardFixture.settings(site))
        .build()
      #expect(again.unchanged, "shard \(shard) ran again")
    }
    _ = try ShardFinalizer(plan: plan, settings: ShardFixture.settings(site)).build()
    let state = SiteBuilder.stateFolder(for: site)
    #expect(FileSystem.contents(of: "\(state)/shards").sorted() == ["0-of-2.json", "1-of-2.json"])
    #expect(try ShardFixture.digests(of: site) == before)
  }
}

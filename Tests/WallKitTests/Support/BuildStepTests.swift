import Synchronization
import Testing
import WallKit
import WallKitTestSupport

@testable import WallPlan

/// One table of steps (issue 43, item 3): each command announces exactly its list of
/// `BuildStep`, in order, which `--json`, the console and `WALLGEN_TEST_PAUSE_AT` read.
@Suite struct BuildStepTests {
  /// Progress that records the steps started.
  final class RecordingProgress: BuildProgress {
    let steps = Mutex<[String]>([])
    /// Each step's item count as last given, and its items done.
    let counts = Mutex<[String: (total: Int, done: Int)]>([:])
    func started(step: String, number: Int, of steps: Int, total: Int) {
      self.steps.withLock { $0.append(step) }
      counts.withLock { $0[step] = (total, 0) }
    }
    func counting(_ total: Int) {
      guard let step = recorded.last else { return }
      counts.withLock { $0[step]?.total = total }
    }
    func advanced() {
      guard let step = recorded.last else { return }
      counts.withLock { $0[step]?.done += 1 }
    }
    func finished() {}
    var recorded: [String] { steps.withLock { $0 } }
  }

  @Test("the build, plan, shard and finalize announce their lists of the table, in order")
  func commandsAnnounceTheirSteps() throws {
    let folder = try TemporaryDirectory("build-steps")
    let export = folder.url("export")
    try PrivateUserRowTests.writeExport(to: export, restriction: nil)

    let build = RecordingProgress()
    var settings = SiteBuilder.Settings(export: export, output: folder.url("one"))
    settings.pipeline.jobs = 2
    _ = try SiteBuilder(settings: settings, progress: build).build()
    #expect(build.recorded == BuildStep.build.map(\.rawValue))

    let plan = RecordingProgress()
    var planSettings = PlanWriter.Settings(export: export, plan: folder.url("plan"))
    planSettings.jobs = 2
    _ = try PlanWriter(settings: planSettings, progress: plan).write()
    // A plan in one process makes its one part, then merges it: the list twice, from the top.
    #expect(Set(plan.recorded) == Set(BuildStep.planning.map(\.rawValue)))
    #expect(plan.recorded.first == BuildStep.planning.first?.rawValue)

    let shardSettings = ShardFixture.settings(folder.url("sharded"))
    let shard = RecordingProgress()
    let whole = try #require(ShardSpec(index: 0, count: 1))
    _ = try ShardBuilder(
      plan: folder.url("plan"), shard: whole, settings: shardSettings, progress: shard
    ).build()
    #expect(shard.recorded == BuildStep.shard.map(\.rawValue))
    let finalize = RecordingProgress()
    _ = try ShardFinalizer(plan: folder.url("plan"), settings: shardSettings, progress: finalize)
      .build()
    #expect(finalize.recorded == BuildStep.finalize.map(\.rawValue))

    let engine = RecordingProgress()
    _ = try PlanEngineBuild(
      settings: ShardFixture.settings(folder.url("engine"), export: export), progress: engine
    ).build()
    // The plan's, the shard's and finalize's steps, shown as the steps of `build`.
    #expect(engine.recorded == BuildStep.build.map(\.rawValue))
    // Each step's count is the sum of its parts', and all of it is done.
    for (step, count) in engine.counts.withLock({ $0 }) where count.total > 0 {
      #expect(count.done == count.total, "\(step): \(count)")
    }
  }

  @Test("a shard's media step counts the shard's files, whose chunks it makes one after another")
  func shardMediaCount() throws {
    let folder = try TemporaryDirectory("build-steps-media")
    let (_, _, plan) = try ShardFixture.plannedSmallExport(in: folder)
    let progress = RecordingProgress()
    var shard = ShardBuilder(
      plan: plan, shard: .whole, settings: ShardFixture.settings(folder.url("site")),
      progress: progress)
    shard.mediaFiles = 5
    _ = try shard.build()
    let media = try #require(progress.counts.withLock { $0[BuildStep.media.rawValue] })
    #expect(media.total > 5 * 3, "several chunks: \(media)")
    #expect(media.done == media.total)
  }

  @Test("every announced step is in the table once, and the error-only steps are announced by none")
  func table() {
    let lists = [
      BuildStep.build, BuildStep.planning, BuildStep.shard, BuildStep.finalize, BuildStep.archive,
    ]
    #expect(lists.allSatisfy { Set($0).count == $0.count })
    #expect(
      BuildStep.allCases.filter { !$0.isAnnounced } == [
        .state, .manifest, .record, .prune, .precompress, .output,
      ])
  }
}

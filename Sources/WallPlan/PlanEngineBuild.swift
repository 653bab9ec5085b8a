import Synchronization
import WallImport
import WallReport
import WallSite
import WallSupport

/// `wallgen build EXPORT --engine plan`: a whole build in one process on the plan engine, whose
/// memory does not grow with the export (docs/scale.md).
///
/// It holds the output's lock, exclusively, from start to end, then runs what a sharded build
/// runs: the plan of the export (the last build's, `planPath`, while the export is unchanged,
/// else a new one, staged and published with the site), every wall and photo as shard 0/1,
/// and finalize. The site is the
/// in-memory build's, byte for byte. When the last build was of the same plan and settings and
/// the site is as it left it, nothing is done (`SiteBuilder.unchangedResult`).
///
/// It refuses an export that lost a part the last build read (`ExportParts`), as the
/// one-process build does. With `strict`, a problem of the export refuses the build before the site is touched, and
/// one of the media before a page is written (the media the run made are removed); the site is
/// then as it was, and the state folder's record of it is cleared (the next build does the
/// work again).
///
/// Like the in-memory build, it stages what it writes (`StagingArea`, in the state folder) and
/// publishes it at the end, with rollback (`ShardFinalizer.publish`): a build that fails leaves
/// the site as it was, byte for byte. The staging folder is walked to publish it, not listed,
/// so its memory does not grow with the site either.
public struct PlanEngineBuild {
  let settings: SiteBuilder.Settings
  /// The steps of the plan, the shard and finalize, shown as the steps of `build`.
  private let steps: StepsOfBuild
  var progress: any BuildProgress { steps }
  let tuning: ShardTuning

  /// Creates the build; `settings.export` is the export to plan.
  public init(
    settings: SiteBuilder.Settings, progress: any BuildProgress = SilentProgress(),
    tuning: ShardTuning = ShardTuning()
  ) {
    self.settings = settings
    self.steps = StepsOfBuild(progress)
    self.tuning = tuning
  }

  /// The most users a batch of the one shard reaches: four times a sharded build's shard
  /// (`WallBatchRenderer.uploaderBudget`), whose bound is 200 MiB where this build's is 1 GiB.
  ///
  /// On a skewed export, hubs fill a batch's budget with their friends, and each batch loads
  /// their images again. Shard 0/1 of the 100,000-user skewed scale export: 16,384 users, 97
  /// batches loading 1.57 million users' images, 177 s; 32,768, 42 batches, 166 s, 265 MiB;
  /// 65,536, 135 s, 394 MiB; 131,072 (one batch), 78 s, 692 MiB (docs/scale.md).
  static let batchUsers = 65_536

  /// The plan of the build whose state folder is `stateRoot`.
  public static func planPath(stateRoot: String) -> String { "\(stateRoot)/plan.sqlite" }

  /// Plans the export, renders the one shard and finalizes.
  /// - Throws: `PlanError`: `.build` for an output that cannot be claimed or an export that
  ///   cannot be built from, as a one-process build refuses them; the errors of the plan, the
  ///   shard and finalize.
  public func build() throws(PlanError) -> BuildResult {
    // Before anything is written: the same refusals as a one-process build (a foreign folder,
    // an output inside the export, another wallgen at work).
    let lock = try ShardedBuild.claimOutput(settings, export: settings.export)
    defer { lock.release() }
    let stateRoot = settings.stateFolder ?? SiteBuilder.stateFolder(for: settings.output)
    progress.announce(.import, of: BuildStep.build)
    let source = try PlanWriter.open(settings.export, zipLimits: settings.pipeline.zipLimits)
    let identity = PlanWriter.identity(
      source: source, limits: settings.pipeline.importLimits,
      exclusion: settings.pipeline.exclusion)
    let last = BuildRecord.load(stateRoot: stateRoot)
    // Nothing to do: the last build was of this plan and settings, and the site is as it left
    // it (the one-process build's test, its manifest read as a stream).
    if let unchanged = SiteBuilder.unchangedResult(
      fingerprint: ShardedBuild.recordFingerprint(plan: identity, settings: settings),
      record: last, settings: settings, stateRoot: stateRoot)
    {
      steps.close()
      return unchanged
    }
    // Everything the build writes goes here, the plan included, and into the site and the
    // state folder only once all is written; whatever fails, the folder goes, and the state
    // folder is as it was (a first build's is not made at all).
    let staging: StagingArea
    do {
      staging = try StagingArea(
        folder: SiteBuilder.stagingFolder(output: settings.output, stateRoot: stateRoot),
        siteRoot: settings.output, stateRoot: stateRoot, listsFiles: false)
    } catch {
      throw .write(step: .state, error)
    }
    defer { staging.discard() }
    let plan = try Self.plan(
      of: source, identity: identity, stateRoot: stateRoot, settings: settings, staging: staging,
      progress: progress)
    // Refusals before the site is touched, in the one-process build's order: an export that
    // lost a part the last build read, then (with `strict`) the export's problems. The
    // media's refuse a strict build in the shard, before a page is written.
    let reader = try PlanReader(path: plan, audience: settings.audience)
    let parts = ExportParts(source: source, photoFiles: reader.photoFiles)
    let missing = parts.lost(
      since: last?.parts, photoFiles: reader.photoFiles, allowed: settings.allowMissingParts)
    if !missing.isEmpty {
      steps.close()
      throw .build(
        .missingParts(missing, problems: ProblemReport(listing: try reader.importProblems()).sorted)
      )
    }
    if settings.strict {
      let problems = try reader.problems(audience: settings.audience)
      if !problems.isEmpty {
        steps.close()
        throw .build(.strict(problems: ProblemReport(listing: problems).sorted))
      }
    }
    var shard = ShardBuilder(
      plan: plan, shard: .whole, settings: settings, progress: progress, tuning: tuning)
    shard.outputClaimed = true
    shard.refusesMediaProblems = settings.strict
    shard.staging = staging
    // One process, one shard, whose bound is a whole build's: as many cards are reused from
    // memory as in the in-memory engine (fewer read back one `pread` each from the spill
    // file), and a batch may reach more users, so fewer batches load the same friends' images
    // again (docs/scale.md).
    shard.tuning.memoBytes = shard.tuning.memoBytes ?? SiteBuilder.renderMemoBudget
    shard.tuning.batchUsers = shard.tuning.batchUsers ?? Self.batchUsers
    let rendered = try shard.build()
    var finalizer = ShardFinalizer(plan: plan, settings: settings, progress: progress)
    finalizer.outputClaimed = true
    finalizer.parts = parts
    finalizer.staging = staging
    let finalized = try finalizer.finalize()
    var result = finalized.result
    // Counted as a one-process build counts: this run's media (finalize sums the records'),
    // the files this run wrote (the shard's pages among them; the one shard renders with its
    // media's outcomes, so finalize corrects no page) and removed; media count as images.
    result.summary.imagesProcessed = rendered.imagesProcessed
    result.summary.imagesReused = rendered.imagesReused
    result.summary.imagesFailed = rendered.imagesFailed
    result.summary.filesWritten += rendered.pagesWritten
    result.summary.filesUnchanged = max(0, finalized.siteFiles - result.summary.filesWritten)
    result.summary.filesRemoved += rendered.filesRemoved
    result.rebuildReason = last?.programChange()
    steps.close()
    return result
  }

  /// The plan of the export: the last build's (`planPath`) when it is of this export and
  /// settings (`identity`), else a new one written into `staging`'s state tree, which
  /// publishing puts in the last one's place.
  private static func plan(
    of source: any ExportSource, identity: String, stateRoot: String,
    settings: SiteBuilder.Settings, staging: StagingArea, progress: any BuildProgress
  ) throws(PlanError) -> String {
    let published = planPath(stateRoot: stateRoot)
    if (try? PlanReader(path: published))?.identity == identity { return published }
    let stagedState = ShardFinalizer.recordsRoot(staging: staging)
    let staged = planPath(stateRoot: stagedState)
    do {
      try FileSystem.createDirectory(stagedState)
    } catch {
      throw .write(step: .state, error)
    }
    var planning = PlanWriter.Settings(export: settings.export, plan: staged)
    planning.jobs = settings.pipeline.jobs
    planning.zipLimits = settings.pipeline.zipLimits
    planning.importLimits = settings.pipeline.importLimits
    planning.exclusion = settings.pipeline.exclusion
    _ = try PlanWriter(settings: planning, progress: progress).write(
      source: source, identity: identity)
    return staged
  }
}

/// Progress that shows the steps of the plan, the shard and finalize as the steps of `build`
/// that they are part of (`BuildStep.partOfBuild`): one import, media, render, assets and
/// publish, each started and finished once, its count the sum of its parts'.
private final class StepsOfBuild: BuildProgress {
  private struct State {
    var current: BuildStep?
    /// The count of the current step before its current part, and with it.
    var base = 0, total = 0
  }

  private let progress: any BuildProgress
  private let state = Mutex(State())

  init(_ progress: any BuildProgress) { self.progress = progress }

  func started(step: String, number: Int, of count: Int, total: Int) {
    let part = BuildStep(rawValue: step)?.partOfBuild
    let (continued, after) = state.withLock { state -> (Bool, Bool) in
      guard part == nil || part != state.current else {
        state.base = state.total
        return (true, true)
      }
      defer { state.current = part }
      (state.base, state.total) = (0, total)
      return (false, state.current != nil)
    }
    if continued {
      if total > 0 { counting(total) }
      return
    }
    // A part of another step: the step before it ends.
    let steps = BuildStep.build
    let place = part.flatMap { steps.firstIndex(of: $0) }.map { $0 + 1 } ?? number
    if after { progress.finished() }
    progress.started(
      step: part?.rawValue ?? step, number: place, of: steps.count, total: total)
  }

  func counting(_ total: Int) {
    let sum = state.withLock { state in
      state.total = state.base + total
      return state.total
    }
    progress.counting(sum)
  }

  func advanced() { progress.advanced() }

  /// A part ends; the step it belongs to ends when a part of another starts, or at `close()`.
  func finished() {}

  /// Ends the step under way, if one is.
  ///
  /// Called at the end of a build, or before a refusal; a build that fails leaves its step
  /// unfinished, as the in-memory build does.
  func close() {
    let open = state.withLock { state in
      defer { state.current = nil }
      return state.current != nil
    }
    if open { progress.finished() }
  }
}

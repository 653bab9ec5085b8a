import WallImport
import WallModel
import WallRender
import WallReport
import WallSite
import WallSupport

/// One shard of a sharded build (`wallgen build --plan PLAN --shard K/N -o SITE`): makes the
/// media whose content, and the walls whose owner, fall in shard K's slice of `StableHash`,
/// into a site folder other shards write at the same time (docs/sharding.md).
///
/// No file is written by two shards: wall pages belong to their owner's shard, media files
/// and their records to their content's, generated avatars to their bytes'. Every write is
/// atomic. A shard run again repeats nothing done: media are reused by content key, pages are
/// compared with what is on disk, and a shard whose record matches does nothing at all.
public struct ShardBuilder {
  let plan: String
  let shard: ShardSpec
  let settings: SiteBuilder.Settings
  let progress: any BuildProgress
  /// How the walls are ordered and batched (benchmarks; no page depends on it).
  var tuning = ShardTuning()
  /// How many image files the media stage takes at once (`mediaChunk`; tests make it small).
  var mediaFiles = Self.mediaChunk
  /// The most bytes of each of the record's lists held in memory (`ShardLists`; tests make
  /// it small).
  var listBytes = SpilledLines.defaultBudget
  /// Whether the caller holds the output's lock already (`PlanEngineBuild`, which holds it
  /// exclusively from the plan to finalize); else the shard claims it, shared.
  package var outputClaimed = false
  /// Whether a problem of the media refuses the build (`PlanEngineBuild` with `strict`): the
  /// shard then removes what it made and throws `BuildError.strict` before writing a page.
  package var refusesMediaProblems = false
  /// Where the shard writes its files when it runs inside a build that publishes them at the
  /// end (`PlanEngineBuild`); nil writes them in place, as the shards of a sharded build do.
  ///
  /// Staged, the shard leaves the site as it is: its pages, media and generated avatars go to
  /// the staging folder, its finished record to the staging folder's state (finalize reads it
  /// there, `ShardFinalizer.recordsRoot`), and what earlier runs left is not removed but
  /// listed for after publishing (`leftoversPath(staging:)`). It never trusts its own record
  /// to skip work: a run that was rolled back may have left it finished.
  package var staging: StagingArea?

  /// What a shard did.
  public struct Result: Sendable {
    /// True when the shard's record matched and every file it lists was there: nothing done.
    public var unchanged = false
    /// Walls and pages rendered, pages written.
    public var walls = 0, pages = 0, pagesWritten = 0
    /// Media counts.
    public var imagesProcessed = 0, imagesReused = 0, imagesFailed = 0
    /// Images whose outcome differed from the plan's prediction (finalize renders their walls
    /// again).
    public var corrections = 0
    /// Files that earlier runs of the shard wrote and this one removed.
    public var filesRemoved = 0
    /// The problems of the shard's media.
    public var report = ProblemReport()
    /// What its batches loaded and the cards they made (nothing for an unchanged shard).
    public var batches = ShardBatchStatistics()
  }

  /// Creates a shard build; `settings.export` is ignored (the plan names the export).
  public init(
    plan: String, shard: ShardSpec, settings: SiteBuilder.Settings,
    progress: any BuildProgress = SilentProgress(), tuning: ShardTuning = ShardTuning()
  ) {
    self.plan = plan
    self.shard = shard
    self.settings = settings
    self.progress = progress
    self.tuning = tuning
  }

  static let steps = BuildStep.shard

  /// Runs the shard.
  ///
  /// Before writing anything it records, unfinished, what earlier runs of the shard wrote and
  /// the wall folders this run writes; it removes at once the earlier runs' wall pages this run
  /// does not write (another audience or secret: no public wall waits for the run's end), and
  /// the rest of what they wrote that this run did not write again when it finishes.
  /// - Throws: `PlanError` for a plan that cannot be read, an export that changed since the
  ///   plan (the files made for it are removed first), an invalid template or a file that
  ///   cannot be written.
  public func build() throws(PlanError) -> Result {
    progress.announce(.plan, of: Self.steps)
    let reader = try PlanReader(path: plan, audience: settings.audience)
    try ShardedBuild.checkExclusion(of: reader, path: plan, settings: settings)
    // Shared: the shards of one build may run at once on one output.
    let lock =
      outputClaimed
      ? nil : try ShardedBuild.claimOutput(settings, export: reader.exportPath, lock: .shared)
    defer { lock?.release() }
    let fingerprint = ShardedBuild.fingerprint(plan: reader.identity, settings: settings)
    let stateRoot = settings.stateFolder ?? SiteBuilder.stateFolder(for: settings.output)
    // The earlier record is read as a stream to see whether the shard is done; when it is not,
    // what it claims is gathered on disk as this run's leftovers (`ShardLists`).
    let ownPath = ShardRecord.path(shard, stateRoot: stateRoot)
    let own = ShardRecord.load(path: ownPath, shard: shard, lists: false)
    if staging == nil, let own,
      isComplete(own, path: ownPath, plan: reader.identity, fingerprint: fingerprint)
    {
      progress.finished()
      return Self.unchanged(own)
    }
    let templates: ThemeTemplates
    do {
      templates = try ThemeTemplates(settings.pipeline.theme)
    } catch {
      throw .build(.template(error))
    }
    let source: any ExportSource
    do {
      source = try PreparedSite.open(reader.exportPath, settings: settings.pipeline)
    } catch {
      throw .build(BuildError(error))
    }
    let asidePath = ShardRecord.supersededPath(shard, stateRoot: stateRoot)
    let aside = ShardRecord.load(path: asidePath, shard: shard, lists: false)
    var record = ShardRecord(
      plan: reader.identity, fingerprint: fingerprint,
      settings: ShardSettings(plan: reader.identity, settings: settings), shard: shard)
    let ownerUsers = try reader.wallOwners(in: shard)
    let owners = ownerUsers.map(\.objectId)
    let folders = ownerUsers.map { ShardRecords.wallFolder(of: $0, settings: settings) }
    // Staged, the record and its journal are written into the staging folder, and the state
    // folder is not touched before publishing (`PlanEngineBuild`).
    let recordRoot = staging.map(ShardFinalizer.recordsRoot(staging:)) ?? stateRoot
    // The record's lists go to scratch files as they are made, not into `record`.
    let lists = ShardLists(shard: shard, stateRoot: recordRoot, byteBudget: listBytes)
    var removed = 0
    do {
      try lists.addLeftovers(ofRecord: ownPath, shard: shard, siteRoot: settings.output)
      try lists.addLeftovers(ofRecord: asidePath, shard: shard, siteRoot: settings.output)
      for folder in folders { try lists.add(folder: folder) }
      if staging == nil {
        // A site changing under a one-process build's record must not look complete to it
        // (staged, publishing takes the record away).
        try BuildRecord.invalidate(stateRoot: stateRoot)
        try FileSystem.createDirectory(settings.output)
      }
      try FileSystem.createDirectory(recordRoot)
      // Records of another shard count are set aside, staged or not: what they claim goes
      // once this build is done (`SupersededShardOutputs`).
      try ShardRecords.supersede(otherThan: shard.count, stateRoot: stateRoot)
      if staging == nil, own == nil, let aside,
        isComplete(aside, path: asidePath, plan: reader.identity, fingerprint: fingerprint)
      {
        // A run of another count set this record aside; this count is meant again.
        try ShardRecords.move(asidePath, to: ShardRecord.path(shard, stateRoot: stateRoot))
        progress.finished()
        return Self.unchanged(aside)
      }
      // The journal, before anything is written; it replaces the earlier record.
      try lists.save(record, journal: true, stateRoot: recordRoot)
      try FileSystem.removeFile(asidePath)
      if staging == nil, lists.hasLeftovers {
        let kept = Set(folders)
        removed += try BuildManifest.prune(
          FilteredLineSource(try lists.leftoverEntries()) { line in
            Self.isWallPage(line, outside: kept)
          },
          keeping: ArrayLineSource([]), siteRoot: settings.output, stateRoot: stateRoot)
      }
    } catch {
      throw .write(step: .state, error)
    }
    let media = PlannedMedia(
      thumbnailer: settings.pipeline.thumbnailer,
      copyOriginals: settings.copyOriginals)

    progress.announce(.media, of: Self.steps)
    if let changed = try makeMedia(
      reader: reader, source: source, media: media, chunk: mediaFiles, into: &record,
      lists: lists)
    {
      try removeUnlisted(lists: lists, stateRoot: stateRoot)
      throw .exportChanged(path: changed)
    }
    if refusesMediaProblems, !record.problems.isEmpty {
      try removeUnlisted(lists: lists, stateRoot: stateRoot)
      progress.finished()
      throw .build(.strict(problems: ProblemReport(listing: record.problems).sorted))
    }

    progress.announce(.avatars, of: Self.steps)
    try makeGeneratedAvatars(reader: reader, media: media, lists: lists)
    do {
      try lists.save(record, journal: true, stateRoot: recordRoot)
    } catch {
      throw .write(step: .state, error)
    }

    progress.announce(.render, of: Self.steps, total: owners.count)
    // The only shard made every medium: its walls show the outcomes, not the predictions,
    // and finalize finds nothing to correct. Other shards' walls show what another shard
    // makes, so they show the predictions, corrected by finalize.
    var renderer = WallBatchRenderer(
      plan: reader, media: media, settings: settings,
      writer: PageWriter(siteRoot: settings.output, staging: staging, templates: templates),
      corrections: shard.count == 1 ? record.corrections : MediaCorrections(),
      progress: progress)
    renderer.order = tuning.localityOrder ? .locality : .objectId
    renderer.uploaderLimit = tuning.batchUsers ?? WallBatchRenderer.uploaderBudget
    renderer.memoLimit = tuning.memoBytes ?? WallBatchRenderer.memoBudget
    let walls = try renderer.render(owners, into: lists)
    record.walls = owners.count
    // Pages, as a one-process build counts them: not the walls' viewer data.
    record.pages = walls.htmlPages
    do {
      record.finished = true
      if let staging {
        // Published with the site; what earlier runs left goes after it (`leftoversPath`).
        let leftovers = try SortedLineWriter(path: Self.leftoversPath(staging: staging))
        try leftovers.append(contentsOf: try lists.leftoverEntries())
        try leftovers.install()
        try lists.save(record, journal: false, stateRoot: recordRoot)
      } else {
        // What earlier runs wrote and this one did not write again goes before the record
        // says the run finished (killed in between, the journal still lists it).
        if lists.hasLeftovers {
          removed += try BuildManifest.prune(
            try lists.leftoverEntries(), keeping: try lists.madeEntries(),
            siteRoot: settings.output, stateRoot: stateRoot)
        }
        try lists.save(record, journal: false, stateRoot: stateRoot)
      }
    } catch {
      throw .write(step: .state, error)
    }
    progress.finished()
    var result = Result(walls: owners.count, pages: walls.pages)
    result.pagesWritten = walls.written
    result.filesRemoved = removed
    result.imagesProcessed = record.processed
    result.imagesReused = record.reused
    result.imagesFailed = record.failed
    result.corrections = record.corrections.photos.count + record.corrections.pictures.count
    result.report.append(contentsOf: record.problems)
    result.batches = ShardBatchStatistics(walls, order: renderer.order)
    return result
  }

  /// Whether `record` (read from `path`, with or without its lists) is a finished run of
  /// `plan` with the settings of `fingerprint` whose files are all there: the shard has
  /// nothing to do.
  ///
  /// The files are read from `path` as a stream and looked for `filesChecked` at a time
  /// (`BuildManifest.allFilesExist`, one folder read at a time), not loaded whole.
  private func isComplete(_ record: ShardRecord, path: String, plan: String, fingerprint: String)
    -> Bool
  {
    guard record.isFinished(plan: plan, fingerprint: fingerprint), record.listedLeftovers == 0,
      let lines = try? ShardRecord.madeLines(path: path)
    else { return false }
    var files: [String] = []
    func present() -> Bool {
      defer { files.removeAll(keepingCapacity: true) }
      return BuildManifest(files: files).allFilesExist(
        siteRoot: settings.output, jobs: settings.pipeline.jobs)
    }
    do {
      while let line = try lines.next() {
        guard line.hasPrefix(BuildManifest.filePrefix) else { continue }
        files.append(BuildManifest.path(of: line))
        if files.count >= Self.filesChecked, !present() { return false }
      }
    } catch {
      return false
    }
    return present()
  }

  /// Whether a manifest line is a file under `walls/` whose wall folder is none of `folders`
  /// (a page of another audience, another secret, or an owner no longer in the shard).
  static func isWallPage(_ line: String, outside folders: Set<String>) -> Bool {
    guard line.hasPrefix(BuildManifest.filePrefix) else { return false }
    let path = BuildManifest.path(of: line)
    guard path.hasPrefix("walls/"), let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))
    else { return false }
    return !folders.contains(String(path[..<slash]))
  }

  /// How many of a record's files `isComplete` looks for at a time.
  static let filesChecked = 1 << 16

  /// The result of a shard with nothing to do: what its record says.
  private static func unchanged(_ record: ShardRecord) -> Result {
    var result = Result(unchanged: true, walls: record.walls, pages: record.pages)
    result.imagesReused = record.processed + record.reused
    result.imagesFailed = record.failed
    result.report.append(contentsOf: record.problems)
    return result
  }

  /// Where a staged shard lists, as sorted manifest lines, what earlier runs of it claimed: to
  /// be removed once the build is published, unless its manifest lists it
  /// (`StagedLeftovers`).
  static func leftoversPath(staging: StagingArea) -> String { "\(staging.folder)/leftovers" }

  /// Removes what the run made that nothing lists, for a run that stops with an error (a
  /// staged run made nothing in the site: its caller discards the staging folder).
  ///
  /// Kept is what the last complete build's manifest lists and the earlier runs' leftovers in
  /// the journal (a later run or finalize removes those when no longer needed).
  private func removeUnlisted(lists: ShardLists, stateRoot: String) throws(PlanError) {
    guard staging == nil else { return }
    do {
      // The earlier runs' leftovers and the last manifest, merged as sorted streams.
      let keep = MergedLineSource([
        try lists.leftoverEntries(), try ManifestLines.previous(stateRoot: stateRoot).source(),
      ])
      _ = try BuildManifest.prune(
        try lists.madeEntries(), keeping: keep, siteRoot: settings.output, stateRoot: stateRoot)
    } catch {
      throw .write(step: .media, error)
    }
  }
}

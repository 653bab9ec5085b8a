import WallMedia
import WallModel
import WallRender
import WallReport
import WallSite
import WallSupport

/// The last step of a sharded build (`wallgen build --plan PLAN --finalize -o SITE`): checks
/// that every shard finished for this plan and these settings, renders again the walls that
/// show an image which came out otherwise than predicted, then writes the index page, the
/// assets, the manifest and the build record, and prunes what no shard claimed.
public struct ShardFinalizer {
  let plan: String
  let settings: SiteBuilder.Settings
  let progress: any BuildProgress
  /// Whether the caller holds the output's lock already (`PlanEngineBuild`); else finalize
  /// claims it.
  package var outputClaimed = false
  /// The parts of the export the build read, kept in the build record (`PlanEngineBuild`: the
  /// next build refuses an export that lost one); nil for a sharded build.
  package var parts: ExportParts?
  /// Where finalize writes its files when it runs inside a build that publishes them.
  ///
  /// Given by `PlanEngineBuild`, finalize reads the shard's record from there (`recordsRoot`),
  /// and publishes the staging folder before the prune, rolled back when a file cannot be put
  /// in place. Nil writes in place, as a sharded build's finalize does.
  package var staging: StagingArea?

  /// Creates the finalize step; `settings.export` is ignored (the plan names the export).
  public init(
    plan: String, settings: SiteBuilder.Settings, progress: any BuildProgress = SilentProgress()
  ) {
    self.plan = plan
    self.settings = settings
    self.progress = progress
  }

  static let steps = BuildStep.finalize

  /// Finalizes the site.
  /// - Throws: `PlanError.shardsDiffer` naming the shards made with other settings or from
  ///   another plan, `.shardsMissing` naming the shards that have not finished (nothing is
  ///   written then), `.noShardFinished`, `.mixedShardCounts`, or the errors of reading the
  ///   plan and writing the site.
  public func build() throws(PlanError) -> BuildResult {
    try finalize().result
  }

  /// What `finalize()` did, besides its `BuildResult`.
  struct Finalized {
    var result: BuildResult
    /// How many of the site's files are not media (pages, viewer data, assets: what a
    /// one-process build counts as files).
    var siteFiles = 0
  }

  /// Finalizes the site (`build()`).
  func finalize() throws(PlanError) -> Finalized {
    progress.announce(.shards, of: Self.steps)
    let reader = try PlanReader(path: plan, audience: settings.audience)
    try ShardedBuild.checkExclusion(of: reader, path: plan, settings: settings)
    let lock =
      outputClaimed ? nil : try ShardedBuild.claimOutput(settings, export: reader.exportPath)
    defer { lock?.release() }
    let fingerprint = ShardedBuild.fingerprint(plan: reader.identity, settings: settings)
    let stateRoot = settings.stateFolder ?? SiteBuilder.stateFolder(for: settings.output)
    let recordsRoot = staging.map(Self.recordsRoot(staging:)) ?? stateRoot
    let records = try Self.finishedRecords(
      stateRoot: recordsRoot, plan: reader.identity, fingerprint: fingerprint,
      settings: ShardSettings(plan: reader.identity, settings: settings))
    let writer: PageWriter
    do {
      writer = PageWriter(
        siteRoot: settings.output, staging: staging,
        templates: try ThemeTemplates(settings.pipeline.theme))
    } catch {
      throw .build(.template(error))
    }
    do {
      // Staged, publishing takes the record away.
      if staging == nil { try BuildRecord.invalidate(stateRoot: stateRoot) }
    } catch {
      throw .write(step: .state, error)
    }
    // Every shard has finished: what is left of a killed write is garbage now.
    BuildManifest.removeStaleTemporaries(siteRoot: settings.output)
    BuildManifest.removeStaleTemporaries(siteRoot: stateRoot)

    var corrections = MediaCorrections()
    // What finalize writes itself; every shard's files and records stay in its record, read
    // as a sorted stream when the manifest is written.
    var files: [String] = []
    var report = ProblemReport(listing: try reader.problems(audience: settings.audience))
    var summary = BuildSummary()
    if settings.audience == .anyone { summary.publicOmissions = reader.publicOmissions }
    for record in records {
      corrections.photos.merge(record.corrections.photos) { first, _ in first }
      corrections.pictures.merge(record.corrections.pictures) { first, _ in first }
      report.append(contentsOf: record.problems)
      summary.walls += record.walls
      summary.pages += record.pages
      summary.imagesProcessed += record.processed
      summary.imagesReused += record.reused
      summary.imagesFailed += record.failed
    }
    let media = PlannedMedia(
      thumbnailer: settings.pipeline.thumbnailer,
      copyOriginals: settings.copyOriginals)

    progress.announce(.corrections, of: Self.steps)
    // The covers of the walls rendered again, which replace those their shards recorded.
    var corrected: [String: WallCover] = [:]
    if !corrections.isEmpty {
      let (written, avatars, again) = try correct(
        corrections, reader: reader, media: media, writer: writer)
      summary.filesWritten += written
      files += avatars
      // The walls rendered again hold every own photo that came out otherwise.
      corrected = again
    }

    progress.announce(.index, of: Self.steps)
    let (walls, indexWritten) = try writeIndex(
      reader: reader, media: media, corrections: corrections, records: records,
      corrected: corrected, writer: writer, stateRoot: stateRoot, recordsRoot: recordsRoot)
    files += indexWritten.paths
    summary.pages += indexWritten.paths.count { $0.hasSuffix(".html") }
    summary.filesWritten += indexWritten.written

    progress.announce(.assets, of: Self.steps)
    do {
      let assets = try writer.writeAssets(
        folderPages: settings.privateSecret == nil ? nil : settings.pipeline.language.code)
      files += assets.paths
      summary.filesWritten += assets.written
      let sitemap = try Sitemap.write(
        walls: walls, baseURL: settings.pipeline.site.baseURL, audience: settings.audience,
        writer: writer)
      files += sitemap.paths
      summary.filesWritten += sitemap.written
    } catch {
      throw .build(error)
    }
    summary.errors = report.errorCount
    summary.warnings = report.warningCount
    // The manifest: every shard's files and records merged with finalize's own, as sorted
    // streams, written beside its place and put there once the prune is done.
    let manifest: (writer: SortedLineWriter, files: Int, siteFiles: Int)
    do {
      manifest = try Self.writeManifest(
        records: records, own: files, stateRoot: stateRoot, recordsRoot: recordsRoot)
    } catch {
      throw .write(step: .manifest, error)
    }
    summary.filesUnchanged = max(0, manifest.files - summary.filesWritten)
    var replaced: [any ReplacedOutputs] = [SupersededShardOutputs()]
    if let staging {
      try publish(staging, manifest: manifest.writer.temporaryPath, stateRoot: stateRoot)
      replaced.append(StagedLeftovers(path: ShardBuilder.leftoversPath(staging: staging)))
    }
    do {
      // What the last build listed, and what the records of other shard counts (set aside
      // when this run started) list, goes unless this build lists it too.
      summary.filesRemoved = try SiteBuilder.finishSite(
        manifest: .file(manifest.writer.temporaryPath), fileCount: manifest.files,
        previous: .previous(stateRoot: stateRoot), replaced: replaced,
        record: BuildRecord(
          fingerprint: ShardedBuild.recordFingerprint(plan: reader.identity, settings: settings),
          summary: summary, problems: report.sorted,
          wallPages: [:], parts: parts),
        walls: walls, siteRoot: settings.output, stateRoot: stateRoot,
        precompress: settings.pipeline.precompress, jobs: settings.pipeline.jobs
      ) { () throws(WriteError) in try manifest.writer.install() }
    } catch {
      throw .build(error)
    }
    progress.finished()
    return Finalized(
      result: BuildResult(summary: summary, report: report, walls: walls),
      siteFiles: manifest.siteFiles)
  }

  /// Renders again the walls that show a corrected image or name a user whose picture was
  /// corrected, and writes the generated avatars of pictures that failed unpredicted.
  ///
  /// Every wall that shows a corrected photo of its owner's is among them (its owner uploaded
  /// it), so their covers replace the ones the shards recorded from predicted media.
  /// - Returns: How many pages changed, the generated avatars written, and the covers of the
  ///   walls rendered again.
  private func correct(
    _ corrections: MediaCorrections, reader: PlanReader, media: PlannedMedia, writer: PageWriter
  ) throws(PlanError) -> (Int, [String], [String: WallCover]) {
    var named: Set<String> = []
    var avatars: Set<String> = []
    let store = MediaStore(siteRoot: settings.output, stateRoot: "", staging: staging)
    for (path, outcome) in corrections.pictures {
      for user in try reader.users(withPicture: path) {
        named.insert(user.objectId)
        if outcome.avatar == nil {
          do {
            avatars.insert(try store.writeGeneratedAvatar(of: user))
          } catch {
            throw .write(step: .media, error)
          }
        }
      }
    }
    // Whose uploads show a corrected image, or carry a comment of a user named above.
    var uploaders = try reader.uploaders(ofImagesAt: corrections.photos.keys)
    uploaders.formUnion(try reader.uploaders(commentedOnBy: named))
    uploaders.formUnion(named)
    var walls = uploaders
    walls.formUnion(try reader.owners(befriending: uploaders))
    let renderer = WallBatchRenderer(
      plan: reader, media: media, settings: settings, writer: writer, corrections: corrections)
    let outcome = try renderer.render(walls.sorted())
    return (outcome.written, avatars.sorted(), outcome.covers)
  }
}

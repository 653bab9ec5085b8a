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
    /// The problems of the shard's media.
    public var report = ProblemReport()
  }

  /// Creates a shard build; `settings.export` is ignored (the plan names the export).
  public init(
    plan: String, shard: ShardSpec, settings: SiteBuilder.Settings,
    progress: any BuildProgress = SilentProgress()
  ) {
    self.plan = plan
    self.shard = shard
    self.settings = settings
    self.progress = progress
  }

  static let steps = ["plan", "media", "avatars", "render"]

  /// Runs the shard.
  /// - Throws: `PlanError` for a plan that cannot be read, an export that changed since the
  ///   plan, an invalid template or a file that cannot be written.
  public func build() throws(PlanError) -> Result {
    progress.announce("plan", of: Self.steps)
    let reader = try PlanReader(path: plan)
    let fingerprint = ShardedBuild.fingerprint(plan: reader.identity, settings: settings)
    let stateRoot = settings.stateFolder ?? SiteBuilder.stateFolder(for: settings.output)
    if let record = ShardRecord.load(shard, stateRoot: stateRoot), record.plan == reader.identity,
      record.fingerprint == fingerprint,
      BuildManifest(files: record.files).allFilesExist(
        siteRoot: settings.output, jobs: settings.pipeline.jobs)
    {
      progress.finished()
      var result = Result(unchanged: true, walls: record.walls, pages: record.pages)
      result.imagesReused = record.processed + record.reused
      result.imagesFailed = record.failed
      result.report.append(contentsOf: record.problems)
      return result
    }
    let templates: TemplateLibrary
    do {
      templates = try TemplateLibrary(templates: settings.pipeline.theme.templates)
    } catch {
      throw .build(.template(error))
    }
    let source: any ExportSource
    do {
      source = try ExportOpener.open(reader.exportPath, zipLimits: settings.pipeline.zipLimits)
    } catch {
      throw .build(.importFailed(error))
    }
    do {
      // A site changing under a one-process build's record must not look complete to it.
      try BuildRecord.invalidate(stateRoot: stateRoot)
      try FileSystem.removeFile(ShardRecord.path(shard, stateRoot: stateRoot))
      for other in ShardRecord.finished(stateRoot: stateRoot) where other.count != shard.count {
        try FileSystem.removeFile(ShardRecord.path(other, stateRoot: stateRoot))
      }
      try FileSystem.createDirectory(settings.output)
      try FileSystem.createDirectory(stateRoot)
    } catch {
      throw .write(step: "state", error)
    }
    let media = PlannedMedia(
      thumbnailer: settings.pipeline.thumbnailer,
      copyOriginals: settings.copyOriginals)
    var record = ShardRecord(plan: reader.identity, fingerprint: fingerprint, shard: shard)

    progress.announce("media", of: Self.steps)
    try makeMedia(reader: reader, source: source, media: media, into: &record)

    progress.announce("avatars", of: Self.steps)
    record.files += try makeGeneratedAvatars(reader: reader, media: media)

    let owners = try reader.owners(in: shard)
    progress.announce("render", of: Self.steps, total: owners.count)
    let renderer = WallBatchRenderer(
      plan: reader, media: media, settings: settings, templates: templates,
      corrections: MediaCorrections(), progress: progress)
    let walls = try renderer.render(owners)
    record.files += walls.paths
    record.walls = owners.count
    record.pages = walls.paths.count
    record.covers = walls.covers
    do {
      try record.save(stateRoot: stateRoot)
    } catch {
      throw .write(step: "state", error)
    }
    progress.finished()
    var result = Result(walls: owners.count, pages: walls.paths.count)
    result.pagesWritten = walls.written
    result.imagesProcessed = record.processed
    result.imagesReused = record.reused
    result.imagesFailed = record.failed
    result.corrections = record.corrections.photos.count + record.corrections.pictures.count
    result.report.append(contentsOf: record.problems)
    return result
  }

  /// Runs the media stage over the shard's image files and notes where they came out
  /// otherwise than predicted.
  private func makeMedia(
    reader: PlanReader, source: any ExportSource, media: PlannedMedia,
    into record: inout ShardRecord
  ) throws(PlanError) {
    let sources = try reader.sources(in: shard)
    var images: [WallImage] = []
    var pictured: [User] = []
    for planned in sources {
      if planned.avatar {
        pictured += try reader.users(withPicture: planned.path)
      } else {
        // The image the file is reported under stands for every image that shows it.
        images.append(
          WallImage(
            objectId: planned.ownerId, className: planned.ownerClass, uploaderID: "",
            file: FileReference(path: planned.path, originalName: ""),
            createdAt: Timestamp(millisecondsSince1970: 0), acl: nil))
      }
    }
    let stage = MediaStage(
      source: source,
      store: MediaStore(
        siteRoot: settings.output,
        stateRoot: settings.stateFolder ?? SiteBuilder.stateFolder(for: settings.output)),
      thumbnailer: media.thumbnailer, jobs: settings.pipeline.jobs,
      copyOriginals: settings.copyOriginals, progress: progress)
    var report = ProblemReport()
    let catalog: MediaCatalog
    let counters: MediaStage.Counters
    do {
      (catalog, counters) = try stage.run(images: images, users: pictured, report: &report)
    } catch {
      throw .write(step: "media", error)
    }
    // The key of every file read must be the plan's: else the export changed since.
    for planned in sources {
      if let key = media.key(of: planned),
        !catalog.records.contains(MediaStore.recordPath(key: key))
      {
        throw .exportChanged(path: "\(reader.exportPath)/\(planned.path)")
      }
    }
    for planned in sources {
      let predicted = media.outcome(of: planned)
      if planned.avatar {
        let owner = pictured.first { $0.picture?.path == planned.path }?.objectId ?? ""
        let made = catalog.avatars[owner]
        if made != PlannedMedia.avatar(predicted) {
          record.corrections.pictures[planned.path] =
            made.map {
              .ready(
                variants: [
                  StoredImage(path: $0.small, width: 0, height: 0),
                  StoredImage(path: $0.large, width: 0, height: 0),
                ], original: nil)
            } ?? .failed(reason: "")
        }
      } else if let made = catalog.images[planned.path], !ShardedBuild.same(made, predicted) {
        record.corrections.photos[planned.path] = made
      }
    }
    record.files += catalog.allPaths
    record.records = Array(catalog.records)
    record.problems = report.problems
    record.processed = counters.processed
    record.reused = counters.reused
    record.failed = counters.failed
  }

  /// Writes the generated avatars of the shard's slice that the plan's predictions need.
  private func makeGeneratedAvatars(reader: PlanReader, media: PlannedMedia) throws(PlanError)
    -> [String]
  {
    var written: Set<String> = []
    for (user, picture) in try reader.generatedAvatarUsers(in: shard) {
      if let picture, PlannedMedia.avatar(media.outcome(of: picture)) != nil { continue }
      let (path, svg) = PlannedMedia.generatedAvatar(of: user)
      guard written.insert(path).inserted else { continue }
      do {
        _ = try SiteWriter.write(svg, to: "\(settings.output)/\(path)")
      } catch {
        throw .write(step: "media", error)
      }
    }
    return written.sorted()
  }
}

/// What the shards and the finalize step of one sharded build share.
enum ShardedBuild {
  /// The fingerprint of building `plan` with `settings`: the shards' records and the finalize
  /// step must agree on it.
  static func fingerprint(plan: String, settings: SiteBuilder.Settings) -> String {
    let text = "sharded\nplan \(plan)\n" + BuildFingerprint.settingsText(settings)
    return Hex.encode(SHA256.doubleDigest(Array(text.utf8)))
  }

  /// Whether two outcomes give the same page: both failed (whatever the reason), or both the
  /// same files of the same sizes.
  static func same(_ a: MediaOutcome, _ b: MediaOutcome) -> Bool {
    switch (a, b) {
    case (.failed, .failed): true
    case (.ready, .ready): a == b
    default: false
    }
  }
}

import WallImaging
import WallImport
import WallMedia
import WallModel
import WallReport
import WallSite
import WallSupport
import WallZip

#if canImport(Glibc)
  import Glibc
#endif

/// `wallgen plan`: imports and checks an export once, as a build's import step does, probes
/// every image's header, and writes all a shard needs into one SQLite file (`PlanSchema`), with
/// the import's problem report.
///
/// It works in parts (docs/sharding.md, "The plan in parts"): each part reads its share of the
/// rows and image files into a part file (`writePart`), and the merge makes the plan from the
/// parts in SQL (`merge`), so that no step holds the export in memory. An export that a row or
/// a check faults is imported whole instead (`ExportImporter`, `WallIndex`), as before.
public struct PlanWriter: Sendable {
  /// What to plan.
  public struct Settings: Sendable {
    /// The export folder or zip.
    public var export: String
    /// The plan file to write.
    public var plan: String
    /// Workers for reading and probing images.
    public var jobs = SiteBuilder.defaultJobs
    /// How many uncompressed bytes a zip export may hold.
    public var zipLimits = ZipLimits.standard
    /// The largest class and Graph files read, and the deepest JSON nesting.
    public var importLimits = ImportLimits()
    /// The takedown list: the people and images left out of the plan (`ImportSession.drops`).
    public var exclusion = ExportExclusion()
    /// Write only this part of the plan (`--part K/N`), into `PLAN.parts/K-of-N.sqlite`.
    public var part: ShardSpec?
    /// Make the plan from its `mergeCount` parts (`--merge N`).
    public var mergeCount: Int?
    /// Import the export whole even when its parts could be merged: for tests that compare
    /// the two.
    package var importWhole = false

    /// Settings with defaults for everything but the paths.
    public init(export: String, plan: String) {
      self.export = export
      self.plan = plan
    }
  }

  /// What `write()` did.
  public struct Result: Sendable {
    /// The plan's identity (it names the export's content and the import's limits).
    public var identity: String
    /// True when the plan file already described this export and was left as it was.
    public var upToDate: Bool
    /// Users, images and comments planned, and image files probed.
    public var users = 0, images = 0, comments = 0, sources = 0
    /// The import's problems, what no owner may see (a private build's) and the renamed walls
    /// (a public build's).
    public var report = ProblemReport()
    /// Why the export was imported whole rather than merged from its parts, when it was.
    public var wholeImport: String?
  }

  let settings: Settings
  let progress: any BuildProgress

  /// Creates a writer.
  public init(settings: Settings, progress: any BuildProgress = SilentProgress()) {
    self.settings = settings
    self.progress = progress
  }

  static let steps = BuildStep.planning

  /// The identity of a plan of `source` under `limits` and `exclusion`: the plan format,
  /// wallgen, the limits, the takedown list (when there is one) and every file of the export
  /// (`ExportContentDigest`: one walk, constant memory).
  static func identity(
    source: any ExportSource, limits: ImportLimits, exclusion: ExportExclusion
  ) -> String {
    var text = "\(PlanSchema.format)\nwallgen \(ProgramIdentity.current)\n"
    text += "import \(limits.summary)\n"
    if !exclusion.isEmpty { text += "exclude \(exclusion.digest)\n" }
    text += "export \(ExportContentDigest.of(source))\n"
    return Hex.encode(SHA256.doubleDigest(Array(text.utf8)))
  }

  /// Writes the plan (atomically: a temporary file, then rename), unless the plan file
  /// already describes the export as it is: part `settings.part` only, or the merge of
  /// `settings.mergeCount` parts, or else both in this process (`partsAtOnce` parts at once,
  /// then their merge).
  /// - Throws: `PlanError.build` for an export that cannot be opened or built from (as a
  ///   build refuses it), `.database` or `.write` when the plan cannot be written, `.partMissing`
  ///   or `.partDiffers` when a merge lacks a part.
  public func write() throws(PlanError) -> Result {
    progress.announce(.import, of: Self.steps, total: 0)
    let source = try Self.open(settings.export, zipLimits: settings.zipLimits)
    return try write(
      source: source,
      identity: Self.identity(
        source: source, limits: settings.importLimits, exclusion: settings.exclusion))
  }

  /// Opens the export at `path` (a folder or a zip under `zipLimits`).
  /// - Throws: `PlanError.build(.importFailed)` when it cannot be opened.
  static func open(_ path: String, zipLimits: ZipLimits) throws(PlanError) -> any ExportSource {
    do {
      return try ExportOpener.open(path, zipLimits: zipLimits)
    } catch {
      throw .build(.importFailed(error))
    }
  }

  /// `write()` once the export is open and its plan's `identity` known, the import step
  /// announced.
  func write(source: any ExportSource, identity: String) throws(PlanError) -> Result {
    if let existing = try? PlanReader(path: settings.plan), existing.identity == identity {
      var result = Result(identity: identity, upToDate: true)
      result.report.append(contentsOf: (try? existing.problems(audience: nil)) ?? [])
      progress.finished()
      return result
    }
    if settings.importWhole {
      return try writeWhole(source: source, identity: identity, reason: "asked to")
    }
    if let part = settings.part {
      return try writePart(part, source: source, identity: identity)
    }
    if let count = settings.mergeCount {
      return try merge(count, source: source, identity: identity)
    }
    let count = settings.jobs > 1 ? Self.partsAtOnce : 1
    try writeParts(count, source: source, identity: identity)
    return try merge(count, source: source, identity: identity)
  }

  /// How many parts a plan made in one process is written in, at once, when it has more than
  /// one worker.
  ///
  /// A part's import is mostly one thread's work (parsing rows and inserting them), so two
  /// parts on two threads halve it: on the 10,000-user scale export, 6.7 s for one part
  /// against 4.0 s for two, and a merge of two costs what a merge of one does
  /// (docs/scale.md). The plan holds the same rows (its comments in another order), and the
  /// site is the same, byte for byte (`PlanPartsTests`).
  static let partsAtOnce = 2

  /// Writes parts `0..<count` of the plan, each on a thread of its own; part 0 shows the
  /// progress, the others are silent.
  /// - Throws: The first part's error (by index) when any part fails.
  private func writeParts(_ count: Int, source: any ExportSource, identity: String)
    throws(PlanError)
  {
    let failures = ParallelWork.map(count: count, jobs: count) { index -> PlanError? in
      guard let part = ShardSpec(index: index, count: count) else { return nil }
      let writer = index == 0 ? self : PlanWriter(settings: settings)
      do throws(PlanError) {
        _ = try writer.writePart(part, source: source, identity: identity, last: false)
        return nil
      } catch {
        return error
      }
    }
    if let failure = failures.compactMap({ $0 }).first { throw failure }
  }

  /// Imports the whole export in memory and writes the plan: for the exports the parts cannot
  /// take (`ImportSession.stage`).
  func writeWhole(source: any ExportSource, identity: String, reason: String) throws(PlanError)
    -> Result
  {
    let imported = ExportImporter.load(
      from: source, limits: settings.importLimits, exclusion: settings.exclusion)
    if let failure = imported.failure {
      throw .build(.unusableExport(failure, problems: imported.report.sorted))
    }
    // The plan serves both audiences: it holds every image, and marks the files that a public
    // site shows (`sources.publicShown`); each shard filters its walls for its audience.
    let index = WallIndex(dataset: imported.dataset, audience: .owner)
    let shown = index.shownImages()
    let layout: SiteLayout
    do {
      layout = try SiteLayout(users: index.users)
    } catch {
      throw .build(.layout(error))
    }
    var report = imported.report
    // What no owner may see is reported by private builds only: a public site leaves every
    // restricted object out and counts them in one line instead.
    var unseen = ProblemReport()
    index.reportUnseen(into: &unseen)
    var renamed = ProblemReport()
    layout.reportRenamedWalls(of: index.users, into: &renamed)

    let media = MediaPlan(images: shown, users: index.users)
    // The photos anyone may read, and the pictures of the users anyone may read.
    let publicPaths = Set(
      shown.lazy.filter { $0.acl.grantsPublicRead }.compactMap(\.file?.path)
        + index.users.lazy.filter { $0.isNamed(for: .anyone) }.compactMap(\.picture?.path))
    let omitted = PublicOmissions(dataset: imported.dataset)
    progress.announce(.images, of: Self.steps, total: media.sources.count)
    let probes = Self.probe(
      media.sources.map { ($0.path, $0.avatar) }, source: source, jobs: settings.jobs,
      progress: progress)

    progress.announce(.write, of: Self.steps, total: 0)
    let temporary = "\(settings.plan)\(FileSystem.temporarySuffix)\(getpid())"
    try? FileSystem.removeFile(temporary)
    do {
      let database = try SQLiteDatabase(path: temporary, create: true)
      try database.execute(PlanSchema.create)
      try database.execute("BEGIN")
      let meta = try database.prepare("INSERT INTO meta VALUES (?, ?)")
      for (key, value) in [
        ("format", PlanSchema.format), ("identity", identity),
        ("export", FileSystem.realPath(settings.export) ?? settings.export),
        ("importLimits", settings.importLimits.summary),
        ("exclude", settings.exclusion.digest), ("publicPhotosLeftOut", "\(omitted.photos)"),
        ("publicCommentsLeftOut", "\(omitted.comments)"),
        ("publicPeopleLeftOut", "\(omitted.people)"),
      ] + PlanSchema.meta(imported.photoFiles) {
        try meta.run([.text(key), .text(value)])
      }
      try Self.insert(index: index, dataset: imported.dataset, into: database)
      try Self.insert(media: media, probes: probes, publicPaths: publicPaths, into: database)
      let problems = try database.prepare("INSERT INTO problems VALUES (?, ?, ?, ?, ?, ?, ?)")
      for (list, audience) in [
        (report.problems, PlanSchema.everyAudience), (unseen.problems, PlanSchema.only(.owner)),
        (renamed.problems, PlanSchema.only(.anyone)),
      ] {
        for problem in list {
          try problems.run([
            .text(problem.severity.rawValue), .text(problem.file), .text(problem.className),
            .text(problem.objectId), .text(problem.reason), .integer(audience),
            .integer(Int64(problem.omitted)),
          ])
        }
      }
      try database.execute("COMMIT")
      try database.execute(PlanSchema.indexes)
    } catch {
      try? FileSystem.removeFile(temporary)
      throw error
    }
    try PlanFiles.publish(temporary, as: settings.plan)
    progress.finished()
    var result = Result(identity: identity, upToDate: false)
    result.wholeImport = reason
    result.users = index.users.count
    result.images = index.images.count
    result.comments = imported.dataset.comments.count
    result.sources = media.sources.count
    report.append(contentsOf: unseen.problems)
    report.append(contentsOf: renamed.problems)
    result.report = report
    return result
  }

  /// What the plan records of one image file: its content's digest and its header.
  struct Probe: Sendable {
    var digest: String?
    var readError: String?
    var info: ImageInfo?
    var probeError: String?
    /// The `sources.hash`: what places the file's media in a shard.
    var hash: Int64 = 0

    /// The hash of a file by its content, or by its path when it could not be read.
    static func hash(of path: String, avatar: Bool, digest: String?) -> Int64 {
      StableHash.of("\(avatar ? "avatar" : "photo") \(digest ?? "unread \(path)")")
    }

    /// The columns of `sources` from `digest` to `probeError`, then `hash`.
    var columns: [SQLiteValue] {
      func integer(_ value: Int?) -> SQLiteValue { value.map { .integer(Int64($0)) } ?? .null }
      func text(_ value: String?) -> SQLiteValue { value.map { .text($0) } ?? .null }
      return [
        text(digest), text(readError), text(info?.format.rawValue), integer(info?.width),
        integer(info?.height), integer(info?.orientation),
        integer(info.map { $0.hasAlpha ? 1 : 0 }),
        text(probeError), .integer(hash),
      ]
    }
  }

  /// Reads every file once, in parallel: its SHA-256 and its header, probed with no pixel
  /// limit (a build's `--max-pixels` is applied when it predicts, see `PlannedMedia`).
  static func probe(
    _ sources: [(path: String, avatar: Bool)], source: any ExportSource, jobs: Int,
    progress: any BuildProgress
  ) -> [Probe] {
    let limits = PipelineSettings().limits
    var unlimited = limits
    unlimited.maxPixels = Int.max
    unlimited.maxSide = Int.max
    let relaxed = unlimited
    return ParallelWork.map(count: sources.count, jobs: jobs, progress: progress) {
      position in
      let bytes: [UInt8]
      do throws(ImportError) {
        bytes = try source.read(sources[position].path, limit: limits.maxFileBytes)
      } catch {
        var failed = Probe(readError: error.reason)
        failed.hash = Probe.hash(
          of: sources[position].path, avatar: sources[position].avatar, digest: nil)
        return failed
      }
      var probe = Probe(digest: Hex.encode(SHA256.digest(bytes)))
      probe.hash = Probe.hash(
        of: sources[position].path, avatar: sources[position].avatar, digest: probe.digest)
      do throws(ImagingError) {
        probe.info = try ImageProbe.inspect(bytes, limits: relaxed)
      } catch {
        probe.probeError = error.description
      }
      return probe
    }
  }

  private static func insert(index: WallIndex, dataset: Dataset, into database: SQLiteDatabase)
    throws(PlanError)
  {
    let users = try database.prepare(
      "INSERT INTO users VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
    for user in index.users {
      let avatarKey = MediaStore.generatedAvatarKey(of: user)
      try users.run([
        .text(user.objectId), .text(user.username), user.facebookID.map { .text($0) } ?? .null,
        .text(user.displayName), user.picture.map { .text($0.path) } ?? .null,
        user.picture.map { .text($0.originalName) } ?? .null,
        .integer(StableHash.of(user.objectId)), .integer(StableHash.of(avatarKey)),
        .integer(Int64(index.wall(for: user.objectId).count)), .integer(user.isPublic ? 1 : 0),
        .integer(user.sharesIDIgnoringCase ? 1 : 0),
      ])
    }
    let friends = try database.prepare("INSERT OR IGNORE INTO friends VALUES (?, ?)")
    for (owner, list) in dataset.friends {
      for friend in list { try friends.run([.text(owner), .text(friend)]) }
    }
    let roles = try database.prepare("INSERT OR IGNORE INTO roles VALUES (?, ?)")
    for (user, names) in dataset.roles {
      for name in names { try roles.run([.text(user), .text(name)]) }
    }
    let images = try database.prepare("INSERT INTO images VALUES (?, ?, ?, ?, ?, ?, ?)")
    for image in index.images {
      try images.run([
        .text(image.objectId), .text(image.className), .text(image.uploaderID),
        image.file.map { .text($0.path) } ?? .null,
        image.file.map { .text($0.originalName) } ?? .null,
        .integer(image.createdAt.millisecondsSince1970), PlanSchema.encode(image.acl),
      ])
    }
    let comments = try database.prepare("INSERT INTO comments VALUES (?, ?, ?, ?, ?, ?, ?)")
    for comment in dataset.comments.values {
      try comments.run([
        .text(comment.objectId), .text(comment.className), .text(comment.imageID),
        .text(comment.authorID), .text(comment.text),
        .integer(comment.createdAt.millisecondsSince1970), PlanSchema.encode(comment.acl),
      ])
    }
  }

  /// Inserts the sources of `media` with their probes; `publicPaths` are the photo and picture
  /// files that a public site shows.
  private static func insert(
    media: MediaPlan, probes: [Probe], publicPaths: Set<String>, into database: SQLiteDatabase
  ) throws(PlanError) {
    let sources = try database.prepare(
      "INSERT OR IGNORE INTO sources VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
    for (position, source) in media.sources.enumerated() {
      let probe = probes[position]
      let owner =
        source.avatar
        ? ("_User", media.pictureOwner(position))
        : (media.owners[source.path]?.className ?? "", media.owners[source.path]?.objectId ?? "")
      try sources.run(
        [.text(source.path), .integer(source.avatar ? 1 : 0), .text(owner.0), .text(owner.1)]
          + probe.columns
          + [.integer(publicPaths.contains(source.path) ? 1 : 0)])
    }
  }
}

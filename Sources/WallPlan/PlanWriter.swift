import WallImport
import WallReport
import WallSite
import WallSupport
import WallZip

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
}

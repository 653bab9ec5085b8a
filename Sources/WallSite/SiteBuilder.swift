import WallImport
import WallModel
import WallReport
import WallSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Builds a site from an export in named steps: import → media → render → assets, then
/// publishes it.
///
/// Bad records and images are reported and skipped; only a missing or unusable export (a class
/// file of the walls that cannot be read, no user, no class file of walls, a part the last
/// build read that is gone), a broken theme or an unwritable output stop the build. Every file
/// that changes is written to a staging area first (`StagingArea`), and the site and its state
/// folder are touched only once everything is made (and, with `strict`, no problem was
/// reported): a build that fails leaves both exactly as they were.
public struct SiteBuilder {
  /// The build's settings.
  public struct Settings: Sendable {
    /// The export folder or zip.
    public var export: String
    /// The site's folder.
    public var output: String
    /// Page size, time zone, workers, theme and image limits (shared with `Archiver`).
    public var pipeline = PipelineSettings()
    /// People per index page: past this many, the index is cut into pages (`index.html`,
    /// `index-2.html`, …) and its search box searches a list of everyone (`people.js`).
    public var indexPageSize = IndexPageModel.defaultPageSize
    /// Whether each photo's original is copied beside its display sizes.
    public var copyOriginals = true
    /// Where the build keeps its state (manifest, media records); nil means beside the output,
    /// `<parent>/.wallgen/<output name>/`, never inside the published site.
    public var stateFolder: String?
    /// The private build's key; nil for a public build.
    ///
    /// Walls then go to `walls/<token>/` (see `SiteLayout.privateToken`), with no index page
    /// and no link to one.
    public var privateSecret: [UInt8]?
    /// What other kinds of build left in the output, removed once this build has published
    /// (the CLI passes the shard records, `ShardRecordOutputs`).
    public var replacedOutputs: [any ReplacedOutputs] = []
    /// Who reads the site: anyone for a public build, each wall's owner for a private one.
    public var audience: Audience { privateSecret == nil ? .anyone : .owner }
    /// Whether the render step reuses work across walls.
    ///
    /// When on, it makes each card's template data once and reuses rendered cards
    /// (`FragmentMemo`). The pages are the same either way; turning it off is for checking
    /// exactly that.
    public var reuseRenderings = true
    /// Whether a build that reported any problem is refused (`BuildError.strict`) instead of
    /// published.
    public var strict = false
    /// Whether to publish an export that lacks a part the last build read (a class file of the
    /// walls, the files of `files/`, `graph/`); when false it is refused
    /// (`BuildError.missingParts`).
    public var allowMissingParts = false

    /// Settings with defaults for everything but the paths.
    public init(export: String, output: String) {
      self.export = export
      self.output = output
    }
  }

  /// The default state folder of an output folder: `<parent>/.wallgen/<name>`.
  ///
  /// Trailing slashes are ignored; an output named `.` or `..` (`-o .`, `-o site/..`) is
  /// resolved first, so the state folder is never inside the output.
  public static func stateFolder(for output: String) -> String {
    var trimmed = output
    while trimmed.hasSuffix("/") && trimmed.count > 1 { trimmed.removeLast() }
    if [".", ".."].contains(trimmed.split(separator: "/").last ?? "") {
      trimmed = OutputPlacement.canonical(trimmed)
    }
    guard let slash = trimmed.lastIndex(of: "/") else { return ".wallgen/\(trimmed)" }
    let parent = trimmed[..<slash]
    return "\(parent.isEmpty ? "" : parent)/.wallgen/\(trimmed[trimmed.index(after: slash)...])"
  }

  /// One worker per online core.
  public static var defaultJobs: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

  let settings: Settings
  /// Told of each step and item as the build goes.
  let progress: any BuildProgress
  /// Where the build writes what changes until it is published (set by `build()`).
  var staging: StagingArea?

  /// Creates a builder.
  public init(settings: Settings, progress: any BuildProgress = SilentProgress()) {
    self.settings = settings
    self.progress = progress
  }

  static let steps = BuildStep.build

  func announce(_ step: BuildStep, total: Int = 0) {
    progress.announce(step, of: Self.steps, total: total)
  }

  /// Runs the build.
  /// - Throws: `BuildError` when the export cannot be opened, is unusable or lost a part the
  ///   last build read, a template is invalid, `strict` is set and a problem was reported, or
  ///   the output cannot be written. The site and its state folder are then as they were.
  public func build() throws(BuildError) -> BuildResult {
    // Held until the build returns: no other wallgen writes into the output meanwhile.
    let lock: OutputLock
    do {
      lock = try OutputPlacement.claim(settings)
    } catch {
      // A state folder that cannot be made is a write of the state, as it is later.
      if case .unlockable(let path, let reason) = error {
        throw .write(step: .state, WriteError(path: path, reason: reason))
      }
      throw .placement(error)
    }
    defer { lock.release() }
    announce(.import)
    let source: any ExportSource
    do {
      source = try PreparedSite.open(settings.export, settings: settings.pipeline)
    } catch {
      throw BuildError(error)
    }
    let stateRoot = settings.stateFolder ?? Self.stateFolder(for: settings.output)
    // Reading what the last build left and fingerprinting the inputs are the whole of a build
    // with nothing to do, and independent: do them at once.
    let settings = settings
    let (fingerprint, last) = ParallelWork.both(
      jobs: settings.pipeline.jobs,
      { BuildFingerprint.compute(source: source, settings: settings) },
      { (BuildRecord.load(stateRoot: stateRoot), BuildManifest.load(stateRoot: stateRoot)) })
    if let unchanged = resultIfUnchanged(
      fingerprint: fingerprint, record: last.0, manifest: last.1)
    {
      progress.finished()
      if settings.strict && !unchanged.report.problems.isEmpty {
        throw .strict(problems: unchanged.report.sorted)
      }
      return unchanged
    }
    // Everything that can refuse the build is decided before the output or the state folder
    // is touched, so that a refused build leaves both exactly as they were.
    let prepared: PreparedSite
    do {
      prepared = try PreparedSite(
        source: source, settings: settings.pipeline, audience: settings.audience)
    } catch {
      throw BuildError(error)
    }
    let imported = prepared.imported
    let parts = ExportParts(imported)
    let missing = parts.lost(
      since: last.0?.parts, photoFiles: imported.photoFiles, allowed: settings.allowMissingParts)
    if !missing.isEmpty { throw .missingParts(missing, problems: imported.report.sorted) }
    // Laid out before anything is written: two users sharing a folder is refused here.
    let layout: SiteLayout
    do {
      layout = try settings.layout(for: prepared.index.users)
    } catch {
      throw .layout(error)
    }
    let kind = FileSystem.kind(of: settings.output)
    guard kind == .directory || kind == .missing else {
      throw .write(
        step: .output, WriteError(path: settings.output, reason: "exists and is not a folder"))
    }
    let staging: StagingArea
    do {
      staging = try StagingArea(
        folder: Self.stagingFolder(output: settings.output, stateRoot: stateRoot),
        siteRoot: settings.output, stateRoot: stateRoot)
    } catch {
      throw .write(step: .state, error)
    }
    var builder = self
    builder.staging = staging
    defer { staging.discard() }
    var result = try builder.makeSite(
      prepared, layout: layout, stateRoot: stateRoot, previous: last.1,
      record: BuildRecord(
        fingerprint: fingerprint, summary: BuildSummary(), problems: [], wallPages: [:],
        parts: parts))
    result.rebuildReason = last.0?.programChange()
    return result
  }

  /// The result of the last complete build, when its fingerprint equals this one and every
  /// file it wrote is still as it left it; nil when there is work to do.
  private func resultIfUnchanged(
    fingerprint: String, record: BuildRecord?, manifest: BuildManifest
  ) -> BuildResult? {
    // An empty manifest is a missing one: nothing says what the last build wrote.
    guard let record,
      settings.isUnchanged(
        recordMatches: record.fingerprint == fingerprint, manifest: manifest,
        stamp: record.siteStamp)
    else { return nil }
    return Self.unchanged(record, siteFiles: manifest.files.count { !SiteLayout.isMedia($0) })
  }

  /// The result of a build with nothing to do: what the last one's `record` says, every image
  /// reused and `siteFiles` (the manifest's pages and assets) unchanged.
  static func unchanged(_ record: BuildRecord, siteFiles: Int) -> BuildResult {
    var summary = BuildSummary()
    summary.walls = record.summary.walls
    summary.pages = record.summary.pages
    // Pages and assets, as a build that does work counts them: media are counted as images.
    summary.filesUnchanged = siteFiles
    // Every image the last build made is reused; those it could not make still failed, so
    // the counts agree with the problems reported again below.
    summary.imagesReused = record.summary.imagesProcessed + record.summary.imagesReused
    summary.imagesFailed = record.summary.imagesFailed
    summary.errors = record.summary.errors
    summary.warnings = record.summary.warnings
    summary.publicOmissions = record.summary.publicOmissions
    return BuildResult(
      summary: summary, report: ProblemReport(listing: record.problems),
      walls: WallsInMemory(pages: record.wallPages, owners: record.owners), newest: record.newest)
  }
}

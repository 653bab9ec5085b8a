#if canImport(Glibc)
  import Glibc
#endif

/// Builds a site from an export in named steps: import → media → render → assets.
///
/// Bad records and images are reported and skipped; only a missing or unusable export (a class
/// file of the walls that cannot be read, no user, no class file of walls), a broken theme or
/// an unwritable output stop the build. An unusable export or a broken theme stops it before
/// anything in the output or the state folder is touched.
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
    /// Who reads the site: anyone for a public build, each wall's owner for a private one.
    public var audience: Audience { privateSecret == nil ? .anyone : .owner }
    /// Whether the render step reuses work across walls.
    ///
    /// When on, it makes each card's template data once and reuses rendered cards
    /// (`FragmentMemo`). The pages are the same either way; turning it off is for checking
    /// exactly that.
    public var reuseRenderings = true

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

  /// Creates a builder.
  public init(settings: Settings, progress: any BuildProgress = SilentProgress()) {
    self.settings = settings
    self.progress = progress
  }

  static let steps = ["import", "media", "render", "assets"]

  private func announce(_ step: String, total: Int = 0) {
    progress.announce(step, of: Self.steps, total: total)
  }

  /// Runs the build.
  /// - Throws: `BuildError` when the export cannot be opened or is unusable, a template is
  ///   invalid, or the output cannot be written.
  public func build() throws(BuildError) -> BuildResult {
    do {
      try OutputPlacement.claim(settings)
    } catch {
      throw .placement(error)
    }
    announce("import")
    let source: any ExportSource
    do {
      source = try ExportOpener.open(settings.export, zipLimits: settings.pipeline.zipLimits)
    } catch {
      throw .importFailed(error)
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
      return unchanged
    }
    // Everything that can refuse the build is decided before the output or the state folder
    // is touched, so that a refused build leaves both exactly as they were.
    let prepared: PreparedSite
    do {
      prepared = try PreparedSite(
        source: source, settings: settings.pipeline, audience: settings.audience)
    } catch {
      throw .template(error)
    }
    if let failure = prepared.imported.failure {
      throw .unusableExport(failure, problems: prepared.imported.report.sorted)
    }
    // Laid out before anything is written: two users sharing a folder is refused here.
    let layout: SiteLayout
    do {
      layout = try self.layout(for: prepared.index.users)
    } catch {
      throw .layout(error)
    }
    do {
      try BuildRecord.invalidate(stateRoot: stateRoot)
    } catch {
      throw .write(step: "state", error)
    }
    var report = prepared.imported.report
    prepared.index.reportUnseen(into: &report)
    var summary = BuildSummary()
    do {
      try PreparedSite.prepareFolder(settings.output)
    } catch {
      throw .write(step: "output", error)
    }
    BuildManifest.removeStaleTemporaries(siteRoot: stateRoot)
    let previous = last.1

    announce("media")
    let index = prepared.index
    let catalog: MediaCatalog
    do {
      let counters: MediaStage.Counters
      (catalog, counters) = try prepared.runMedia(
        images: index.shownImages(), users: index.users,
        store: MediaStore(siteRoot: settings.output, stateRoot: stateRoot),
        settings: settings.pipeline, copyOriginals: settings.copyOriginals,
        progress: progress, report: &report)
      summary.imagesProcessed = counters.processed
      summary.imagesReused = counters.reused
      summary.imagesFailed = counters.failed
    } catch {
      throw .write(step: "media", error)
    }

    announce("render", total: index.users.count)
    let rendered: (paths: [String], written: Int)
    do {
      rendered = try renderPages(
        index: index, catalog: catalog, templates: prepared.templates, layout: layout,
        report: &report)
    } catch .template(let error) {
      // A template that fails only when rendered (nesting too deep) names its file too.
      throw .template(settings.pipeline.theme.locating(error))
    } catch {
      throw error
    }
    summary.walls = index.users.count
    summary.publicOmissions = index.omitted
    // The search box's list of people is written with the pages, but is none.
    summary.pages = rendered.paths.count { $0.hasSuffix(".html") }
    summary.filesWritten = rendered.written
    summary.filesUnchanged = rendered.paths.count - rendered.written

    announce("assets")
    for (path, bytes) in settings.pipeline.theme.assets.sorted(by: { $0.key < $1.key }) {
      do {
        if try SiteWriter.write(bytes, to: "\(settings.output)/assets/\(path)") == .written {
          summary.filesWritten += 1
        } else {
          summary.filesUnchanged += 1
        }
      } catch {
        throw .write(step: "assets", error)
      }
    }
    let manifest = BuildManifest(
      files: rendered.paths + settings.pipeline.theme.assets.keys.map { "assets/\($0)" }
        + catalog.allPaths,
      records: catalog.records)
    do {
      summary.filesRemoved = try manifest.prune(
        previous: previous, siteRoot: settings.output, stateRoot: stateRoot)
      // And what shard records list (a sharded run this build replaces), with the records.
      summary.filesRemoved += try ShardRecords.discard(
        keeping: manifest, siteRoot: settings.output, stateRoot: stateRoot)
      try manifest.save(stateRoot: stateRoot)
    } catch {
      throw .write(step: "manifest", error)
    }
    progress.finished()
    summary.errors = report.errorCount
    summary.warnings = report.warningCount
    var wallPages: [String: String] = [:]
    for user in index.users {
      wallPages[user.objectId] = layout.wallPage(userID: user.objectId, page: 1)
    }
    let record = BuildRecord(
      fingerprint: fingerprint, summary: summary, problems: report.sorted, wallPages: wallPages)
    do {
      try record.save(stateRoot: stateRoot, fileCount: manifest.files.count)
    } catch {
      throw .write(step: "state", error)
    }
    return BuildResult(summary: summary, report: report, wallPages: wallPages)
  }

  /// The result of the last complete build, when its fingerprint equals this one and every
  /// file it wrote is still there; nil when there is work to do.
  private func resultIfUnchanged(
    fingerprint: String, record: BuildRecord?, manifest: BuildManifest
  ) -> BuildResult? {
    guard let record, record.fingerprint == fingerprint else { return nil }
    guard !manifest.files.isEmpty,
      manifest.allFilesExist(siteRoot: settings.output, jobs: settings.pipeline.jobs)
    else { return nil }
    var summary = BuildSummary()
    summary.walls = record.summary.walls
    summary.pages = record.summary.pages
    summary.filesUnchanged = manifest.files.count
    // Every image the last build made is reused; those it could not make still failed, so
    // the counts agree with the problems reported again below.
    summary.imagesReused = record.summary.imagesProcessed + record.summary.imagesReused
    summary.imagesFailed = record.summary.imagesFailed
    summary.errors = record.summary.errors
    summary.warnings = record.summary.warnings
    summary.publicOmissions = record.summary.publicOmissions
    var report = ProblemReport()
    report.append(contentsOf: record.problems)
    return BuildResult(summary: summary, report: report, wallPages: record.wallPages)
  }
}

import WallImaging
import WallImport
import WallMedia
import WallModel
import WallReport
import WallSupport

/// `wallgen check`: every problem a build of the export would report, found without writing
/// anything.
///
/// It imports the export, reports what no wall shows (`WallIndex.reportUnseen`) and the walls
/// whose folder is not their owner's objectId, then looks at every image file the build would
/// process: its header only, or, `deep`, decoded and resized as the build does. The media
/// step is skipped when nothing may be built from the export (`ImportResult.failure`), as a
/// build stops there too.
public struct ExportCheck: Sendable {
  /// The check's settings.
  public struct Settings: Sendable {
    /// The export folder or zip.
    public var export: String
    /// Image, zip and import limits, and workers (the rest is not used).
    public var pipeline = PipelineSettings()
    /// Whether to decode every image fully, as a build does, instead of reading its header.
    public var deep = false

    /// Settings with defaults for everything but the export.
    public init(export: String) {
      self.export = export
    }
  }

  /// What a check found.
  public struct Result: Sendable {
    /// The records that could be read and resolved.
    public var dataset: Dataset
    /// Every problem found, of the export and of its images.
    public var report: ProblemReport
    /// Why nothing may be built from the export, when that is so.
    public var failure: ImportError?
    /// What a public build of the export leaves out because of its ACL.
    public var publicOmissions = PublicOmissions()
    /// How the export's class files were laid out.
    public var layout = ExportLayout.parseCom
    /// What the takedown list (`PipelineSettings.exclusion`) took out of the export.
    public var excluded = ExclusionRemoval()
  }

  let settings: Settings
  let progress: any BuildProgress

  /// Creates a check.
  public init(settings: Settings, progress: any BuildProgress = SilentProgress()) {
    self.settings = settings
    self.progress = progress
  }

  /// Runs the check.
  /// - Throws: `ImportError` only when the export cannot be opened.
  public func run() throws(ImportError) -> Result {
    let source = try ExportOpener.open(settings.export, zipLimits: settings.pipeline.zipLimits)
    let imported = ExportImporter.load(
      from: source, limits: settings.pipeline.importLimits, exclusion: settings.pipeline.exclusion)
    var report = imported.report
    guard imported.failure == nil else {
      return Result(
        dataset: imported.dataset, report: report, failure: imported.failure,
        layout: imported.layout, excluded: imported.excluded)
    }
    // Checked as the default build (public) reads it, so that `check --deep` prints exactly
    // the problems that `build` prints.
    let index = WallIndex(dataset: imported.dataset, audience: .anyone)
    index.reportUnseen(into: &report)
    do {
      try SiteLayout(users: index.users).reportRenamedWalls(of: index.users, into: &report)
    } catch {
      report.error("_User.json", "_User", "", "\(error)")
    }
    let media = MediaCheck(
      source: source, thumbnailer: Thumbnailer(limits: settings.pipeline.limits),
      jobs: settings.pipeline.jobs, depth: settings.deep ? .decode : .header, progress: progress)
    media.run(images: index.shownImages(), users: index.users, report: &report)
    return Result(
      dataset: imported.dataset, report: report, failure: nil,
      publicOmissions: index.omitted, layout: imported.layout, excluded: imported.excluded)
  }
}

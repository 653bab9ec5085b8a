import WallImport
import WallMedia
import WallModel
import WallRender
import WallReport
import WallSupport

/// The front of the pipeline that `SiteBuilder` and `Archiver` share: the export opened
/// (`open`) and imported, the theme's templates compiled, an unusable export refused and the
/// wall index made; then, through `runMedia`, the media step.
///
/// What comes after differs: a build renders every wall into one site, an archive renders
/// each chosen wall into its own bundle.
package struct PreparedSite: Sendable {
  /// The dataset, the import's problems and the opened export.
  package let imported: ImportResult
  /// The theme's templates, parsed.
  package let templates: ThemeTemplates
  /// Who sees what.
  package let index: WallIndex

  /// Opens the export, a folder or a zip (with the pipeline's zip limits): the first thing a
  /// build, an archive and a shard do.
  /// - Parameters:
  ///   - export: The export's path.
  ///   - settings: The zip limits.
  /// - Throws: `PreparationError.importFailed`.
  package static func open(_ export: String, settings: PipelineSettings) throws(PreparationError)
    -> any ExportSource
  {
    do {
      return try ExportOpener.open(export, zipLimits: settings.zipLimits)
    } catch {
      throw .importFailed(error)
    }
  }

  /// Imports an opened export, compiles the theme's templates and indexes the walls for
  /// `audience`.
  /// - Parameters:
  ///   - source: The export, already opened.
  ///   - settings: The import limits, and the theme the templates come from.
  ///   - audience: Who reads the output: a public site shows only what anyone may read.
  /// - Throws: `PreparationError.template` naming the theme's file, when a template of the
  ///   theme is invalid; `.unusableExport` when nothing may be built from the export. Nothing
  ///   is written either way.
  package init(source: any ExportSource, settings: PipelineSettings, audience: Audience)
    throws(PreparationError)
  {
    imported = ExportImporter.load(
      from: source, limits: settings.importLimits, exclusion: settings.exclusion)
    do {
      templates = try ThemeTemplates(settings.theme)
    } catch {
      throw .template(error)
    }
    if let failure = imported.failure {
      throw .unusableExport(failure, problems: imported.report.sorted)
    }
    index = WallIndex(dataset: imported.dataset, audience: audience)
  }

  /// Makes the display sizes of `images` and the avatars of `users` in `store`, then gives every
  /// user in `users` without a usable picture a generated one.
  /// - Parameters:
  ///   - images: The images whose files to process.
  ///   - users: The users whose pictures to process.
  ///   - store: Where derived files and their records go.
  ///   - settings: The image limits and the number of workers.
  ///   - copyOriginals: Whether photos' originals are kept beside their display sizes.
  ///   - progress: Told of each processed source.
  ///   - report: Receives a problem for each file that cannot be used.
  /// - Returns: What each image and picture became, and the counts of the work done.
  /// - Throws: `WriteError` when a derived file, a record or a generated avatar cannot be
  ///   written.
  package func runMedia(
    images: [WallImage], users: [User], store: MediaStore, settings: PipelineSettings,
    copyOriginals: Bool, progress: any BuildProgress, report: inout ProblemReport
  ) throws(WriteError) -> (catalog: MediaCatalog, counters: MediaStage.Counters) {
    let stage = MediaStage(
      source: imported.source, store: store, thumbnailer: settings.thumbnailer,
      jobs: settings.jobs, copyOriginals: copyOriginals, progress: progress)
    var (catalog, counters) = try stage.run(images: images, users: users, report: &report)
    try Self.addGeneratedAvatars(to: &catalog, users: users, store: store)
    return (catalog, counters)
  }

  /// Users without a usable picture get an SVG of their initials, stored by content in
  /// `store`'s site.
  private static func addGeneratedAvatars(
    to catalog: inout MediaCatalog, users: [User], store: MediaStore
  ) throws(WriteError) {
    for user in users where catalog.avatars[user.objectId] == nil {
      let path = try store.writeGeneratedAvatar(of: user)
      catalog.avatars[user.objectId] = AvatarImage(small: path, large: path)
    }
  }

  /// Creates `folder` if needed and removes the temporary files a killed run left in it.
  /// - Parameter folder: A folder of derived files (a site, a state folder, a media cache).
  /// - Throws: `WriteError` when the folder cannot be created.
  package static func prepareFolder(_ folder: String) throws(WriteError) {
    try FileSystem.createDirectory(folder)
    BuildManifest.removeStaleTemporaries(siteRoot: folder)
  }
}

/// The front of the pipeline that `SiteBuilder` and `Archiver` share: the export imported, the
/// theme's templates compiled and the wall index made; then, through `runMedia`, the media step.
///
/// What comes after differs: a build renders every wall into one site, an archive renders
/// each chosen wall into its own bundle.
struct PreparedSite: Sendable {
  /// The dataset, the import's problems and the opened export.
  let imported: ImportResult
  /// The theme's templates, parsed.
  let templates: TemplateLibrary
  /// Who sees what.
  let index: WallIndex

  /// Imports an opened export and compiles the theme's templates.
  /// - Parameters:
  ///   - source: The export, already opened.
  ///   - theme: Where the templates come from.
  /// - Throws: `TemplateError` when a template of the theme is invalid.
  init(source: any ExportSource, theme: Theme) throws(TemplateError) {
    imported = ExportImporter.load(from: source)
    templates = try TemplateLibrary(templates: theme.templates)
    index = WallIndex(dataset: imported.dataset)
  }

  /// How the media step works, from the build's or the archive's settings.
  struct MediaOptions: Sendable {
    /// Limits on source images.
    var limits: ImageLimits
    /// Parallel workers.
    var jobs: Int
    /// Whether originals are copied beside the display sizes.
    var copyOriginals: Bool
  }

  /// Makes the display sizes of `images` and the avatars of `users` in `store`, then gives every
  /// user in `users` without a usable picture a generated one.
  /// - Parameters:
  ///   - images: The images whose files to process.
  ///   - users: The users whose pictures to process.
  ///   - store: Where derived files and their records go.
  ///   - options: Limits, workers, originals.
  ///   - progress: Told of each processed source.
  ///   - report: Receives a problem for each file that cannot be used.
  /// - Returns: What each image and picture became, and the counts of the work done.
  /// - Throws: `WriteError` when a generated avatar cannot be written.
  func runMedia(
    images: [WallImage], users: [User], store: MediaStore, options: MediaOptions,
    progress: any BuildProgress, report: inout ProblemReport
  ) throws(WriteError) -> (catalog: MediaCatalog, counters: MediaStage.Counters) {
    let stage = MediaStage(
      source: imported.source, store: store, thumbnailer: Thumbnailer(limits: options.limits),
      jobs: options.jobs, copyOriginals: options.copyOriginals, progress: progress)
    var (catalog, counters) = stage.run(images: images, users: users, report: &report)
    try Self.addGeneratedAvatars(to: &catalog, users: users, siteRoot: store.siteRoot)
    return (catalog, counters)
  }

  /// Users without a usable picture get an SVG of their initials, stored by content under
  /// `siteRoot`.
  private static func addGeneratedAvatars(
    to catalog: inout MediaCatalog, users: [User], siteRoot: String
  ) throws(WriteError) {
    for user in users where catalog.avatars[user.objectId] == nil {
      let svg = Array(GeneratedAvatar.svg(userID: user.objectId, name: user.displayName).utf8)
      let path = MediaStore.path(
        key: MediaStore.key(for: svg, recipe: "generated avatar"), variant: "avatar",
        fileExtension: "svg")
      _ = try SiteWriter.write(svg, to: "\(siteRoot)/\(path)")
      catalog.avatars[user.objectId] = AvatarImage(small: path, large: path)
    }
  }

  /// Creates `folder` if needed and removes the temporary files a killed run left in it.
  /// - Parameter folder: A folder of derived files (a site, a state folder, a media cache).
  /// - Throws: `WriteError` when the folder cannot be created.
  static func prepareFolder(_ folder: String) throws(WriteError) {
    try FileSystem.createDirectory(folder)
    BuildManifest.removeStaleTemporaries(siteRoot: folder)
  }
}

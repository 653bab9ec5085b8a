import WallImport
import WallMedia
import WallModel
import WallReport
import WallSupport

extension SiteBuilder {
  /// Makes the site of a prepared export into the staging area (media, pages, assets), then
  /// publishes it.
  /// - Parameters:
  ///   - prepared: The imported export, its templates and its index.
  ///   - layout: Where each wall goes.
  ///   - stateRoot: The state folder.
  ///   - previous: The manifest of the last complete build.
  ///   - record: The build's record, but for the summary, problems and pages it gets here.
  /// - Throws: `BuildError` when a file cannot be written or staged, a template fails, or
  ///   `strict` is set and a problem was reported; nothing is published then.
  func makeSite(
    _ prepared: PreparedSite, layout: SiteLayout, stateRoot: String, previous: BuildManifest,
    record: BuildRecord
  ) throws(BuildError) -> BuildResult {
    var report = prepared.imported.report
    prepared.index.reportUnseen(into: &report)
    var summary = BuildSummary()

    announce(.media)
    let index = prepared.index
    let shown = index.shownImages()
    let catalog: MediaCatalog
    do {
      let counters: MediaStage.Counters
      (catalog, counters) = try prepared.runMedia(
        images: shown, users: index.users,
        store: MediaStore(siteRoot: settings.output, stateRoot: stateRoot, staging: staging),
        settings: settings.pipeline, copyOriginals: settings.copyOriginals,
        progress: progress, report: &report)
      summary.imagesProcessed = counters.processed
      summary.imagesReused = counters.reused
      summary.imagesFailed = counters.failed
    } catch {
      throw .write(step: .media, error)
    }

    let owners = index.owners
    announce(.render, total: owners.count)
    let writer = PageWriter(
      siteRoot: settings.output, staging: staging, templates: prepared.templates)
    let rendered = try renderPages(
      index: index, catalog: catalog, writer: writer, layout: layout, report: &report)
    summary.walls = owners.count
    summary.publicOmissions = index.omitted
    // The search box's list of people is written with the pages, but is none.
    summary.pages = rendered.paths.count { $0.hasSuffix(".html") }
    summary.filesWritten = rendered.written
    summary.filesUnchanged = rendered.paths.count - rendered.written

    announce(.assets)
    let assets = try writer.writeAssets(
      folderPages: settings.privateSecret == nil ? nil : settings.pipeline.language.code)
    summary.filesWritten += assets.written
    summary.filesUnchanged += assets.paths.count - assets.written
    var wallPages: [String: String] = [:]
    for user in owners {
      wallPages[user.objectId] = layout.wallPage(userID: user.objectId, page: 1)
    }
    let walls = WallsInMemory(pages: wallPages, owners: OwnerNames.of(owners))
    let sitemap = try Sitemap.write(
      walls: walls, baseURL: settings.pipeline.site.baseURL, audience: settings.audience,
      writer: writer)
    summary.filesWritten += sitemap.written
    summary.filesUnchanged += sitemap.paths.count - sitemap.written
    let manifest = BuildManifest(
      files: rendered.paths + assets.paths + sitemap.paths + catalog.allPaths,
      records: catalog.records)
    if settings.strict && !report.problems.isEmpty {
      progress.finished()
      throw .strict(problems: report.sorted)
    }
    summary.errors = report.errorCount
    summary.warnings = report.warningCount
    var record = record
    record.summary = summary
    record.problems = report.sorted
    record.wallPages = wallPages
    record.owners = walls.owners
    record.newest = Self.newest(of: shown, index: index)
    announce(.publish)
    summary.filesRemoved = try publish(
      manifest: manifest, previous: previous, record: record, stateRoot: stateRoot)
    progress.finished()
    return BuildResult(
      summary: summary, report: report,
      walls: WallsInMemory(pages: wallPages, owners: record.owners), newest: record.newest)
  }

  /// The newest `createdAt` of the images the site shows and of the comments on them: the date
  /// of a web archive of the site when `SOURCE_DATE_EPOCH` is not set.
  static func newest(of shown: [WallImage], index: WallIndex) -> Timestamp? {
    var newest: Timestamp?
    for image in shown {
      newest = max(newest ?? image.createdAt, image.createdAt)
      for comment in index.allComments(on: image.objectId) {
        newest = max(newest ?? comment.createdAt, comment.createdAt)
      }
    }
    return newest
  }
}

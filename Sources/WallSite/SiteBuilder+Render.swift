import Synchronization
import WallMedia
import WallModel
import WallRender
import WallReport
import WallSupport

extension SiteBuilder {
  /// The most memory the renderings a build keeps for reuse across walls take (cards are
  /// 1–2 KB, grid tiles about 0.6 KB): half for renderings, half for the index of those kept in
  /// the spill file once that half is used.
  package static let renderMemoBudget = 128 << 20
  /// The most bytes of renderings the build keeps on disk past its memory, in an unlinked
  /// scratch file in `$TMPDIR` (`SpillFile`), as a shard does.
  static let renderSpillBudget = 1 << 30

  /// Renders every wall (in parallel) and the index pages (in a private build, the root page
  /// that links nothing: `renderPrivateRoot`).
  func renderPages(
    index: WallIndex, catalog: MediaCatalog, writer: PageWriter, layout: SiteLayout,
    report: inout ProblemReport
  ) throws(BuildError) -> PageWriter.Written {
    let plainModel = WallPageModel(
      index: index, media: MediaLookup(catalog), layout: layout,
      zone: settings.pipeline.timeZone, language: settings.pipeline.language,
      site: settings.pipeline.site, pageSize: settings.pipeline.pageSize,
      audience: settings.audience)
    let reuse = settings.reuseRenderings
    let model = reuse ? plainModel.cached(jobs: settings.pipeline.jobs) : plainModel
    // Most of a wall page is cards that other walls show too: render each once.
    let memo =
      reuse
      ? writer.templates.makeSpillingMemo(
        byteBudget: Self.renderMemoBudget, spillLimit: Self.renderSpillBudget) : nil
    guard settings.audience == .anyone else {
      var pages = try writer.writeWalls(
        of: index.users, model: model, jobs: settings.pipeline.jobs, progress: progress,
        memo: memo)
      pages.append(try Self.renderPrivateRoot(with: writer, language: settings.pipeline.language))
      return pages
    }
    let indexModel = IndexPageModel(
      index: index, catalog: catalog, layout: layout, pageSize: settings.indexPageSize,
      language: settings.pipeline.language, site: settings.pipeline.site)
    // The index pages are written by the walls' workers, while the first walls are.
    let pages = try writer.writeWalls(
      of: index.owners, model: model, jobs: settings.pipeline.jobs, progress: progress,
      memo: memo
    ) { () throws(BuildError) in try Self.renderIndex(indexModel, with: writer) }
    layout.reportRenamedWalls(of: index.users, into: &report)
    return pages
  }
}

extension SiteBuilder.Settings {
  /// Where the walls go: `walls/<objectId>/`, or `walls/<token>/` in a private build.
  /// - Parameter users: Every user with a wall.
  /// - Throws: `SiteLayoutError` when two users would share a folder.
  package func layout(for users: [User]) throws(SiteLayoutError) -> SiteLayout {
    if let privateSecret {
      return try SiteLayout(users: users, secret: privateSecret, rotations: pipeline.linkRotations)
    }
    return try SiteLayout(users: users)
  }

  /// The folder of `user`'s wall in this build (`SiteLayout.folderName(of:secret:rotations:)`),
  /// as `layout(for:)` places it.
  package func wallFolderName(of user: User) -> String {
    SiteLayout.folderName(of: user, secret: privateSecret, rotations: pipeline.linkRotations)
  }
}

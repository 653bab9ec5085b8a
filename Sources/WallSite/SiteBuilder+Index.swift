import WallMedia
import WallModel
import WallRender

extension SiteBuilder {
  /// Writes the index pages of a public site and, when there is more than one, the list of
  /// everyone that their search box reads (`SiteLayout.peopleList`).
  ///
  /// Everything the index shows comes from `index`, `catalog` and `layout`, so this runs on its
  /// own once the walls' layout and media are known; `covers`, when given, are the walls' covers
  /// gathered elsewhere (then `index` needs only the users, and `catalog` only their avatars).
  /// A private build has no index: never call it there, since the index names every wall.
  /// - Returns: The site-relative paths written or found unchanged, and how many were written.
  /// - Throws: `BuildError` when a template fails or a file cannot be written.
  package func renderIndex(
    index: WallIndex, catalog: MediaCatalog, layout: SiteLayout, templates: TemplateLibrary,
    covers: [String: WallCover]? = nil
  ) throws(BuildError) -> (paths: [String], written: Int) {
    let model = IndexPageModel(
      index: index, catalog: catalog, layout: layout, pageSize: settings.indexPageSize,
      covers: covers)
    let entries = model.entries()
    var paths: [String] = []
    var written = 0
    for page in model.pages(entries) {
      let outcome = try Self.writePage(
        "index", page.context, at: page.path, in: settings.output, staging: staging,
        templates: templates
      ).outcome
      paths.append(page.path)
      if outcome == .written { written += 1 }
    }
    if model.pageCount(people: entries.count) > 1 {
      let path = SiteLayout.peopleList
      do {
        let outcome = try SiteWriter.write(
          model.peopleScript(entries), at: path, in: settings.output, staging: staging)
        paths.append(path)
        if outcome == .written { written += 1 }
      } catch {
        throw .write(step: "render", error)
      }
    }
    return (paths, written)
  }
}

import WallMedia
import WallModel
import WallRender
import WallSupport

extension SiteBuilder {
  /// Writes the index pages of a public site and, when there is more than one, the list of
  /// everyone that their search box reads (`SiteLayout.peopleList`).
  ///
  /// Everything the index shows comes from `model`, so this runs on its own once the walls'
  /// layout and media are known (a sharded build's finalize step gives the model the covers
  /// its shards recorded). A private build has no index: never call it there, since the index
  /// names every wall.
  /// - Parameters:
  ///   - model: The index's data.
  ///   - writer: Where the pages go.
  /// - Returns: The site-relative paths written or found unchanged, and how many were written.
  /// - Throws: `BuildError` when a template fails or a file cannot be written.
  package static func renderIndex(_ model: IndexPageModel, with writer: PageWriter)
    throws(BuildError)
    -> PageWriter.Written
  {
    let entries = model.entries()
    var remaining = entries.makeIterator()
    return try renderIndex(
      model.layoutOfPages, total: entries.count, ranges: model.ranges(entries),
      next: { remaining.next() }, with: writer)
  }

  /// The template of a private build's root page (`Templates/private-index.html`).
  package static let privateRootTemplate = "private-index"

  /// Writes a private build's `index.html`: a page that says to ask the site's owner for
  /// one's link, and links no wall and no list (its data holds nothing of any user).
  /// - Parameter writer: Where the page goes.
  /// - Returns: The page's path, and whether it was written.
  /// - Throws: `BuildError` when the template fails or the file cannot be written.
  package static func renderPrivateRoot(with writer: PageWriter, language: SiteLanguage)
    throws(BuildError) -> PageWriter.Written
  {
    let path = SiteLayout.indexPage(1)
    var pages = PageWriter.Written()
    let context = privateRootContext(language: language)
    pages.add(path, try writer.write(privateRootTemplate, context, at: path).outcome)
    return pages
  }

  /// The data of a private build's root page: the language and its texts, nothing of a user.
  package static func privateRootContext(language: SiteLanguage) -> TemplateValue {
    [
      "root": "", "noindex": true, "lang": .string(language.code),
      "t": language.strings.templateValue, "scriptText": .string(language.strings.scriptText),
    ]
  }
}

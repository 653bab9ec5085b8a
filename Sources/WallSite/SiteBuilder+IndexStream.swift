import WallModel
import WallSupport

extension SiteBuilder {
  /// Writes the index pages of a public site and, when there is more than one, the list of
  /// everyone (`SiteLayout.peopleList`), from a stream of people in index order: the bytes
  /// `renderIndex(_:with:)` writes for the same people, in memory for one page of people and
  /// the names that start and end each page.
  ///
  /// For a writer without staging (a sharded build's finalize step): the list is written to
  /// its place a line at a time, and replaces the file there only when it differs.
  /// - Parameters:
  ///   - pages: The pages' layout and texts.
  ///   - total: How many people `next` gives.
  ///   - ranges: "First to Last" of each page (`IndexPages.range`), by page number from 1.
  ///   - next: The next person in index order, nil after the last (or when it failed: the
  ///     caller then throws its error).
  ///   - writer: Where the pages go.
  /// - Returns: The site-relative paths written or found unchanged, and how many were written.
  /// - Throws: `BuildError` when a template fails or a file cannot be written.
  package static func renderIndex(
    _ pages: IndexPages, total: Int, ranges: [String],
    next: () -> IndexPageModel.Entry?, with writer: PageWriter
  ) throws(BuildError) -> PageWriter.Written {
    let count = pages.pageCount(people: total)
    var written = PageWriter.Written()
    // The search box's list, staged like any page when the build stages.
    let people =
      count > 1
      ? SiteWriter.stream(at: SiteLayout.peopleList, in: writer.siteRoot, staging: writer.staging)
      : nil
    people?.append(Array((IndexPages.peopleScriptStart + "\n").utf8))
    // One entry of lookahead: entries come in name order, so people who share a name are
    // neighbours, and each is told apart by their username (`Entry.sharesName`).
    var upcoming = next()
    var previousName: String?
    func take() -> IndexPageModel.Entry? {
      guard var entry = upcoming else { return nil }
      upcoming = next()
      let name = entry.user.displayName.lowercased()
      entry.sharesName =
        name == previousName || name == upcoming?.user.displayName.lowercased()
      previousName = name
      return entry
    }
    var position = 0
    for number in 1...count {
      var slice: [IndexPageModel.Entry] = []
      slice.reserveCapacity(min(pages.size, total))
      while slice.count < pages.size, let entry = take() {
        slice.append(entry)
        position += 1
        let row = IndexPages.peopleRow(entry) + (position < total ? "," : "") + "\n"
        people?.append(Array(row.utf8))
      }
      let page = pages.page(number, total: total, people: slice) { ranges[$0 - 1] }
      written.add(page.path, try writer.write("index", page.context, at: page.path).outcome)
    }
    if let people {
      people.append(Array((IndexPages.peopleScriptEnd + "\n").utf8))
      do {
        if try people.finish() { written.written += 1 }
      } catch {
        throw .write(step: .render, error)
      }
      written.paths.append(SiteLayout.peopleList)
    }
    return written
  }
}

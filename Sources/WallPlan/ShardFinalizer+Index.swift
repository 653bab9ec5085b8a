import WallModel
import WallSite
import WallSupport

extension ShardFinalizer {
  /// Writes the index pages (in a private build, the root page that links nothing) and returns
  /// every wall's first page and owner's names, with the index files written or found unchanged
  /// and how many were written.
  ///
  /// The index needs every user, their avatar (from the plan's record of their picture, as
  /// corrected) and their wall's cover and photo count (from the shards' records, read as
  /// streams, and `corrected`): no wall's contents, so no image or comment is loaded here.
  /// They are sorted in index order on disk (`IndexPeople`) and the pages written a page at a
  /// time, so the index's memory does not grow with the users; nor do the wall addresses and
  /// names returned, which are kept on disk too (`WallListFile`).
  func writeIndex(
    reader: PlanReader, media: PlannedMedia, corrections: MediaCorrections,
    records: [ShardRecord], corrected: [String: WallCover], writer: PageWriter, stateRoot: String,
    recordsRoot: String
  ) throws(PlanError) -> (walls: WallListFile, written: PageWriter.Written) {
    let isPublic = settings.audience == .anyone
    let people = isPublic ? try IndexPeople(path: "\(stateRoot)/index-people.sqlite") : nil
    let list = try WallListFile.Writer(path: "\(stateRoot)/walls.sqlite")
    var failure: PlanError?
    try reader.forEachUser { user, _, picture in
      guard failure == nil else { return }
      let href =
        ShardRecords.wallFolder(of: user, settings: settings) + "/"
        + SiteLayout.pageFileName(1)
      do throws(PlanError) {
        try list.add(
          objectId: user.objectId, page: href,
          names: OwnerNames(username: user.username, displayName: user.displayName))
        try people?.add(
          user, href: href,
          avatar: media.avatar(of: user, picture: picture, corrections: corrections))
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
    let walls = try list.finish()
    guard let people else {
      do {
        let written = try SiteBuilder.renderPrivateRoot(
          with: writer, language: settings.pipeline.language)
        return (walls, written)
      } catch {
        throw .build(error)
      }
    }
    for record in records {
      try ShardRecord.forEachCover(path: ShardRecord.path(record.shard, stateRoot: recordsRoot)) {
        owner, cover throws(PlanError) in
        try people.add(cover: cover, of: owner, replacing: false)
      }
    }
    for (owner, cover) in corrected { try people.add(cover: cover, of: owner, replacing: true) }
    try people.sort()

    let pages = IndexPages(
      pageSize: settings.indexPageSize, language: settings.pipeline.language,
      site: settings.pipeline.site)
    let total = people.count
    var ranges: [String] = []
    for number in 1...pages.pageCount(people: total) {
      let first = (number - 1) * pages.size
      let last = min(number * pages.size, total) - 1
      ranges.append(
        last < first
          ? ""
          : pages.range(
            first: try people.name(at: first), last: try people.name(at: last),
            single: first == last))
    }
    let next = try people.entries()
    do {
      let written = try SiteBuilder.renderIndex(
        pages, total: total, ranges: ranges,
        next: { () -> IndexPageModel.Entry? in
          guard failure == nil else { return nil }
          do throws(PlanError) { return try next() } catch {
            failure = error
            return nil
          }
        }, with: writer)
      if let failure { throw failure }
      return (walls, written)
    } catch let error as PlanError {
      throw error
    } catch let error as BuildError {
      throw .build(error)
    } catch {
      throw .write(step: .index, WriteError(path: stateRoot, reason: "\(error)"))
    }
  }
}

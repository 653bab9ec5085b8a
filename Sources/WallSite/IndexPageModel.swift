import WallJSON
import WallMedia
import WallModel
import WallRender

/// Builds the template data of the index pages (public builds only) and the list of everyone that
/// the index's search box reads.
///
/// People are sorted by name (case-insensitively, ties by objectId) and cut into pages of
/// `pageSize`: `index.html`, `index-2.html`, … (`SiteLayout.indexPage`). Each person shows a
/// cover, the newest of their own photos that their wall shows (none when they show none, or none
/// could be made: the page shows their avatar instead), their name and their wall's photo count.
package struct IndexPageModel {
  let index: WallIndex
  let catalog: MediaCatalog
  let layout: SiteLayout
  let pageSize: Int
  /// The language of texts.
  var language = SiteLanguage.english
  /// The site's title, description and address.
  var site = SiteIdentity()
  /// Every wall's cover by owner, when they were gathered elsewhere (a sharded build's shard
  /// records; a wall missing here shows no photo); nil to read them from `index` and `catalog`.
  var covers: [String: WallCover]? = nil

  /// A model of the index of `index`'s users, with `catalog`'s covers and avatars (or `covers`).
  package init(
    index: WallIndex, catalog: MediaCatalog, layout: SiteLayout, pageSize: Int,
    language: SiteLanguage = .english, site: SiteIdentity = SiteIdentity(),
    covers: [String: WallCover]? = nil
  ) {
    self.index = index
    self.catalog = catalog
    self.layout = layout
    self.pageSize = pageSize
    self.language = language
    self.site = site
    self.covers = covers
  }

  /// People per index page unless the build says otherwise (`SiteBuilder.Settings`).
  static let defaultPageSize = 200
  /// The widest file a cover's `srcset` offers.
  static let widestCover = 640
  /// Covers that load eagerly at the top of each page; the rest are lazy.
  static let eagerCovers = 6

  /// One person of the index.
  package struct Entry {
    package var user: User
    package var href: String
    package var imageCount: Int
    /// The cover's variants, narrowest first; empty when the person has no cover.
    package var cover: [StoredImage]
    /// The person's avatar (none in a build without avatars).
    package var avatar: AvatarImage?
    /// Whether someone else in the index has the same name, ignoring case.
    ///
    /// The entry then shows the username under the name. Set as the index is written.
    package var sharesName = false

    /// An entry of the index.
    package init(
      user: User, href: String, imageCount: Int, cover: [StoredImage], avatar: AvatarImage?
    ) {
      self.user = user
      self.href = href
      self.imageCount = imageCount
      self.cover = cover
      self.avatar = avatar
    }
  }

  /// The pages' layout and texts, which render a page from its people alone.
  package var layoutOfPages: IndexPages {
    IndexPages(pageSize: pageSize, language: language, site: site)
  }

  /// Everyone, in index order.
  package func entries() -> [Entry] {
    let order = index.owners.sorted {
      let (nameA, nameB) = ($0.displayName.lowercased(), $1.displayName.lowercased())
      return nameA != nameB ? nameA < nameB : $0.objectId < $1.objectId
    }
    return order.map { user in
      let cover =
        covers.map { $0[user.objectId] ?? WallCover() }
        ?? WallCover(of: user.objectId, index: index, catalog: catalog)
      return Entry(
        user: user, href: layout.wallPage(userID: user.objectId, page: 1),
        imageCount: cover.imageCount, cover: cover.variants,
        avatar: catalog.avatars[user.objectId])
    }
  }

  /// The number of index pages for `count` people.
  func pageCount(people count: Int) -> Int { layoutOfPages.pageCount(people: count) }

  /// Each index page's range of names ("Ada Berg – Ben Cole"), for the page links.
  /// - Parameter entries: Everyone, as `entries()` gives them.
  package func ranges(_ entries: [Entry]) -> [String] {
    let pages = layoutOfPages
    let size = max(1, pageSize)
    return (1...pages.pageCount(people: entries.count)).map { number in
      let slice = entries.dropFirst((number - 1) * size).prefix(size)
      return pages.range(
        first: slice.first?.user.displayName, last: slice.last?.user.displayName,
        single: slice.count == 1)
    }
  }
}

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
    var user: User
    var href: String
    var imageCount: Int
    /// The cover's variants, narrowest first; empty when the person has no cover.
    var cover: [StoredImage]
  }

  /// Everyone, in index order.
  package func entries() -> [Entry] {
    let order = index.users.sorted {
      let (nameA, nameB) = ($0.displayName.lowercased(), $1.displayName.lowercased())
      return nameA != nameB ? nameA < nameB : $0.objectId < $1.objectId
    }
    return order.map { user in
      let cover =
        covers.map { $0[user.objectId] ?? WallCover() }
        ?? WallCover(of: user.objectId, index: index, catalog: catalog)
      return Entry(
        user: user, href: layout.wallPage(userID: user.objectId, page: 1),
        imageCount: cover.imageCount, cover: cover.variants)
    }
  }

  /// The number of index pages for `count` people.
  func pageCount(people count: Int) -> Int {
    max(1, (count + max(1, pageSize) - 1) / max(1, pageSize))
  }

  /// The index pages, each as (site-relative path, template data).
  /// - Parameter entries: Everyone, as `entries()` gives them.
  package func pages(_ entries: [Entry]) -> [(path: String, context: TemplateValue)] {
    let size = max(1, pageSize)
    let count = pageCount(people: entries.count)
    let strings = language.strings
    let title = site.title ?? strings.text("siteTitle")
    let lede = strings.text("indexLede", count: entries.count)
    let description = site.description ?? lede
    return (1...count).map { page in
      let slice = entries.dropFirst((page - 1) * size).prefix(size)
      let people = slice.enumerated().map { position, entry in
        person(entry, lazy: position >= Self.eagerCovers)
      }
      let path = SiteLayout.indexPage(page)
      let context: TemplateValue = [
        "root": "",
        // The index exists only on a public site, which search engines may index.
        "noindex": false,
        "lang": .string(language.code),
        "t": strings.templateValue,
        "scriptText": .string(strings.scriptText),
        "title": .string(title),
        "description": .string(description),
        "siteDescription": site.description.map { TemplateValue.string($0) } ?? .null,
        "lede": .string(lede),
        "openGraph": OpenGraphValue.value(
          site: site, audience: .anyone, title: title, description: description, path: path,
          image: nil),
        "walls": .array(people),
        "wallCount": .int(entries.count),
        "peopleList": count > 1 ? .string(SiteLayout.peopleList) : .null,
        "pagination": pagination(page: page, count: count, entries: entries, size: size),
        "range": count > 1
          ? .string(strings.text("indexThisPage", ["range": range(of: page, entries, size: size)]))
          : .null,
      ]
      return (path, context)
    }
  }

  /// The search box's list of everyone, a script that sets `window.wallgenPeople` (a script, not
  /// JSON, so that it loads from `file://` too): one array per person of name, wall address, photo
  /// count, avatar and cover (`""` for none), all site-relative, in index order.
  /// - Parameter entries: Everyone, as `entries()` gives them.
  func peopleScript(_ entries: [Entry]) -> [UInt8] {
    let rows: [JSONValue] = entries.map { entry in
      let cover = entry.cover.first?.path ?? ""
      return .array([
        .string(entry.user.displayName), .string(entry.href), .integer(Int64(entry.imageCount)),
        .string(catalog.avatars[entry.user.objectId]?.small ?? ""), .string(cover),
      ])
    }
    var bytes = Array("window.wallgenPeople = ".utf8)
    for (position, row) in rows.enumerated() {
      bytes += Array((position == 0 ? "[\n" : ",\n").utf8)
      bytes += Array(row.serialized.utf8)
    }
    bytes += Array((rows.isEmpty ? "[];\n" : "\n];\n").utf8)
    return bytes
  }

  private func person(_ entry: Entry, lazy: Bool) -> TemplateValue {
    let avatar = catalog.avatars[entry.user.objectId]
    let (small, large) = (avatar?.small ?? "", avatar?.large ?? "")
    var cover: TemplateValue = .null
    if let first = entry.cover.first {
      // A cover is at most 12rem wide: twice that needs no file wider than 640 px.
      let sizes = entry.cover.filter { $0.width <= Self.widestCover }
      cover = [
        "src": .string(first.path),
        "srcset": .string(
          (sizes.isEmpty ? [first] : sizes).map { "\($0.path) \($0.width)w" }
            .joined(separator: ", ")),
        "width": .int(first.width), "height": .int(first.height),
        "lazy": .bool(lazy),
      ]
    }
    return [
      "name": .string(entry.user.displayName),
      "href": .string(entry.href),
      "imageCount": .int(entry.imageCount),
      "one": .bool(entry.imageCount == 1),
      "countText": .string(language.strings.text("photoCount", count: entry.imageCount)),
      "cover": cover,
      "avatar": [
        "small": .string(small), "large": .string(large),
        // A generated avatar is one SVG at both sizes: no second file to offer.
        "srcset": small != large ? .string("\(small) 1x, \(large) 2x") : .null,
      ],
    ]
  }

  /// Page links named by the first and last name of each page, so a reader can find a person's
  /// page without JavaScript.
  private func pagination(page: Int, count: Int, entries: [Entry], size: Int) -> TemplateValue {
    let strings = language.strings
    return PaginationValue(
      strings: strings, label: strings.text("indexPages"), newerText: strings.text("previousPage"),
      olderText: strings.text("nextPage"), href: SiteLayout.indexPage,
      ariaLabel: {
        strings.text(
          "indexPageNumber",
          ["number": strings.number($0), "range": range(of: $0, entries, size: size)])
      }
    ).value(page: page, count: count)
  }

  /// "First to Last": the names of the first and last person of index page `number`.
  private func range(of number: Int, _ entries: [Entry], size: Int) -> String {
    let slice = entries.dropFirst((number - 1) * size).prefix(size)
    guard let first = slice.first?.user.displayName, let last = slice.last?.user.displayName
    else { return "" }
    return slice.count == 1
      ? first : language.strings.text("nameRange", ["first": first, "last": last])
  }
}

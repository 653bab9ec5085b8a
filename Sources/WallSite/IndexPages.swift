import WallJSON
import WallMedia
import WallModel
import WallRender

/// The index pages' layout and texts: renders one page from its people alone, so the index can
/// be written a page at a time from a stream of people in index order (a sharded build's
/// finalize step), or from everyone in memory (`IndexPageModel`).
package struct IndexPages {
  /// People per page.
  let pageSize: Int
  /// The language of texts.
  var language = SiteLanguage.english
  /// The site's title, description and address.
  var site = SiteIdentity()

  /// The pages of an index with `pageSize` people a page.
  package init(pageSize: Int, language: SiteLanguage, site: SiteIdentity) {
    self.pageSize = pageSize
    self.language = language
    self.site = site
  }

  /// People per page, at least one.
  package var size: Int { max(1, pageSize) }

  /// The number of index pages for `count` people.
  package func pageCount(people count: Int) -> Int {
    max(1, (count + size - 1) / size)
  }

  /// Index page `number` (1-based), as (site-relative path, template data).
  /// - Parameters:
  ///   - number: The page.
  ///   - total: How many people the index has.
  ///   - people: The page's people, in index order.
  ///   - range: "First to Last" of each page by number (`range(first:last:)`).
  package func page(
    _ number: Int, total: Int, people: some Collection<IndexPageModel.Entry>,
    range: @escaping (Int) -> String
  ) -> (path: String, context: TemplateValue) {
    let count = pageCount(people: total)
    let strings = language.strings
    let title = site.title ?? strings.text("siteTitle")
    let lede = strings.text("indexLede", count: total)
    let description = site.description ?? lede
    let walls = people.enumerated().map { position, entry in
      person(entry, lazy: position >= IndexPageModel.eagerCovers)
    }
    let path = SiteLayout.indexPage(number)
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
      "walls": .array(walls),
      "wallCount": .int(total),
      "peopleList": count > 1 ? .string(SiteLayout.peopleList) : .null,
      "pagination": pagination(page: number, count: count, range: range),
      "range": count > 1
        ? .string(strings.text("indexThisPage", ["range": range(number)])) : .null,
    ]
    return (path, context)
  }

  /// "First to Last": the names of the first and last person of a page ("" for none, the one
  /// name when they are the same person).
  package func range(first: String?, last: String?, single: Bool = false) -> String {
    guard let first, let last else { return "" }
    return single ? first : language.strings.text("nameRange", ["first": first, "last": last])
  }

  /// What starts the search box's list of everyone: a script that sets `window.wallgenPeople`
  /// (a script, not JSON, so that it loads from `file://` too), then one row a line.
  package static let peopleScriptStart = "window.wallgenPeople = ["
  /// What ends the list, on its own line.
  package static let peopleScriptEnd = "];"

  /// One person's row of the list (followed by `,` but for the last): name, wall address,
  /// photo count, avatar and cover (`""` for none), all site-relative.
  package static func peopleRow(_ entry: IndexPageModel.Entry) -> String {
    let row: JSONValue = .array([
      .string(entry.user.displayName), .string(entry.href), .integer(Int64(entry.imageCount)),
      .string(entry.avatar?.small ?? ""), .string(entry.cover.first?.path ?? ""),
    ])
    return row.serialized
  }

  private func person(_ entry: IndexPageModel.Entry, lazy: Bool) -> TemplateValue {
    let (small, large) = (entry.avatar?.small ?? "", entry.avatar?.large ?? "")
    var cover: TemplateValue = .null
    if let first = entry.cover.first {
      // A cover is at most 12rem wide: twice that needs no file wider than 640 px.
      let sizes = entry.cover.filter { $0.width <= IndexPageModel.widestCover }
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
      // Two people of one name are told apart by their username.
      "username": entry.sharesName && !entry.user.username.isEmpty
        ? .string(entry.user.username) : .null,
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
  private func pagination(page: Int, count: Int, range: @escaping (Int) -> String)
    -> TemplateValue
  {
    let strings = language.strings
    return PaginationValue(
      strings: strings, label: strings.text("indexPages"), newerText: strings.text("previousPage"),
      olderText: strings.text("nextPage"), href: SiteLayout.indexPage,
      ariaLabel: {
        strings.text("indexPageNumber", ["number": strings.number($0), "range": range($0)])
      }
    ).value(page: page, count: count)
  }
}

import WallRender

/// The template data of `pagination.html`: links to the previous and next page and to every
/// page, for wall pages and index pages alike.
struct PaginationValue {
  /// The texts of the site's language ("page 2 of 5").
  let strings: UIStrings
  /// The accessible name of the list ("Wall pages").
  let label: String
  /// The texts of the links to the previous and the next page.
  let newerText: String
  let olderText: String
  /// The link to page `n` (1-based).
  let href: (Int) -> String
  /// The accessible name of the link to page `n`.
  let ariaLabel: (Int) -> String

  /// The links to pages 1 to `count`, none of them the current one: what `value` lists, made
  /// once for all the pages of a wall instead of once for each.
  func links(count: Int) -> [TemplateObject] {
    (1...max(1, count)).map {
      [
        "number": .int($0), "href": .string(href($0)), "isCurrent": .bool(false),
        "ariaLabel": .string(ariaLabel($0)),
      ]
    }
  }

  /// The data for page `page` of `count`, its list of pages from `links` when given (as
  /// `links(count:)` makes them); null when there is one page.
  ///
  /// `heading` ("Page 2 of 5") is set from the second page on, for the top of the page: the
  /// first page needs no such line.
  func value(page: Int, count: Int, links: [TemplateObject]? = nil) -> TemplateValue {
    guard count > 1 else { return .null }
    var pages = links ?? self.links(count: count)
    if pages.indices.contains(page - 1) { pages[page - 1]["isCurrent"] = .bool(true) }
    let numbers = ["current": strings.number(page), "count": strings.number(count)]
    return [
      "current": .int(page), "count": .int(count),
      "pageOfCount": .string(strings.text("pageOfCount", numbers)),
      "heading": page > 1 ? .string(strings.text("pageHeading", numbers)) : .null,
      "label": .string(label),
      "newer": page > 1 ? .string(href(page - 1)) : .null,
      "older": page < count ? .string(href(page + 1)) : .null,
      "newerText": .string(newerText), "olderText": .string(olderText),
      "pages": .array(pages.map { .object($0) }),
    ]
  }
}

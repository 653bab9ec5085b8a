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

  /// The data for page `page` of `count`; null when there is one page.
  func value(page: Int, count: Int) -> TemplateValue {
    guard count > 1 else { return .null }
    return [
      "current": .int(page), "count": .int(count),
      "pageOfCount": .string(
        strings.text(
          "pageOfCount", ["current": strings.number(page), "count": strings.number(count)])),
      "label": .string(label),
      "newer": page > 1 ? .string(href(page - 1)) : .null,
      "older": page < count ? .string(href(page + 1)) : .null,
      "newerText": .string(newerText), "olderText": .string(olderText),
      "pages": .array(
        (1...count).map {
          [
            "number": .int($0), "href": .string(href($0)), "isCurrent": .bool($0 == page),
            "ariaLabel": .string(ariaLabel($0)),
          ]
        }),
    ]
  }
}

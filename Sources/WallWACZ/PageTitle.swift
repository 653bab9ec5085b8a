/// The text of an HTML page's `<title>`, for `pages/pages.jsonl`.
enum PageTitle {
  /// How much of a page is searched for its title.
  static let searchedBytes = 1 << 16

  /// The first `<title>…</title>` of `html` with its entities decoded and white space
  /// collapsed; nil when there is none in the first `searchedBytes` bytes.
  /// - Parameter html: The page's first bytes.
  static func of(_ html: some Collection<UInt8>) -> String? {
    let text = String(decoding: html.prefix(searchedBytes), as: UTF8.self)
    guard let open = text.firstRange(of: "<title>"),
      let close = text[open.upperBound...].firstRange(of: "</title>")
    else { return nil }
    var title = String(text[open.upperBound..<close.lowerBound])
    for (entity, character) in [
      ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&"),
    ] {
      title = title.replacing(entity, with: character)
    }
    return title.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}

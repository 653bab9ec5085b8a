/// A private build's list of links as CSV (RFC 4180) for a mail merge: one row per wall with
/// its owner's objectId, username, display name and link.
///
/// The text is UTF-8 with no byte-order mark, rows end with CRLF, and every cell is quoted
/// (`"` doubled inside). A cell that a spreadsheet would read as a formula, one starting with
/// `=`, `+`, `-`, `@`, a tab or a carriage return, gets a leading apostrophe inside its quotes,
/// as OWASP's "CSV Injection" page advises: `"'=HYPERLINK(…)"` shows as text, and the name
/// keeps its characters.
public enum PrivateLinkList {
  /// The header row's cells.
  public static let header = ["objectId", "username", "display name", "link"]

  /// The characters that make a spreadsheet read a cell as a formula (OWASP).
  static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

  /// The CSV of every wall, sorted by objectId, in memory (`headerRow`, then `row(for:)` of
  /// each wall, for a list written as a stream).
  /// - Parameters:
  ///   - pages: Each wall's first page, site-relative, by owner objectId.
  ///   - owners: Each owner's names, by objectId (a missing one gives empty names).
  ///   - baseURL: Where the site is published; without it, links stay site-relative.
  public static func csv(
    pages: [String: String], owners: [String: OwnerNames], baseURL: BaseURL?
  ) -> String {
    var rows = [headerRow]
    for (objectId, page) in pages.sorted(by: { $0.key < $1.key }) {
      let names = owners[objectId] ?? OwnerNames(username: "", displayName: "")
      rows.append(
        row(for: WallEntry(objectId: objectId, page: page, names: names), baseURL: baseURL))
    }
    return rows.joined()
  }

  /// The header row, with its CRLF.
  public static var headerRow: String { row(header) }

  /// The row of one wall, with its CRLF: its owner's objectId, username and display name and
  /// its link.
  /// - Parameters:
  ///   - wall: The wall.
  ///   - baseURL: Where the site is published; without it, the link stays site-relative.
  public static func row(for wall: WallEntry, baseURL: BaseURL?) -> String {
    row([
      wall.objectId, wall.names.username, wall.names.displayName,
      baseURL?.resolving(wall.page) ?? wall.page,
    ])
  }

  /// One CSV cell: quoted, `"` doubled, and an apostrophe before a leading formula character.
  /// - Parameter value: The cell's text.
  public static func cell(_ value: String) -> String {
    let guarded =
      value.unicodeScalars.first.map { formulaStarts.contains($0) } == true ? "'" + value : value
    return "\"" + guarded.replacing("\"", with: "\"\"") + "\""
  }

  private static func row(_ cells: [String]) -> String {
    cells.map(cell).joined(separator: ",") + "\r\n"
  }
}

/// How an export's class files are laid out: what Parse.com exported, or what `mongoexport`
/// writes from a Parse Server database (docs/input-format.md).
public enum ExportLayout: String, Sendable, Equatable, CaseIterable, CustomStringConvertible {
  /// Parse.com's export: `{"results": [...]}` (or an array) of objects in Parse REST form.
  case parseCom
  /// Parse Server's MongoDB collections as `mongoexport` writes them: one Extended JSON
  /// document per line (or `--jsonArray`), in Parse Server's storage form.
  case parseServer

  /// "Parse.com export", "Parse Server database export (mongoexport)".
  public var description: String {
    switch self {
    case .parseCom: "Parse.com export"
    case .parseServer: "Parse Server database export (mongoexport)"
    }
  }
}

import WallImport
import WallReport

extension WallCLI {
  /// What `wallgen check` prints of a takedown list's effect: one line of counts, then one line
  /// per kind listing the objectIds; nothing when the list took nothing out.
  /// - Parameters:
  ///   - removal: What the list took out (`ExportCheck.Result.excluded`).
  ///   - file: The configuration file the list comes from.
  static func exclusionLines(_ removal: ExclusionRemoval, file: String) -> [String] {
    guard !removal.isEmpty else { return [] }
    var lines = [
      "\(file): 'exclude' leaves out \(count(removal.users.count, "user")), "
        + "\(count(removal.images.count, "image")), \(count(removal.comments.count, "comment")) "
        + "and \(count(removal.joinRows, "friend or role row"))"
    ]
    for (noun, ids) in [
      ("users", removal.users), ("images", removal.images), ("comments", removal.comments),
    ] where !ids.isEmpty {
      lines.append("  \(noun) left out: \(ids.joined(separator: ", "))")
    }
    return lines.map { TerminalText.escaped($0) }
  }
}

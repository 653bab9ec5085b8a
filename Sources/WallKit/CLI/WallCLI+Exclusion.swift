import WallImport
import WallReport

extension WallCLI {
  /// The takedown list of the configuration file `named` (`--config`, else `wallgen.json` in
  /// the current folder) for `check` and `plan`, which read no other key of it; nil after
  /// printing why the file was refused (exit 64).
  static func configuredExclusion(_ named: String?, console: Console) -> ExportExclusion? {
    do throws(UsageError) {
      return try SiteConfig.load(named: named).exclusion
    } catch {
      console.err(error.description)
      return nil
    }
  }

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

import WallSite

extension ShardRecord {
  /// What a line of a record's lists names.
  enum ListKind: Hashable, Sendable {
    /// A wall's cover (`coverLine(owner:cover:)`).
    case cover
    /// A wall folder (`folderPrefix`).
    case folder
    /// A file of the site (`BuildManifest.filePrefix`).
    case file
    /// A media record (`BuildManifest.recordPrefix`).
    case record
  }

  /// One line of a record's lists (every line after its first), taken apart.
  ///
  /// The lines are `c <json>` for a cover, `d <folder>`, `f <file>` and `r <record>` for what
  /// the shard made, and the same three after `leftoverPrefix` (`ld`, `lf`, `lr`) for what an
  /// earlier run of it made and this one did not.
  struct ListLine: Equatable, Sendable {
    /// What the line names.
    var kind: ListKind
    /// Whether it is a leftover's line.
    var isLeftover: Bool
    /// The line without its leftover prefix: a manifest line (`BuildManifest`) for a file or
    /// a record, a folder line, or the whole line for a cover.
    var entry: Substring

    /// The folder, file or record the line names (meaningless for a cover).
    var path: String { BuildManifest.path(of: entry) }

    /// Takes `line` apart; nil for a line of no kind a record holds.
    init?(_ line: String) {
      if line.hasPrefix(ShardRecord.coverPrefix) {
        (kind, isLeftover, entry) = (.cover, false, line[...])
        return
      }
      isLeftover = line.hasPrefix(ShardRecord.leftoverPrefix)
      entry = isLeftover ? line.dropFirst(ShardRecord.leftoverPrefix.count) : line[...]
      if entry.hasPrefix(BuildManifest.filePrefix) {
        kind = .file
      } else if entry.hasPrefix(BuildManifest.recordPrefix) {
        kind = .record
      } else if entry.hasPrefix(ShardRecord.folderPrefix) {
        kind = .folder
      } else {
        return nil
      }
    }
  }
}

import WallReport

/// Why the walls of an export cannot be laid out in the output tree.
public enum SiteLayoutError: Error, Equatable, CustomStringConvertible {
  /// Two users would share one wall folder, so one wall would overwrite the other.
  case sharedFolder(folder: String, first: String, second: String)

  public var description: String {
    switch self {
    case .sharedFolder(let folder, let first, let second):
      "users \"\(TerminalText.escaped(first))\" and \"\(TerminalText.escaped(second))\" would "
        + "share the wall folder walls/\(folder)/; no site is written"
    }
  }
}

/// Why an entry name is unsafe to use as a relative path, so the entry is rejected.
public enum ZipNameProblem: Sendable, Equatable, CustomStringConvertible {
  /// The name is empty.
  case empty
  /// The name contains a NUL byte.
  case containsNUL
  /// The name starts with `/` or `\`.
  case absolutePath
  /// The name starts with a Windows drive letter such as `C:`.
  case driveLetter
  /// A component between separators (`/` or `\`) is `..`.
  case parentComponent
  /// A component between separators (`/` or `\`) is `.`.
  case currentComponent
  /// Two separators are adjacent, as in `a//b`.
  case emptyComponent
  /// The entry claims UTF-8 (flag bit 11) but its name bytes are not valid UTF-8.
  case invalidUTF8
  /// An earlier entry in the archive already has this name.
  case duplicate
  /// The entry's local header gives it a different name (tools would disagree on what it is).
  case localNameDiffers(String)
  /// The name is longer than the 65,535 bytes a zip header can record (writing only).
  case tooLong

  /// A sentence fragment explaining the problem, such as "has a '..' component".
  public var description: String {
    switch self {
    case .empty: "is empty"
    case .containsNUL: "contains a NUL byte"
    case .absolutePath: "is an absolute path"
    case .driveLetter: "starts with a drive letter"
    case .parentComponent: "has a '..' component"
    case .currentComponent: "has a '.' component"
    case .emptyComponent: "has an empty component"
    case .invalidUTF8: "is flagged UTF-8 but is not valid UTF-8"
    case .duplicate: "repeats an earlier entry's name"
    case .localNameDiffers(let local):
      "is named '\(ZipNamePolicy.printable(local))' in its local header"
    case .tooLong: "is longer than 65535 bytes"
    }
  }
}

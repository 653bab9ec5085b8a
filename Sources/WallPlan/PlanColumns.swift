/// The columns one query of a plan selects from a table, in order: an enum whose cases are
/// named after the table's columns, so that rows are read by name, not by position.
protocol PlanColumns: CaseIterable, RawRepresentable<Int32> {}

extension PlanColumns {
  /// The select list of every column, each prefixed with `alias` (`u.objectId, u.username`).
  /// - Parameter alias: The table's name or alias in the query.
  static func selected(from alias: String) -> String {
    allCases.map { "\(alias).\($0)" }.joined(separator: ", ")
  }

  /// How many columns the list has: where the next list of a joined select starts.
  static var width: Int32 { Int32(allCases.count) }
}

/// The columns of `Columns` in a result row, from its column `first` on.
struct PlanRow<Columns: PlanColumns> {
  let row: SQLiteStatement
  var first: Int32 = 0

  /// The column as text ("" for NULL).
  func text(_ column: Columns) -> String { row.text(first + column.rawValue) }

  /// The column as text, nil for NULL.
  func optionalText(_ column: Columns) -> String? { row.optionalText(first + column.rawValue) }

  /// The column as an integer (0 for NULL).
  func integer(_ column: Columns) -> Int64 { row.integer(first + column.rawValue) }

  /// Whether the column is NULL.
  func isNull(_ column: Columns) -> Bool { row.isNull(first + column.rawValue) }
}

/// What `PlanReader` selects of a user (`users`).
enum UserColumn: Int32, PlanColumns {
  case objectId, username, facebookID, displayName, picturePath, pictureName, wallImages
  case isPublic, sharesIDIgnoringCase
}

/// What `PlanReader` selects of an image file's record (`sources`).
enum SourceColumn: Int32, PlanColumns {
  case path, avatar, ownerClass, ownerId, digest, readError, format, width, height, orientation
  case hasAlpha, probeError, hash
}

/// What `PlanReader` selects of an image (`images`), with its row number.
enum ImageColumn: Int32, PlanColumns {
  case objectId, className, uploader, path, originalName, createdAt, acl, rowid
}

/// What `PlanReader` selects of a comment (`comments`).
enum CommentColumn: Int32, PlanColumns {
  case objectId, className, imageID, author, text, createdAt, acl
}

/// What `PlanReader` selects of a problem (`problems`).
enum ProblemColumn: Int32, PlanColumns {
  case severity, file, className, objectId, reason, omitted
}

/// What `PlanReader` selects of a friendship (`friends`).
enum FriendColumn: Int32, PlanColumns {
  case owner, friend
}

/// What `PlanReader` selects of a role membership (`roles`).
enum RoleColumn: Int32, PlanColumns {
  case user, role
}

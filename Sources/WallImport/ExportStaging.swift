import WallModel
import WallReport

/// How a row names its author or uploader, before the users are known: the keys
/// `ImportSession.resolveAuthor` looks up, in its order (`userFBId`, then `user` as a username,
/// then `user` as a pointer to a `_User`).
package struct StagedAuthor: Sendable, Equatable {
  /// `userFBId`, a Facebook id.
  package var facebookID: String?
  /// `user` as a string: a username.
  package var username: String?
  /// `user` as a pointer to a `_User`: its objectId.
  package var pointer: String?

  /// Names an author by the keys given.
  package init(facebookID: String? = nil, username: String? = nil, pointer: String? = nil) {
    self.facebookID = facebookID
    self.username = username
    self.pointer = pointer
  }

  /// How the row names its author, quoted, for the problem of an unknown one: its
  /// `userFBId` and `user` (a username), or that it has neither.
  package var description: String {
    var parts: [String] = []
    if let facebookID { parts.append("userFBId \"\(facebookID)\"") }
    if let username { parts.append("user \"\(username)\"") }
    return parts.isEmpty ? "no userFBId or user field" : parts.joined(separator: ", ")
  }
}

/// A `_User` row as a part of a plan reads it, before any other row is looked at.
package struct StagedUser: Sendable {
  /// The objectId.
  package var objectId: String
  /// The row's 1-based place in `_User.json`: the first of two users sharing a username wins.
  package var position: Int
  /// `username`, else the objectId.
  package var username: String
  /// `fbId`, else `authData.facebook.id`.
  package var facebookID: String?
  /// `name` when it is a non-empty string.
  package var name: String?
  /// Whether the row has no ACL or one readable by anyone (`User.isPublic`).
  package var isPublic = true
  /// Whether its Facebook id can name files of `graph/` (`ImportSession.isSafeFileName`); a
  /// user whose id cannot has no Graph data.
  package var facebookIDIsSafe = true
}

/// A `WallImage` or `WallImageObject` row with an objectId, as a part reads it; its uploader is
/// resolved when the parts are merged.
///
/// A row whose `createdAt` is no date is staged too (with none): the merge decides whether the
/// image is not shown for its uploader or for its date, as the whole import would.
package struct StagedImage: Sendable {
  /// The objectId.
  package var objectId: String
  /// `WallImage` or `WallImageObject`.
  package var className: String
  /// The row's 1-based place in its class file: where its problems come in the report.
  package var position: Int
  /// How it names its uploader.
  package var author: StagedAuthor
  /// `createdAt`; nil when it is no ISO-8601 date (the image is not shown).
  package var createdAt: Timestamp?
  /// Who may read it; nil means public.
  package var acl: AccessControl?
  /// Its file in `files/`; nil when none was found (a placeholder is shown).
  package var file: FileReference?
  /// A `WallImageObject`'s non-empty `comment`, its caption.
  package var caption: String?
  /// Whether it names a file that is missing because the export's `files/` holds none: such
  /// photos are counted, and said once (`ImportSession.reportUnfilledFilesFolder`).
  package var awaitsFile = false
  /// Whether its Parse File names a file (`PhotoFileCount.named`), found or not.
  package var namesFile = false
}

/// A `WallImageComment` row as a part reads it; its image and author are checked when the
/// parts are merged.
package struct StagedComment: Sendable {
  /// The objectId.
  package var objectId: String
  /// The row's 1-based place in `WallImageComment.json`: where its problems come in the
  /// report.
  package var position: Int
  /// The objectId of its image.
  package var imageID: String
  /// How it names its author.
  package var author: StagedAuthor
  /// `createdAt`; nil when it is no ISO-8601 date (the comment is not shown).
  package var createdAt: Timestamp?
  /// `comment`, "" when absent (a warning).
  package var text: String
  /// Who may read it; nil means public.
  package var acl: AccessControl?
}

/// A problem a part of a plan found in one row, and where the whole import would report it.
package struct StagedProblem: Sendable {
  /// The class files in the order the whole import reads them (`ExportImporter.load`).
  package enum Step: Int, Sendable {
    /// The export's opening (links not followed, zip entries refused), then what the takedown
    /// list names that the export does not hold.
    case opening = -10
    case schema = 0
    case users = 10
    /// The users' Graph data, by user; then, at the next number, Graph files no user has.
    case graph = 20
    /// A join file's rows; what the merge finds of their sides comes after the whole file (the
    /// import reads the file, then looks at its rows), at the next number.
    case friends = 30
    case roles = 40
    case roleUsers = 42
    case roleRoles = 44
    case images = 50
    case imageObjects = 60
    case comments = 70
    /// The class files walls do not use, by their place among them (`checkOtherClassFiles`).
    case otherClassFiles = 100
    /// After every row and the friendships listed by one side only: the warning of a Parse
    /// Server export without `_SCHEMA.json`.
    case end = 120
  }

  /// Where a problem comes among a row's problems, as the import checks a row.
  package enum Phase: Int, Sendable {
    /// What reading the row found (its JSON, a Parse Server document's fields), and a row that
    /// is no object or has no objectId.
    case reading
    /// The merge's: an objectId given before in the file (the row is not read further).
    case duplicate
    /// The row's own checks that come before the merge's (a comment without `imageObjectId`,
    /// a role without a name).
    case rowCheck
    /// The merge's own findings (an unknown uploader or author, a missing image, a Facebook id
    /// an earlier user has).
    case merge
    /// The row's checks that come after the merge's (a date, an ACL, a file, a text).
    case afterMerge
  }

  /// The `order` of the problem at `index` (from 0) of `phase`.
  package static func order(_ phase: Phase, _ index: Int = 0) -> Int {
    phase.rawValue << 32 | index
  }

  /// The class file of the row.
  package var step: Step
  /// The row's 1-based place in it.
  package var position: Int
  /// The problem's place among the row's problems (`order(_:_:)`).
  package var order: Int
  /// Whether the problem counts only when the row passes the merge's checks (its uploader, or
  /// its image and author, are found): the whole import stops at the first failed check.
  package var conditional: Bool
  /// The problem and its kind.
  package var named: NamedProblem

  /// The class file of rows of `className`.
  package static func step(of className: String) -> Step {
    switch className {
    case "_User": .users
    case "_Join:friends:_User": .friends
    case "_Role": .roles
    case "_Join:users:_Role": .roleUsers
    case "_Join:roles:_Role": .roleRoles
    case "WallImageObject": .imageObjects
    case "WallImageComment": .comments
    default: .images
    }
  }
}

/// Receives the rows a part of a plan reads (`ImportSession.stage`), each once, in file order.
package protocol ExportStaging {
  /// A problem found in a row.
  mutating func stage(_ problem: StagedProblem)
  /// A `_User` row.
  mutating func stage(_ user: StagedUser)
  /// A `WallImage` or `WallImageObject` row.
  mutating func stage(_ image: StagedImage)
  /// A `WallImageComment` row.
  mutating func stage(_ comment: StagedComment)
  /// Row `position` of `_Join:friends:_User`, `_Join:users:_Role` or `_Join:roles:_Role`, with
  /// its own objectId when it has one.
  mutating func stageJoin(
    _ className: String, owning: String, related: String, position: Int, objectId: String?)
  /// A `_Role` with its name, at row `position` of `_Role.json`.
  mutating func stageRole(objectId: String, name: String, position: Int)
  /// Row `position` of `className`'s file holds an object with `objectId`, not dropped by the
  /// takedown list: the merge finds an objectId given twice in a file from these. `idKey` is
  /// the file's name for it (`objectId`, or Parse Server's `_id`).
  mutating func stageObject(className: String, objectId: String, position: Int, idKey: String)
  /// `graph/<facebookID>.json`, with its non-empty `name`.
  mutating func stageGraph(facebookID: String, name: String?)
  /// Friend `position` (from 0) listed by `graph/<facebookID>.json`, by Facebook id; nil for an
  /// entry without an id.
  mutating func stageGraphFriend(facebookID: String, friend: String?, position: Int)
  /// A picture `graph/<facebookID>.<ext>`; `priority` 0, 1, 2 for jpg, jpeg, png (the first
  /// found is the user's picture).
  mutating func stagePicture(facebookID: String, priority: Int, file: FileReference)
}

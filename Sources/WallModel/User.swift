/// A person of the app: a `_User` row, joined with their Facebook Graph data.
///
/// Secret fields of `_User` (email, password hash, session token, access tokens) are never read.
public struct User: Sendable, Hashable {
  /// The `_User` objectId.
  public var objectId: String
  /// The `_User` username.
  public var username: String
  /// The Facebook id (`fbId`, else `authData.facebook.id`), when known.
  public var facebookID: String?
  /// The name to show: Graph `name`, else `_User.name`, else the username.
  public var displayName: String
  /// The profile picture from `graph/<fbId>.jpg|png`, when the export has one.
  public var picture: FileReference?
  /// Whether Parse's anonymous reader may read the `_User` row.
  ///
  /// That is, it has no ACL, or one readable by `*`. A public site names only such users and
  /// gives only them a wall.
  public var isPublic: Bool
  /// Whether this is the stand-in `seen(by:)` gives for a user whose row the reader may not
  /// read: shown as "someone", with one shared generated avatar, linking to no wall.
  public private(set) var isStandIn = false
  /// Whether another user's objectId equals this one's ignoring case (`foldedID(_:)`).
  ///
  /// For example `uA` and `ua`. On a case-insensitive file system their wall folders would be
  /// one, so `SiteLayout` gives such walls hashed folders. The import sets it, from every user
  /// of the export.
  public var sharesIDIgnoringCase = false

  /// Creates a user.
  public init(
    objectId: String, username: String, facebookID: String? = nil, displayName: String,
    picture: FileReference? = nil, isPublic: Bool = true
  ) {
    self.objectId = objectId
    self.username = username
    self.facebookID = facebookID
    self.displayName = displayName
    self.picture = picture
    self.isPublic = isPublic
  }

  /// The user as `audience` may see their row: themselves, or for a reader who may not read it
  /// (anyone, when the row is not public) a stand-in with only the objectId, no name, no
  /// username, no Facebook id and no picture, shown as "someone".
  public func seen(by audience: Audience) -> User {
    isNamed(for: audience) ? self : Self.standIn(for: objectId)
  }

  /// The stand-in of the user `objectId` for a reader who may not read their row.
  public static func standIn(for objectId: String) -> User {
    var standIn = User(objectId: objectId, username: "", displayName: "", isPublic: false)
    standIn.isStandIn = true
    return standIn
  }

  /// An objectId with its ASCII letters lower-cased, as SQLite's `lower` folds it: two users
  /// whose objectIds fold to one share it ignoring case.
  public static func foldedID(_ objectId: String) -> String {
    String(
      decoding: objectId.utf8.map { ("A"..."Z").contains(Unicode.Scalar($0)) ? $0 | 0x20 : $0 },
      as: UTF8.self)
  }

  /// Whether `audience` reads the user's name and picture, and finds a wall of theirs.
  public func isNamed(for audience: Audience) -> Bool { audience == .owner || isPublic }
}

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

  /// Creates a user.
  public init(
    objectId: String, username: String, facebookID: String? = nil, displayName: String,
    picture: FileReference? = nil
  ) {
    self.objectId = objectId
    self.username = username
    self.facebookID = facebookID
    self.displayName = displayName
    self.picture = picture
  }
}

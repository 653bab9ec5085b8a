import WallKit

/// A person in the demo export.
struct DemoUser: Sendable {
  /// Where this user's own friend list is stored.
  enum FriendSource: Sendable {
    /// `graph/<fbId>.json`, as the newer app cached Graph's `me?fields=id,name,friends`.
    case graph
    /// Rows of `_Join:friends:_User.json`, the older app's Parse relation.
    case join
  }

  /// The format of `graph/<fbId>.<ext>`, or none (a generated avatar is shown).
  enum Picture: Sendable {
    case jpeg, png, none
  }

  /// A short stable key ("ada") that ids are derived from.
  let key: String
  /// The Facebook name.
  let name: String
  /// The Facebook app-scoped id.
  let facebookID: String
  /// Whether `_User` has `fbId`; when false, the id is only in `authData.facebook.id`.
  let hasFbIdField: Bool
  let friendSource: FriendSource
  let picture: Picture
  /// When the user signed up.
  let joined: DemoDate

  /// The `_User` objectId.
  var objectId: String { DemoIdentifier.objectId("user:\(key)") }

  /// The username the app chose: the name, lower-cased, dotted ("ada.berg").
  var username: String {
    name.lowercased().split(separator: " ").joined(separator: ".")
  }
}

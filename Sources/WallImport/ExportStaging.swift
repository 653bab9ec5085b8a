import WallModel

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
}

/// A `WallImage` or `WallImageObject` row as a part reads it: valid on its own (a date, an ACL,
/// a file found in `files/`); its uploader is resolved when the parts are merged.
package struct StagedImage: Sendable {
  /// The objectId.
  package var objectId: String
  /// `WallImage` or `WallImageObject`.
  package var className: String
  /// How it names its uploader.
  package var author: StagedAuthor
  /// `createdAt`.
  package var createdAt: Timestamp
  /// Who may read it; nil means public.
  package var acl: AccessControl?
  /// Its file in `files/`.
  package var file: FileReference
  /// A `WallImageObject`'s non-empty `comment`, its caption.
  package var caption: String?
}

/// A `WallImageComment` row as a part reads it; its image and author are checked when the
/// parts are merged.
package struct StagedComment: Sendable {
  /// The objectId.
  package var objectId: String
  /// The row's 1-based place in `WallImageComment.json`: the order of the warnings about
  /// comments without text.
  package var position: Int
  /// The objectId of its image.
  package var imageID: String
  /// How it names its author.
  package var author: StagedAuthor
  /// `createdAt`.
  package var createdAt: Timestamp
  /// `comment`, "" when absent (a warning, which the merge reports).
  package var text: String
  /// Who may read it; nil means public.
  package var acl: AccessControl?
}

/// Receives the rows a part of a plan reads (`ImportSession.stage`), each once, in file order.
package protocol ExportStaging {
  /// A `_User` row.
  mutating func stage(_ user: StagedUser)
  /// A `WallImage` or `WallImageObject` row.
  mutating func stage(_ image: StagedImage)
  /// A `WallImageComment` row.
  mutating func stage(_ comment: StagedComment)
  /// A row of `_Join:friends:_User`, `_Join:users:_Role` or `_Join:roles:_Role`.
  mutating func stageJoin(_ className: String, owning: String, related: String)
  /// A `_Role` with its name.
  mutating func stageRole(objectId: String, name: String)
  /// `graph/<facebookID>.json`, with its non-empty `name`.
  mutating func stageGraph(facebookID: String, name: String?)
  /// A friend listed by `graph/<facebookID>.json`, by Facebook id.
  mutating func stageGraphFriend(facebookID: String, friend: String)
  /// A picture `graph/<facebookID>.<ext>`; `priority` 0, 1, 2 for jpg, jpeg, png (the first
  /// found is the user's picture).
  mutating func stagePicture(facebookID: String, priority: Int, file: FileReference)
}

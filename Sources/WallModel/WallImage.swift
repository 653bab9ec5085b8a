/// A photo posted to the wall (`WallImage`, or a `WallImageObject` of the older schema).
public struct WallImage: Sendable, Hashable {
  /// The object's objectId.
  public var objectId: String
  /// The class it came from: `WallImage` or `WallImageObject`.
  public var className: String
  /// The uploader's `_User` objectId (resolved from `userFBId` or `user`).
  public var uploaderID: String
  /// The image bytes' location, or nil when the object had no usable File (reported).
  public var file: FileReference?
  /// When it was posted.
  public var createdAt: Timestamp
  /// Who may read it; nil means public.
  public var acl: AccessControl?

  /// Creates an image record.
  public init(
    objectId: String, className: String, uploaderID: String, file: FileReference?,
    createdAt: Timestamp, acl: AccessControl?
  ) {
    self.objectId = objectId
    self.className = className
    self.uploaderID = uploaderID
    self.file = file
    self.createdAt = createdAt
    self.acl = acl
  }
}

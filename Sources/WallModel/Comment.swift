/// A comment under an image (`WallImageComment`, or a `WallImageObject` caption).
public struct Comment: Sendable, Hashable {
  /// The comment's objectId (for a caption, the image's objectId).
  public var objectId: String
  /// The class it came from.
  public var className: String
  /// The commented image's objectId.
  public var imageID: String
  /// The author's `_User` objectId.
  public var authorID: String
  /// The text as written (escaped only when rendered).
  public var text: String
  /// When it was written.
  public var createdAt: Timestamp
  /// Who may read it; nil means public.
  public var acl: AccessControl?

  /// Creates a comment record.
  public init(
    objectId: String, className: String, imageID: String, authorID: String, text: String,
    createdAt: Timestamp, acl: AccessControl?
  ) {
    self.objectId = objectId
    self.className = className
    self.imageID = imageID
    self.authorID = authorID
    self.text = text
    self.createdAt = createdAt
    self.acl = acl
  }
}

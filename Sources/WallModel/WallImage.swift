/// A photo posted to the wall (`WallImage`, or a `WallImageObject` of the older schema).
///
/// Its fields live in one immutable object, so that copying an image (every wall lists the
/// images it shows, and each photo is on dozens of walls) costs one reference count, not one
/// for each string and set it holds: those copies were 3 % of a re-render's CPU.
public struct WallImage: Sendable, Hashable {
  private final class Fields: Sendable {
    let objectId: String
    let className: String
    let uploaderID: String
    let file: FileReference?
    let createdAt: Timestamp
    let acl: AccessControl?

    init(
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

  private let fields: Fields

  /// The object's objectId.
  public var objectId: String { fields.objectId }
  /// The class it came from: `WallImage` or `WallImageObject`.
  public var className: String { fields.className }
  /// The uploader's `_User` objectId (resolved from `userFBId` or `user`).
  public var uploaderID: String { fields.uploaderID }
  /// The image bytes' location, or nil when the object had no usable File (reported).
  public var file: FileReference? { fields.file }
  /// When it was posted.
  public var createdAt: Timestamp { fields.createdAt }
  /// Who may read it; nil means public.
  public var acl: AccessControl? { fields.acl }

  /// Creates an image record.
  public init(
    objectId: String, className: String, uploaderID: String, file: FileReference?,
    createdAt: Timestamp, acl: AccessControl?
  ) {
    fields = Fields(
      objectId: objectId, className: className, uploaderID: uploaderID, file: file,
      createdAt: createdAt, acl: acl)
  }

  public static func == (lhs: WallImage, rhs: WallImage) -> Bool {
    lhs.fields === rhs.fields
      || (lhs.objectId == rhs.objectId && lhs.className == rhs.className
        && lhs.uploaderID == rhs.uploaderID && lhs.file == rhs.file
        && lhs.createdAt == rhs.createdAt && lhs.acl == rhs.acl)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(objectId)
    hasher.combine(className)
    hasher.combine(uploaderID)
    hasher.combine(file)
    hasher.combine(createdAt)
    hasher.combine(acl)
  }
}

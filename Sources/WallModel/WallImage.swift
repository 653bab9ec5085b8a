/// A photo posted to the wall (`WallImage`, or a `WallImageObject` of the older schema).
///
/// Its fields live in one immutable object, so that copying an image (every wall lists the
/// images it shows, and each photo is on dozens of walls) costs one reference count, not one
/// for each string and set it holds: those copies were 3 % of a re-render's CPU.
public struct WallImage: Sendable, Hashable {
  /// The fields, compared and hashed as a whole.
  private struct Fields: Hashable {
    var objectId: String
    var className: String
    var uploaderID: String
    var file: FileReference?
    var createdAt: Timestamp
    var acl: AccessControl?
  }

  /// The one object every copy of an image shares.
  private final class Box: Sendable {
    let fields: Fields
    init(_ fields: Fields) { self.fields = fields }
  }

  private let box: Box

  /// The object's objectId.
  public var objectId: String { box.fields.objectId }
  /// The class it came from: `WallImage` or `WallImageObject`.
  public var className: String { box.fields.className }
  /// The uploader's `_User` objectId (resolved from `userFBId` or `user`).
  public var uploaderID: String { box.fields.uploaderID }
  /// The image bytes' location, or nil when the object had no usable File (reported).
  public var file: FileReference? { box.fields.file }
  /// When it was posted.
  public var createdAt: Timestamp { box.fields.createdAt }
  /// Who may read it; nil means public.
  public var acl: AccessControl? { box.fields.acl }

  /// Creates an image record.
  public init(
    objectId: String, className: String, uploaderID: String, file: FileReference?,
    createdAt: Timestamp, acl: AccessControl?
  ) {
    box = Box(
      Fields(
        objectId: objectId, className: className, uploaderID: uploaderID, file: file,
        createdAt: createdAt, acl: acl))
  }

  public static func == (lhs: WallImage, rhs: WallImage) -> Bool {
    lhs.box === rhs.box || lhs.box.fields == rhs.box.fields
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(box.fields)
  }
}

import WallKit

/// A comment in the demo export.
struct DemoComment: Sendable {
  /// A short stable key that the objectId and the time's seconds are derived from.
  let key: String
  /// The commented photo's key.
  let photo: String
  /// The author's user key.
  let author: String
  /// Minutes after the photo was posted.
  let minutesAfter: Int
  /// The text, as typed (newlines, any Unicode, HTML-looking characters).
  let text: String
  /// Whether the comment has an `ACL` that lets only its author read it.
  var isPrivate = false

  /// The `WallImageComment` objectId.
  var objectId: String { DemoIdentifier.objectId("comment:\(key)") }
}

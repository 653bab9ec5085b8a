import WallSupport

/// Who reads an output, and so which objects it may show (README, "Who sees what").
///
/// A public site is read by anyone: Parse's anonymous reader, who sees an object only when it
/// has no ACL or its ACL grants read to `*`. A private wall and an archive are read by their
/// owner, who sees what the owner's ACL rights and roles grant.
public enum Audience: String, Sendable, Hashable {
  /// Anyone: only objects without an ACL or readable by `*`.
  case anyone
  /// Each wall's owner: objects the owner's ACL rights and roles let them read.
  case owner
}

/// What a public build left out because its ACL does not let anyone read it.
public struct PublicOmissions: Sendable, Equatable {
  /// Photos whose ACL does not grant public read.
  public var photos = 0
  /// Comments whose ACL does not grant public read (on photos that are shown or not).
  public var comments = 0

  /// Creates a count.
  public init(photos: Int = 0, comments: Int = 0) {
    self.photos = photos
    self.comments = comments
  }

  /// Counts the photos and comments of `dataset` that anyone may not read: what a public
  /// build of it leaves out.
  public init(dataset: Dataset) {
    photos = dataset.images.values.count { !$0.acl.grantsPublicRead }
    comments = dataset.comments.values.count { !$0.acl.grantsPublicRead }
  }

  /// Whether nothing was left out.
  public var isEmpty: Bool { photos == 0 && comments == 0 }

  /// One line for `build` and `check`, or nil when nothing was left out: "a public site
  /// leaves out 2 photos and 1 comment that their ACL does not let anyone read; a --private
  /// build gives each person their own wall with what they may read".
  public var line: String? {
    guard !isEmpty else { return nil }
    return "a public site leaves out \(NumberText.counted(photos, "photo")) and "
      + "\(NumberText.counted(comments, "comment")) that their ACL does not let anyone read; "
      + "a --private build gives each person their own wall with what they may read"
  }
}

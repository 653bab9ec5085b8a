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
  /// Users whose `_User` row anyone may not read: they have no wall, and are shown as
  /// "someone" (`User.seen(by:)`).
  public var people = 0

  /// Creates a count.
  public init(photos: Int = 0, comments: Int = 0, people: Int = 0) {
    self.photos = photos
    self.comments = comments
    self.people = people
  }

  /// Counts the photos and comments of `dataset` that anyone may not read: what a public
  /// build of it leaves out.
  public init(dataset: Dataset) {
    photos = dataset.images.values.count { !$0.acl.grantsPublicRead }
    comments = dataset.comments.values.count { !$0.acl.grantsPublicRead }
    people = dataset.users.values.count { !$0.isNamed(for: .anyone) }
  }

  /// Whether nothing was left out.
  public var isEmpty: Bool { photos == 0 && comments == 0 && people == 0 }

  /// One line for `build` and `check`, or nil when nothing was left out.
  ///
  /// "a public site leaves out 2 photos and 1 comment that their ACL does not let anyone
  /// read; a --private build gives each person their own wall with what they may read".
  /// People whose row anyone may not read lead it when there are any ("1 person (no wall;
  /// named 'someone'), 2 photos and 1 comment …").
  public var line: String? {
    guard !isEmpty else { return nil }
    let who = "\(people) \(people == 1 ? "person" : "people") (no wall; named 'someone')"
    let objects =
      "\(NumberText.counted(photos, "photo")) and \(NumberText.counted(comments, "comment"))"
    let left =
      people == 0
      ? "\(objects) that their ACL does not let anyone read"
      : photos + comments == 0
        ? "\(who): the ACL of their _User row does not let anyone read it"
        : "\(who), \(objects) that their ACL does not let anyone read"
    return "a public site leaves out \(left); "
      + "a --private build gives each person their own wall with what they may read"
  }
}

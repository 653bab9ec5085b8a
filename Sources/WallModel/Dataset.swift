/// Everything the walls are made of, as imported: plain values, keyed by objectId.
///
/// Only valid, resolved records are here; everything else went into the import report.
public struct Dataset: Sendable {
  /// Users by objectId.
  public var users: [String: User]
  /// Images by objectId (their uploader is always a known user).
  public var images: [String: WallImage]
  /// Comments by objectId (their image and author are always known).
  public var comments: [String: Comment]
  /// Friend lists as written: user objectId → friends' objectIds (both sources merged).
  public var friends: [String: Set<String>]
  /// Role memberships: user objectId → role names, including roles inherited through roles.
  public var roles: [String: Set<String>]

  /// Creates a dataset.
  public init(
    users: [String: User] = [:], images: [String: WallImage] = [:],
    comments: [String: Comment] = [:], friends: [String: Set<String>] = [:],
    roles: [String: Set<String>] = [:]
  ) {
    self.users = users
    self.images = images
    self.comments = comments
    self.friends = friends
    self.roles = roles
  }
}

extension Dataset {
  /// Marks the users whose objectId another user's equals ignoring case
  /// (`User.sharesIDIgnoringCase`), once every user is in.
  public mutating func markIDsSharedIgnoringCase() {
    var holders: [String: Int] = [:]
    for objectId in users.keys { holders[User.foldedID(objectId), default: 0] += 1 }
    for (objectId, user) in users where holders[User.foldedID(objectId), default: 0] > 1 {
      var marked = user
      marked.sharesIDIgnoringCase = true
      users[objectId] = marked
    }
  }
}

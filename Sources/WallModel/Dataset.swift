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

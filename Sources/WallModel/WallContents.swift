/// What one user's wall shows: its images, the comments its owner may read, and who is named.
///
/// This is the one place that says who is named on a wall.
public struct WallContents: Sendable {
  /// The wall's owner.
  public let owner: User
  /// The wall's images, newest first (`WallIndex.wall(for:)`).
  public let images: [WallImage]
  /// The comments the owner may read, by image objectId, oldest first; every image has an entry.
  public let comments: [String: [Comment]]
  /// Everyone named on the wall, sorted by objectId: the owner, the uploaders of its images, and
  /// the authors of the comments the owner may read.
  public let people: [User]
  /// The newest `createdAt` of its images and comments, if it shows anything.
  public let newest: Timestamp?
}

extension WallIndex {
  /// What `owner`'s wall shows, and who is named on it.
  /// - Parameter owner: The wall's owner.
  /// - Returns: The wall's images, the comments `owner` may read, and the people named.
  public func contents(ofWallOf owner: User) -> WallContents {
    let images = wall(for: owner.objectId)
    var comments: [String: [Comment]] = [:]
    var peopleIDs: Set<String> = [owner.objectId]
    var newest: Timestamp?
    for image in images {
      peopleIDs.insert(image.uploaderID)
      newest = max(newest ?? image.createdAt, image.createdAt)
      let readable = self.comments(on: image.objectId, visibleTo: owner.objectId)
      comments[image.objectId] = readable
      for comment in readable {
        peopleIDs.insert(comment.authorID)
        newest = max(newest ?? comment.createdAt, comment.createdAt)
      }
    }
    return WallContents(
      owner: owner, images: images, comments: comments,
      people: peopleIDs.sorted().compactMap { user($0) }, newest: newest)
  }
}

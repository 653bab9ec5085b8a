import WallKit
import WallSynth

/// The visibility rule, applied naively: the oracle of the SNAP tests.
///
/// It reads the rule of docs/input-format.md ("Who sees what") straight off the records of a
/// `SyntheticExport`: every (user, image) pair, no index.
public struct VisibilityOracle: Sendable {
  /// The records the oracle reads.
  public let export: SyntheticExport
  /// `friends[a][b]`: user `a` lists user `b` (from `_Join` rows or the graph files).
  public let friends: [[Bool]]
  /// The members of each role, by role name.
  public let roleMembers: [String: Set<Int>]
  /// All images in wall order (newest first, ties by objectId), sorted once.
  public let imagesInWallOrder: [SyntheticExport.Image]
  /// Comments grouped by image position, oldest first.
  public let commentsByImage: [Int: [SyntheticExport.Comment]]

  /// Indexes `export` for the brute-force questions below.
  /// - Parameter export: A generated export.
  public init(_ export: SyntheticExport) {
    self.export = export
    var friends = [[Bool]](
      repeating: [Bool](repeating: false, count: export.users.count), count: export.users.count)
    for (owner, related) in export.joinFriends { friends[owner][related] = true }
    for (owner, list) in export.graphFriends {
      for related in list { friends[owner][related] = true }
    }
    self.friends = friends
    roleMembers = Dictionary(
      export.roles.map { ($0.name, Set($0.members)) }, uniquingKeysWith: { a, _ in a })
    commentsByImage = Dictionary(grouping: export.comments, by: \.image).mapValues {
      $0.sorted { ($0.secondsAfterEpoch, $0.objectId) < ($1.secondsAfterEpoch, $1.objectId) }
    }
    imagesInWallOrder = export.images.sorted {
      ($1.secondsAfterEpoch, $0.objectId) < ($0.secondsAfterEpoch, $1.objectId)
    }
  }

  /// Whether an ACL (`nil`: none, everyone reads) grants `user` read; for the audience
  /// `.anyone`, whether it grants everyone read (`*`), whoever `user` is.
  /// - Parameters:
  ///   - readers: The ACL's read keys.
  ///   - user: A user's position in `export.users`.
  ///   - audience: Who reads: the wall's owner, or anyone.
  public func canRead(_ readers: [String]?, user: Int, audience: Audience = .owner) -> Bool {
    guard let readers else { return true }
    if audience == .anyone { return readers.contains("*") }
    return readers.contains { key in
      key == "*" || key == export.users[user].objectId
        || (key.hasPrefix("role:")
          && roleMembers[String(key.dropFirst(5))]?.contains(user) == true)
    }
  }

  /// The objectIds of the images on `user`'s wall as `audience` sees it, newest first.
  /// - Parameters:
  ///   - user: A user's position in `export.users`.
  ///   - audience: Who reads the wall: its owner, or anyone (a public site).
  public func wall(_ user: Int, audience: Audience = .owner) -> [String] {
    var wall: [String] = []
    let mine = friends[user]
    for image in imagesInWallOrder
    where (image.uploader == user || mine[image.uploader])
      && canRead(image.readers, user: user, audience: audience)
    {
      wall.append(image.objectId)
    }
    return wall
  }

  /// The objectIds of the comments on the image at position `image` that `user` may read.
  /// - Parameters:
  ///   - image: An image's position in `export.images`.
  ///   - user: A user's position in `export.users`.
  ///   - audience: Who reads the wall: its owner, or anyone (a public site).
  public func comments(on image: Int, user: Int, audience: Audience = .owner) -> [String] {
    (commentsByImage[image] ?? []).filter { canRead($0.readers, user: user, audience: audience) }
      .map(\.objectId)
  }
}

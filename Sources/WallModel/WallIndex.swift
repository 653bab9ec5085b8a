/// The visibility rule of docs/input-format.md ("Who sees what"), computed once over a dataset so that
/// each wall is found from its owner's friends' images, never by scanning the whole dataset.
///
/// The index is made for one audience. For `.anyone` (a public site) it holds only the images
/// and comments that anyone may read, so that nothing restricted can reach a page, a media file
/// or a cover; `omitted` counts what was left out. For `.owner` it holds everything, and each
/// wall is filtered by its owner's rights.
public struct WallIndex: Sendable {
  /// Who reads the walls made from this index.
  public let audience: Audience
  /// What was left out because anyone may not read it (always empty for `.owner`).
  public let omitted: PublicOmissions
  /// Every user, sorted by objectId, as the audience sees them (`User.seen(by:)`).
  public let users: [User]

  /// The users who have a wall for the audience, sorted by objectId: every user but the
  /// stand-ins of those whose row it may not read.
  public var owners: [User] { users.filter { !$0.isStandIn } }
  /// Every image, newest first (by `createdAt`, ties by `objectId`): the order of a wall.
  public let images: [WallImage]
  let userPosition: [String: Int]
  private let imagePosition: [String: Int]
  /// For each user position: the positions of the users whose images may reach their wall
  /// (themselves and their friends), as written.
  let sources: [[Int32]]
  /// For each user position: positions in `images` of the images they uploaded, ascending.
  let uploads: [[Int32]]
  /// For each user position: their role names.
  let roleNames: [Set<String>]
  /// For each image position: its comments, oldest first (ties by objectId).
  private let commentsByImage: [[Comment]]
  /// For each image position: whether everyone may read all of its comments (the common case,
  /// which needs no per-reader filtering).
  private let commentsArePublic: [Bool]
  /// For each image position: whether everyone may read it, so that listing a wall checks no
  /// ACL for it.
  private let imageIsPublic: [Bool]

  /// Builds the index of `dataset` for `audience`.
  public init(dataset: Dataset, audience: Audience) {
    var commentsByImage: [String: [Comment]] = [:]
    for comment in dataset.comments.values {
      commentsByImage[comment.imageID, default: []].append(comment)
    }
    self.init(
      users: Array(dataset.users.values), images: Array(dataset.images.values),
      commentsByImage: commentsByImage, friends: dataset.friends, roles: dataset.roles,
      audience: audience)
  }

  /// Builds the index from rows whose objectIds are unique, with the comments grouped by the
  /// objectId of their image; the arrays are taken over, not copied, where they can be.
  package init(
    users: consuming [User], images: consuming [WallImage],
    commentsByImage: consuming [String: [Comment]], friends: [String: Set<String>],
    roles: [String: Set<String>], audience: Audience
  ) {
    var omitted = PublicOmissions()
    if audience == .anyone {
      omitted = Self.keepPublic(images: &images, commentsByImage: &commentsByImage)
      // Nothing of a row the audience may not read goes further than this: not its name, not
      // its picture.
      omitted.people = users.count { !$0.isNamed(for: audience) }
      users = users.map { $0.seen(by: audience) }
    }
    self.audience = audience
    self.omitted = omitted
    users.sort { $0.objectId < $1.objectId }
    images.sort(by: WallIndex.newestFirst)
    var userPosition: [String: Int] = [:]
    userPosition.reserveCapacity(users.count)
    for (position, user) in users.enumerated() { userPosition[user.objectId] = position }
    var imagePosition: [String: Int] = [:]
    imagePosition.reserveCapacity(images.count)
    for (position, image) in images.enumerated() { imagePosition[image.objectId] = position }
    var uploads = [[Int32]](repeating: [], count: users.count)
    for (position, image) in images.enumerated() {
      if let uploader = userPosition[image.uploaderID] { uploads[uploader].append(Int32(position)) }
    }
    sources = users.enumerated().map { position, user in
      let friends = (friends[user.objectId] ?? []).compactMap { userPosition[$0] }
      return ([position] + friends).map { Int32($0) }
    }
    roleNames = users.map { roles[$0.objectId] ?? [] }
    // Each image's comments are moved out of the grouping, then sorted where they lie.
    var byImage = [[Comment]](repeating: [], count: images.count)
    var arePublic = [Bool](repeating: true, count: images.count)
    for (position, image) in images.enumerated() {
      guard var comments = commentsByImage.removeValue(forKey: image.objectId) else { continue }
      comments.sort(by: WallIndex.oldestFirst)
      arePublic[position] = comments.allSatisfy { $0.acl.grantsPublicRead }
      byImage[position] = comments
    }
    self.commentsByImage = byImage
    self.commentsArePublic = arePublic
    self.imageIsPublic = images.map(\.acl.grantsPublicRead)
    self.users = users
    self.images = images
    self.userPosition = userPosition
    self.imagePosition = imagePosition
    self.uploads = uploads
  }

  /// The user with this objectId, if any.
  public func user(_ objectId: String) -> User? {
    userPosition[objectId].map { users[$0] }
  }

  /// The position in `users` of the user with this objectId, if any.
  public func position(ofUser objectId: String) -> Int? {
    userPosition[objectId]
  }

  /// The images on `userID`'s wall, newest first: uploaded by the user or a friend, and readable by
  /// the user under their ACL.
  ///
  /// Empty for an unknown user.
  public func wall(for userID: String) -> [WallImage] {
    wallPositions(for: userID).map { images[Int($0)] }
  }

  /// The images on `userID`'s wall as `wall(for:)` lists them, their positions in `images`,
  /// and the comments under each that the user may read (`comments(on:visibleTo:)`), found by
  /// position rather than by objectId.
  public func wallWithComments(for userID: String) -> (
    positions: [Int32], images: [WallImage], comments: [[Comment]]
  ) {
    let positions = wallPositions(for: userID)
    return (
      positions, positions.map { images[Int($0)] }, comments(at: positions, visibleTo: userID)
    )
  }

  /// The position in `images` of each of `wall`, or -1 for one the index does not hold.
  public func positions(of wall: [WallImage]) -> [Int32] {
    wall.map { image in imagePosition[image.objectId].map { Int32($0) } ?? -1 }
  }

  /// The positions in `images` of the images on `userID`'s wall, in the order `wall(for:)`
  /// lists them (newest first), without copying the images.
  public func wallPositions(for userID: String) -> [Int32] {
    guard let owner = userPosition[userID] else { return [] }
    let roles = roleNames[owner]
    var positions: [Int32] = []
    for source in sources[owner] {
      for position in uploads[Int(source)]
      where imageIsPublic[Int(position)]
        || images[Int(position)].acl.grantsRead(to: userID, roles: roles)
      {
        positions.append(position)
      }
    }
    positions.sort()
    return positions
  }

  /// The comments under an image that `userID` may read, oldest first.
  public func comments(on imageID: String, visibleTo userID: String) -> [Comment] {
    guard let position = imagePosition[imageID], let owner = userPosition[userID] else { return [] }
    return visibleComments(at: position, to: userID, owner: owner)
  }

  /// The comments under each of `images` that `userID` may read, in order: as
  /// `comments(on:visibleTo:)` finds them, the user looked up once.
  public func comments(on images: [WallImage], visibleTo userID: String) -> [[Comment]] {
    comments(at: positions(of: images), visibleTo: userID)
  }

  /// The comments under the image at each of `positions` in `images` that `userID` may read,
  /// in order; none under a position of -1 (an image the index does not hold, `positions(of:)`).
  public func comments(at positions: [Int32], visibleTo userID: String) -> [[Comment]] {
    guard let owner = userPosition[userID] else { return positions.map { _ in [] } }
    return positions.map { $0 < 0 ? [] : visibleComments(at: Int($0), to: userID, owner: owner) }
  }

  /// The comments under the image at `position` that `userID`, at `owner` in `users`, may read.
  private func visibleComments(at position: Int, to userID: String, owner: Int) -> [Comment] {
    if commentsArePublic[position] { return commentsByImage[position] }
    let roles = roleNames[owner]
    return commentsByImage[position].filter { $0.acl.grantsRead(to: userID, roles: roles) }
  }

  /// The position of the image with this objectId in `images`, if there is one.
  public func position(ofImage objectId: String) -> Int? {
    imagePosition[objectId]
  }

  /// The image with this objectId, if any.
  public func image(_ objectId: String) -> WallImage? {
    imagePosition[objectId].map { images[$0] }
  }

  /// Every comment under an image, whoever may read it, oldest first.
  public func allComments(on imageID: String) -> [Comment] {
    imagePosition[imageID].map { commentsByImage[$0] } ?? []
  }

  /// Removes every image and comment that anyone may not read, and counts them.
  private static func keepPublic(
    images: inout [WallImage], commentsByImage: inout [String: [Comment]]
  ) -> PublicOmissions {
    var omitted = PublicOmissions()
    let before = images.count
    images.removeAll { !$0.acl.grantsPublicRead }
    omitted.photos = before - images.count
    for key in Array(commentsByImage.keys) {
      guard var comments = commentsByImage[key],
        comments.contains(where: { !$0.acl.grantsPublicRead })
      else { continue }
      let count = comments.count
      comments.removeAll { !$0.acl.grantsPublicRead }
      omitted.comments += count - comments.count
      commentsByImage[key] = comments
    }
    return omitted
  }

  /// Wall order: newest first, ties by objectId.
  public static func newestFirst(_ a: WallImage, _ b: WallImage) -> Bool {
    a.createdAt != b.createdAt ? a.createdAt > b.createdAt : a.objectId < b.objectId
  }

  /// Comment order: oldest first, ties by objectId.
  public static func oldestFirst(_ a: Comment, _ b: Comment) -> Bool {
    a.createdAt != b.createdAt ? a.createdAt < b.createdAt : a.objectId < b.objectId
  }
}

import WallImaging
import WallMedia
import WallModel
import WallReport
import WallSupport

/// What the plan records of one image file (a photo, or a user's picture as an avatar).
struct PlannedSource: Sendable {
  /// The path inside the export.
  var path: String
  /// Whether it is processed as an avatar (a profile picture) rather than a photo.
  var avatar: Bool
  /// The class and objectId the file's problems are reported under.
  var ownerClass: String
  var ownerId: String
  /// The hex SHA-256 of its bytes; nil when it could not be read.
  var digest: String?
  /// Why it could not be read.
  var readError: String?
  /// Its header, when it could be read.
  var info: ImageInfo?
  /// Why its header could not be read.
  var probeError: String?
  /// Its `StableHash`, which places it in a shard.
  var hash: Int64
}

/// The records a batch of walls is made of: their owners, their friends' images, the comments
/// on them and everyone they name, with the plan's record of each image file they show.
struct Neighborhood: Sendable {
  /// The users whose images it holds: the walls' owners and their friends.
  var uploaders: Set<String> = []
  var users: [User] = []
  var images: [WallImage] = []
  /// The comments on `images`, by the objectId of their image.
  var commentsByImage: [String: [Comment]] = [:]
  var friends: [String: Set<String>] = [:]
  var roles: [String: Set<String>] = [:]
  /// What the photos of `images` come to (`PlannedMedia.photoOutcome`), by path.
  var photos: [String: MediaOutcome] = [:]
  /// The pictures of `users`, by path.
  var pictures: [String: PlannedSource] = [:]
  /// The plan's row number of each image of `images`, by objectId: the same in every
  /// neighbourhood of one plan.
  var imageNumbers: [String: Int] = [:]

  /// The users whose images the walls of `owners` show: the owners and, from `friends` (their
  /// friend lists, `PlanReader.friends(of:)`), their friends.
  static func uploaders(of owners: [String], friends: [String: [String]]) -> Set<String> {
    var uploaders = Set(owners)
    for list in friends.values { uploaders.formUnion(list) }
    return uploaders
  }

  /// What the next batch, whose walls show the images of `next`, needs of these rows.
  ///
  /// Those users' images held here, the comments on them, everyone these name, and their
  /// photos' outcomes: `PlanReader.neighborhood(of:friends:reusing:photoOutcome:)` loads only
  /// the rest.
  ///
  /// Walls in locality order share their hubs' images from batch to batch: a batch that
  /// loaded them all again read the 100k skewed export's users 15.7 times over.
  func kept(for next: Set<String>) -> Neighborhood {
    var kept = Neighborhood()
    kept.uploaders = uploaders.intersection(next)
    guard !kept.uploaders.isEmpty else { return kept }
    var named = kept.uploaders
    // Looked up by what is kept, not filtered whole: a batch's rows are many more.
    for image in images where kept.uploaders.contains(image.uploaderID) {
      kept.images.append(image)
      kept.imageNumbers[image.objectId] = imageNumbers[image.objectId]
      if let path = image.file?.path, let photo = photos[path] { kept.photos[path] = photo }
      if let comments = commentsByImage[image.objectId] {
        kept.commentsByImage[image.objectId] = comments
        for comment in comments { named.insert(comment.authorID) }
      }
    }
    kept.users = users.filter { named.contains($0.objectId) }
    for user in kept.users {
      if let path = user.picture?.path, let picture = pictures[path] {
        kept.pictures[path] = picture
      }
    }
    return kept
  }

  /// The index of the rows for `audience`, which takes them over: they are left empty.
  mutating func takeIndex(audience: Audience) -> WallIndex {
    let (users, images, comments) = (self.users, self.images, commentsByImage)
    (self.users, self.images, commentsByImage) = ([], [], [:])
    return WallIndex(
      users: users, images: images, commentsByImage: comments, friends: friends, roles: roles,
      audience: audience)
  }
}

import Synchronization
import WallMedia

/// Users' avatars as a shard's batches worked them out, kept for its next batches.
///
/// At most `limit` users' are kept, in a table reserved whole at the start so that it never
/// grows (a growing `Dictionary` holds its old and new storage for a moment). Safe to share
/// between threads.
final class AvatarCache: Sendable {
  /// The most users whose avatar is kept; past it, `keep` keeps nothing more.
  let limit: Int
  private let avatars: Mutex<[String: AvatarImage]>

  /// An empty cache that keeps at most `limit` users' avatars.
  init(limit: Int) {
    self.limit = limit
    avatars = Mutex([String: AvatarImage](minimumCapacity: limit))
  }

  /// How many users' avatars the table holds without growing (tests).
  var capacity: Int { avatars.withLock { $0.capacity } }

  /// The number of users whose avatar is kept.
  var count: Int { avatars.withLock { $0.count } }

  /// The kept avatar of `userID`, if any.
  func avatar(of userID: String) -> AvatarImage? {
    avatars.withLock { $0[userID] }
  }

  /// Keeps `avatar` as `userID`'s, unless `limit` users' are kept already.
  func keep(_ avatar: AvatarImage, for userID: String) {
    avatars.withLock { avatars in
      if avatars.count < limit || avatars[userID] != nil { avatars[userID] = avatar }
    }
  }
}

import Synchronization
import WallMedia

/// Values a shard works out once and then reads from every worker, by key: users' avatars kept
/// across its batches (`AvatarCache`).
///
/// At most `limit` values are kept, in a table reserved whole at the start so that it never
/// grows (a growing `Dictionary` holds its old and new storage for a moment). Safe to share
/// between threads.
final class SharedCache<Value: Sendable>: Sendable {
  /// The most keys whose value is kept; past it, `keep` keeps nothing more.
  let limit: Int
  private let values: Mutex<[String: Value]>

  /// An empty cache that keeps at most `limit` values.
  init(limit: Int) {
    self.limit = limit
    values = Mutex([String: Value](minimumCapacity: limit))
  }

  /// How many values the table holds without growing (tests).
  var capacity: Int { values.withLock { $0.capacity } }

  /// The number of values kept.
  var count: Int { values.withLock { $0.count } }

  /// The kept value of `key`, if any.
  func value(of key: String) -> Value? {
    values.withLock { $0[key] }
  }

  /// Keeps `value` as `key`'s, unless `limit` values are kept already.
  func keep(_ value: Value, for key: String) {
    values.withLock { values in
      if values.count < limit || values[key] != nil { values[key] = value }
    }
  }
}

/// Users' avatars as a shard's batches worked them out, kept for its next batches.
typealias AvatarCache = SharedCache<AvatarImage>

extension SharedCache where Value == AvatarImage {
  /// The kept avatar of `userID`, if any.
  func avatar(of userID: String) -> AvatarImage? { value(of: userID) }
}

/// An order of a shard's walls in which the walls of a batch share the users they show, so
/// that batches bounded by users (`WallBatchRenderer.uploaderLimit`) hold more walls and load
/// each user's images fewer times (docs/sharding.md, "The order of walls").
///
/// A wall shows the images of its owner and of the owner's friends: its *reach*. The order is
/// a greedy packing: each batch starts with the wall that reaches the fewest users, then takes
/// next the wall with the fewest users new to the batch per user it shares with it (`added /
/// (shared + 1)`; ties: fewer added, then the earlier wall), until the next would pass `limit`.
/// Of the rules tried on the 10k scale export and on SNAP's (fewest added, most shared, their
/// difference, a breadth-first walk), this one made the fewest batches or near it on both
/// (docs/sharding.md, "The order of walls"). Users are named by
/// their `StableHash`, so the order holds a number per (wall, user) pair and none of the
/// export's text; two users of one hash only make the order a little worse, never a page.
///
/// The order depends only on the walls' reaches and their given order: the same plan gives
/// the same order on every machine.
struct WallOrder {
  /// The users each wall reaches, as the keys `reach[starts[i]..<starts[i + 1]]` of wall `i`.
  private var starts: [Int] = [0]
  private var keys: [UInt32] = []

  /// An order of no walls.
  init() {}

  /// The number of walls added.
  var count: Int { starts.count - 1 }

  /// The number of (wall, user) pairs added: what the order's memory follows (at most about
  /// 24 bytes each while it is worked out).
  var pairs: Int { keys.count }

  /// Adds a wall that reaches the users `reach` (its owner and friends, by stable hash; a user
  /// named twice counts once).
  mutating func add(reach: some Sequence<UInt32>) {
    let start = keys.count
    keys.append(contentsOf: reach)
    keys[start...].sort()
    var end = start
    for index in start..<keys.count where end == start || keys[index] != keys[end - 1] {
      keys[end] = keys[index]
      end += 1
    }
    keys.removeSubrange(end...)
    starts.append(end)
  }

  /// The walls added, as their positions, in an order whose batches of at most `limit` users
  /// share them.
  func ordered(limit: Int) -> [Int] {
    var packing = WallPacking(starts: starts, keys: keys)
    return packing.order(limit: limit)
  }
}

/// The work of `WallOrder.ordered(limit:)`: the walls' users numbered, each user's walls, and
/// the batch being packed.
///
/// Its memory follows the (wall, user) pairs: 8 bytes each numbered both ways, 8 more while
/// they are sorted, plus the candidates of one batch (those that share a user with it).
private struct WallPacking {
  /// Wall `i` reaches the users `users[starts[i]..<starts[i + 1]]`, numbered `0..<userCount`.
  let starts: [Int]
  var users: [Int32]
  /// User `u` is reached by the walls `walls[userStarts[u]..<userStarts[u + 1]]`.
  var userStarts: [Int] = [0]
  var walls: [Int32]
  /// The walls by the number of users they reach, then as given: a batch's first candidates.
  var byReach: [Int32]
  /// The first wall of `byReach` that may not be placed yet.
  var nextByReach = 0

  /// The batch each user was last added to (0: none yet).
  var userBatch: [Int32]
  /// How many of its users wall `i` shares with the batch `scoreBatch[i]`.
  var score: [Int32]
  var scoreBatch: [Int32]
  var placed: [Bool]
  /// The walls that share users with the batch, as they stood when their score was raised.
  var candidates = MinHeap()
  var batch: Int32 = 1
  var batchUsers = 0

  init(starts: [Int], keys: [UInt32]) {
    self.starts = starts
    let wallCount = starts.count - 1
    // (key, wall) pairs sorted by key name each user's walls and number the users.
    var pairs: [UInt64] = []
    pairs.reserveCapacity(keys.count)
    for wall in 0..<wallCount {
      for index in starts[wall]..<starts[wall + 1] {
        pairs.append(UInt64(keys[index]) << 32 | UInt64(wall))
      }
    }
    pairs.sort()
    walls = []
    walls.reserveCapacity(pairs.count)
    users = [Int32](repeating: 0, count: keys.count)
    var filled = [Int](starts.dropLast())
    for (index, pair) in pairs.enumerated() {
      if index > 0, pair >> 32 != pairs[index - 1] >> 32 { userStarts.append(index) }
      let wall = Int(pair & 0xffff_ffff)
      walls.append(Int32(wall))
      users[filled[wall]] = Int32(userStarts.count - 1)
      filled[wall] += 1
    }
    userStarts.append(pairs.count)
    pairs = []
    byReach = (0..<Int32(wallCount)).sorted {
      (starts[Int($0) + 1] - starts[Int($0)], $0) < (starts[Int($1) + 1] - starts[Int($1)], $1)
    }
    userBatch = [Int32](repeating: 0, count: userStarts.count - 1)
    score = [Int32](repeating: 0, count: wallCount)
    scoreBatch = [Int32](repeating: 0, count: wallCount)
    placed = [Bool](repeating: false, count: wallCount)
  }

  /// Wall `wall`'s users shared with the current batch.
  func shared(_ wall: Int) -> Int32 { scoreBatch[wall] == batch ? score[wall] : 0 }

  /// Where wall `wall` stands now: fewest new users per shared one first (`MinHeap.Entry`).
  func candidate(_ wall: Int) -> MinHeap.Entry {
    let shared = shared(wall)
    return MinHeap.Entry(
      added: Int32(starts[wall + 1] - starts[wall]) - shared, shared: shared, wall: Int32(wall))
  }

  /// The wall to place next, taken from the candidates when it is one of them.
  ///
  /// Every wall that shares users with the batch is among the candidates with where it
  /// stands now; the others stand by their reach alone, so the first unplaced wall of
  /// `byReach` is the best of them.
  mutating func next() -> MinHeap.Entry? {
    while nextByReach < byReach.count, placed[Int(byReach[nextByReach])] { nextByReach += 1 }
    while let top = candidates.first {
      let wall = Int(top.wall)
      // Entries are left behind when a wall's standing changes; only its latest counts.
      if !placed[wall], top == candidate(wall) { break }
      _ = candidates.pop()
    }
    let alone = nextByReach < byReach.count ? candidate(Int(byReach[nextByReach])) : nil
    guard let top = candidates.first, alone.map({ top < $0 }) ?? true else { return alone }
    return candidates.pop()
  }

  mutating func order(limit: Int) -> [Int] {
    var order: [Int] = []
    order.reserveCapacity(placed.count)
    while let entry = next() {
      let wall = Int(entry.wall)
      if batchUsers > 0, batchUsers + Int(entry.added) > limit {
        // The next batch starts: no wall shares anything with it yet.
        batch += 1
        batchUsers = 0
        candidates.removeAll()
        continue
      }
      placed[wall] = true
      order.append(wall)
      for index in starts[wall]..<starts[wall + 1] {
        let user = Int(users[index])
        guard userBatch[user] != batch else { continue }
        userBatch[user] = batch
        batchUsers += 1
        for other in walls[userStarts[user]..<userStarts[user + 1]] where !placed[Int(other)] {
          raise(Int(other))
        }
      }
    }
    return order
  }

  /// Counts one more user that wall `wall` shares with the batch.
  private mutating func raise(_ wall: Int) {
    if scoreBatch[wall] != batch {
      scoreBatch[wall] = batch
      score[wall] = 0
    }
    score[wall] += 1
    candidates.push(candidate(wall))
  }
}

/// A binary min-heap of the walls that may come next in `WallPacking`.
private struct MinHeap {
  /// A wall and where it stood when pushed: the users it would add to the batch and those it
  /// shares with it.
  struct Entry: Equatable, Comparable {
    var added: Int32
    var shared: Int32
    var wall: Int32

    /// Fewer added per shared user (`added / (shared + 1)`), then fewer added, then earlier.
    ///
    /// Among walls that share nothing, that is fewer added, then the earlier.
    static func < (left: Entry, right: Entry) -> Bool {
      let leftRatio = Int64(left.added) * Int64(right.shared + 1)
      let rightRatio = Int64(right.added) * Int64(left.shared + 1)
      return (leftRatio, left.added, left.wall) < (rightRatio, right.added, right.wall)
    }
  }

  private var entries: [Entry] = []

  /// The least entry.
  var first: Entry? { entries.first }

  mutating func removeAll() { entries.removeAll(keepingCapacity: true) }

  mutating func push(_ entry: Entry) {
    entries.append(entry)
    var child = entries.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard entries[child] < entries[parent] else { break }
      entries.swapAt(child, parent)
      child = parent
    }
  }

  mutating func pop() -> Entry? {
    guard let last = entries.popLast() else { return nil }
    guard let first = entries.first else { return last }
    entries[0] = last
    var parent = 0
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var least = parent
      if left < entries.count, entries[left] < entries[least] { least = left }
      if right < entries.count, entries[right] < entries[least] { least = right }
      guard least != parent else { break }
      entries.swapAt(parent, least)
      parent = least
    }
    return first
  }
}

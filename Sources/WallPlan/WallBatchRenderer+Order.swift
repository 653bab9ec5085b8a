import WallSupport

extension WallBatchRenderer {
  /// How a shard orders its walls before cutting them into batches.
  enum Order: String, Sendable {
    /// By owner objectId, as the plan lists them.
    case objectId = "objectid"
    /// So that a batch's walls share the users they show (`WallOrder`).
    case locality
  }

  /// The most (wall, user) pairs `ordered(_:)` orders at once.
  ///
  /// They take about 24 bytes each at most while it works (the users' hashes as read, their
  /// (user, wall) pairs sorted, both ways numbered), so at most 6 MiB. A shard with more
  /// owners' friends is ordered a part of its owners at a time, each part after the other.
  ///
  /// It was 2M pairs (48 MiB), then 512K (12 MiB): a shard of 8 of 100k users has about
  /// 260,000 pairs (6 MiB), one of 1M users 2.6M, so that a larger budget grows a shard's
  /// peak from 100k to 1M users by what it holds past 6 MiB (shard 0 of 8 peaked at 189 MiB
  /// at 100k and 237 MiB at 1M with 512K). A part of 256K pairs is about 12,000 walls of 20
  /// friends, several batches of `uploaderBudget` users: the parts cost the order little.
  static let orderPairBudget = 1 << 18

  /// `owners` (sorted objectIds) in the order `order` renders them: for `.locality`, so that
  /// the walls of a batch of at most `uploaderLimit` users share them.
  ///
  /// Friend lists are read `ownerSlice` owners at a time, as `batches(of:)` reads them, and
  /// kept as stable hashes only, for at most `pairLimit` (wall, user) pairs at a time.
  /// - Throws: `PlanError.database` when the plan cannot be read.
  func ordered(_ owners: [String]) throws(PlanError) -> [String] {
    guard order == .locality else { return owners }
    var result: [String] = []
    result.reserveCapacity(owners.count)
    var part = WallOrder()
    var first = 0
    func finishPart() {
      result += part.ordered(limit: uploaderLimit).map { owners[first + $0] }
      first += part.count
      part = WallOrder()
    }
    for start in stride(from: 0, to: owners.count, by: Self.ownerSlice) {
      let slice = owners[start..<min(start + Self.ownerSlice, owners.count)]
      let friends = try plan.friends(of: slice)
      for owner in slice {
        let list = friends[owner] ?? []
        if part.count > 0, part.pairs + list.count + 1 > pairLimit { finishPart() }
        part.add(reach: [Self.key(owner)] + list.map(Self.key))
      }
    }
    if part.count > 0 { finishPart() }
    return result
  }

  /// A user's key in `WallOrder`: the stable hash of their objectId.
  private static func key(_ objectId: String) -> UInt32 {
    UInt32(truncatingIfNeeded: StableHash.of(objectId))
  }
}

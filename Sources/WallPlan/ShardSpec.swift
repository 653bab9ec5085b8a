/// One shard of a sharded build: `index` of `count`, 0-based (`2/7` is the third of seven), as
/// Slurm's `SLURM_ARRAY_TASK_ID` and Kubernetes' `JOB_COMPLETION_INDEX` count.
///
/// A piece of work (a wall by its owner, a media file by its content) goes to the shard whose
/// slice of the 32-bit `StableHash` range holds its hash: shard K of N takes
/// `[K * 2^32 / N, (K + 1) * 2^32 / N)`. Slices are contiguous, so the plan's index on the hash
/// finds a shard's work without scanning everything.
public struct ShardSpec: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The shard's index, `0..<count`.
  public let index: Int
  /// How many shards the build has.
  public let count: Int

  /// The most shards a build may have: 10,000.
  ///
  /// Ten times the most `docs/scale.md` plans for (1,000 shards of 10 million users, 10,000
  /// walls each); past it a shard's fixed cost (opening the plan, the templates, the media
  /// stage) outweighs its share, and finalize reads one record per shard.
  public static let maximumCount = 10_000

  /// Creates a shard; nil unless `0 <= index < count <= maximumCount`.
  public init?(index: Int, count: Int) {
    guard count >= 1, count <= Self.maximumCount, index >= 0, index < count else { return nil }
    self.init(checked: index, count)
  }

  private init(checked index: Int, _ count: Int) {
    self.index = index
    self.count = count
  }

  /// The one shard of a build that is not split: 0/1.
  public static let whole = ShardSpec(checked: 0, 1)

  /// Parses `K/N`.
  public init?(_ text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
      return nil
    }
    self.init(index: index, count: count)
  }

  /// `K/N`.
  public var description: String { "\(index)/\(count)" }

  /// The hashes this shard takes: `lower..<upper`, within `0..<2^32`.
  public var hashRange: Range<Int64> {
    let total = Int64(1) << 32
    return (Int64(index) * total / Int64(count))..<(Int64(index + 1) * total / Int64(count))
  }

  /// Whether `hash` falls in this shard's slice.
  public func owns(_ hash: Int64) -> Bool { hashRange.contains(hash) }

  public static func < (a: ShardSpec, b: ShardSpec) -> Bool {
    (a.count, a.index) < (b.count, b.index)
  }
}

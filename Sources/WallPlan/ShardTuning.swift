import WallRender

/// Settings of how a shard renders its walls that change no page, for benchmarks: the order of
/// its walls and how many users a batch may reach (docs/sharding.md, "The order of walls").
///
/// `wallgen` reads them from the environment: `WALLGEN_SHARD_ORDER` (`locality`, the default,
/// or `objectid`, the order before it), `WALLGEN_SHARD_USERS` (a batch's users; default
/// `WallBatchRenderer.uploaderBudget`) and `WALLGEN_SHARD_STATS=1` (print what the batches
/// loaded and the cards made).
public struct ShardTuning: Sendable, Equatable {
  /// Whether the walls are ordered by locality (`WallOrder`) rather than by objectId.
  public var localityOrder = true
  /// The most users a batch reaches; nil for `WallBatchRenderer.uploaderBudget`.
  public var batchUsers: Int?
  /// The most memory the rendered cards kept for reuse take; nil for
  /// `WallBatchRenderer.memoBudget` (a one-process build gives the in-memory engine's).
  public var memoBytes: Int?
  /// Whether `wallgen` prints the shard's `ShardBuilder.Result.batches`.
  public var printsStatistics = false

  /// The settings of an ordinary build.
  public init() {}

  /// A value of the environment that is not one these settings take.
  public struct Invalid: Error, Equatable, CustomStringConvertible {
    /// The variable, its value and what it takes.
    public var name: String, value: String, expected: String

    /// The message.
    public var description: String { "\(name) must be \(expected), not '\(value)'" }
  }

  /// The settings `environment` asks for.
  /// - Throws: `Invalid` for a value the variable does not take.
  public init(environment: [String: String]) throws(Invalid) {
    switch environment["WALLGEN_SHARD_ORDER"] {
    case nil, "locality": localityOrder = true
    case "objectid": localityOrder = false
    case let value?:
      throw Invalid(name: "WALLGEN_SHARD_ORDER", value: value, expected: "locality or objectid")
    }
    if let value = environment["WALLGEN_SHARD_USERS"] {
      guard let users = Int(value), users > 0 else {
        throw Invalid(name: "WALLGEN_SHARD_USERS", value: value, expected: "a positive number")
      }
      batchUsers = users
    }
    printsStatistics = environment["WALLGEN_SHARD_STATS"].map { !$0.isEmpty && $0 != "0" } ?? false
  }
}

/// What a shard's batches loaded from the plan and the cards they made.
public struct ShardBatchStatistics: Sendable, Equatable {
  /// The order of the walls: `locality` or `objectid`.
  public var order = ""
  /// The batches, and what they loaded summed over them: the users whose images they show,
  /// the images, the comments on them, everyone named.
  public var batches = 0, uploaders = 0, images = 0, comments = 0, users = 0
  /// The users whose images a batch kept from the one before, summed over the batches.
  public var keptUploaders = 0
  /// Cards made (not found in the shard's memo) and copied from it.
  public var cardsMade = 0, cardsReused = 0
  /// Milliseconds spent ordering the walls.
  public var orderMilliseconds = 0

  /// The line `wallgen` prints.
  public var summary: String {
    "\(order) order (\(orderMilliseconds) ms): \(batches) batches loaded "
      + "\(uploaders) uploaders, \(images) images, \(comments) comments, \(users) users "
      + "(\(keptUploaders) uploaders kept from the batch before); "
      + "cards: \(cardsMade) made, \(cardsReused) reused"
  }
}

extension ShardBatchStatistics {
  /// The statistics of `outcome`, rendered in `order`.
  init(_ outcome: WallBatchRenderer.Outcome, order: WallBatchRenderer.Order) {
    self.order = order.rawValue
    let loads = outcome.loads
    (batches, uploaders, images) = (loads.batches, loads.uploaders, loads.images)
    (comments, users, keptUploaders) = (loads.comments, loads.users, loads.keptUploaders)
    cardsMade = outcome.memo?.made ?? 0
    cardsReused = outcome.memo?.reused ?? 0
    let (seconds, attoseconds) = outcome.orderTime.components
    orderMilliseconds = Int(seconds) * 1_000 + Int(attoseconds / 1_000_000_000_000_000)
  }
}

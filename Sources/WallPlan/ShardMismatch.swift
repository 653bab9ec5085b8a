/// A shard that finished with other settings, or from another plan, than the finalize step's.
public struct ShardMismatch: Sendable, Equatable, CustomStringConvertible {
  /// The shard.
  public var shard: ShardSpec
  /// What differs, one phrase each: `another secret`, `page size 7 where finalize's is 30`.
  public var differences: [String]

  /// Creates a mismatch.
  public init(shard: ShardSpec, differences: [String]) {
    self.shard = shard
    self.differences = differences
  }

  /// `1/2 (another secret)`.
  public var description: String {
    "\(shard) (\(differences.joined(separator: ", ")))"
  }
}

/// Lists of shards in messages, cut short: a build may have thousands.
package enum ShardList {
  /// How many shards a message names before it counts the rest.
  static let named = 10

  /// `1/7, 2/7, 5/7`; past `named` items, the first of them by index only and how many more
  /// of the count: `3, 5, 9, … and 9,990 more of 10,000`.
  static func describe(_ shards: [ShardSpec]) -> String {
    guard shards.count > named, let count = shards.first?.count else {
      return shards.map(\.description).joined(separator: ", ")
    }
    let first = shards.prefix(named).map { String($0.index) }.joined(separator: ", ")
    return "\(first), … and \(grouped(shards.count - named)) more of \(grouped(count))"
  }

  /// `mismatch` descriptions, the first `named` of them, then how many more.
  static func describe(_ mismatches: [ShardMismatch]) -> String {
    let first = mismatches.prefix(named).map(\.description).joined(separator: ", ")
    guard mismatches.count > named, let count = mismatches.first?.shard.count else { return first }
    return "\(first), … and \(grouped(mismatches.count - named)) more of \(grouped(count))"
  }

  /// `number` with a comma between groups of three digits: `1,000,000`.
  package static func grouped(_ number: Int) -> String {
    let digits = Array(String(number.magnitude))
    var text = number < 0 ? "-" : ""
    for (position, digit) in digits.enumerated() {
      if position > 0, (digits.count - position) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return text
  }
}

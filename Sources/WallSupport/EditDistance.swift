/// How far apart two words are, for "did you mean" hints.
public enum EditDistance {
  /// The Levenshtein distance between `a` and `b` (insertions, deletions, substitutions of
  /// characters).
  /// - Parameter a: One word.
  /// - Parameter b: The other.
  public static func between(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + [Int](repeating: 0, count: b.count)
      for j in 1...b.count {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }

  /// Up to `limit` of `candidates` closest to `word`: those within a third of its length
  /// (at least 2) in edits, or that contain it or that it contains ignoring case, nearest
  /// first, then in byte order.
  /// - Parameter word: What was asked for.
  /// - Parameter candidates: What exists.
  /// - Parameter limit: How many to give at most.
  public static func closest(to word: String, in candidates: [String], limit: Int = 5) -> [String] {
    let lowered = word.lowercased()
    let bound = max(2, word.count / 3)
    var scored: [(distance: Int, name: String)] = []
    for candidate in Set(candidates) {
      let other = candidate.lowercased()
      let distance = between(lowered, other)
      if distance <= bound
        || (!lowered.isEmpty && (other.contains(lowered) || lowered.contains(other)))
      {
        scored.append((distance, candidate))
      }
    }
    scored.sort {
      $0.distance != $1.distance
        ? $0.distance < $1.distance : $0.name.utf8.lexicographicallyPrecedes($1.name.utf8)
    }
    return scored.prefix(limit).map(\.name)
  }
}

import WallKit

extension StreamingExport {
  /// Writes `_Join:friends:_User.json` and the Graph files, each edge from both sides.
  ///
  /// Friend lists are therefore symmetric. About 1 owner in 4 lists their friends in
  /// `graph/<fbId>.json`, the others through `_Join` rows (as `SyntheticExport`).
  ///
  /// The edges are drawn from one seeded stream. Owners are taken in slices of about
  /// `entriesPerPass` entries: for each slice the whole stream is drawn again and only the
  /// entries of its owners kept, then each owner's list is sorted and freed of duplicates.
  func writeFriends(_ root: String, _ summary: inout Summary, progress: (String) -> Void)
    throws(WriteError)
  {
    let edges = Int(Double(users) * meanDegree / 2)
    let passes = max(1, (2 * edges + entriesPerPass - 1) / max(1, entriesPerPass))
    summary.friendPasses = passes
    let join = try LineFileWriter.classFile(root + "/_Join:friends:_User.json")
    for pass in 0..<passes {
      let low = users * pass / passes
      let high = users * (pass + 1) / passes
      if passes > 1 { progress("friends: pass \(pass + 1) of \(passes), owners \(low)..<\(high)") }
      let (offsets, friends) = drawSlice(low: low, high: high, edges: edges)
      for owner in low..<high {
        var list = Array(friends[Int(offsets[owner - low])..<Int(offsets[owner - low + 1])])
        list.sort()
        list = deduplicated(list)
        summary.maximumDegree = max(summary.maximumDegree, list.count)
        if list.count >= 1_000 { summary.hubs += 1 }
        if isViaGraph(owner) {
          guard !list.isEmpty else { continue }
          let bytes = graphDocument(owner: owner, friends: list)
          try LineFileWriter.writeWhole(bytes, to: "\(root)/graph/\(facebookID(owner)).json")
          summary.graphFiles += 1
          summary.graphFriends += list.count
          summary.graphBytes += bytes.count
        } else {
          // Faulty: the owner leaves out a friend who lists them (a one-sided friendship).
          if isFaulty(owner, 1), !list.isEmpty { list.removeFirst() }
          for friend in list {
            try join.row("{\"owningId\":\"u\(owner)\",\"relatedId\":\"u\(friend)\"}")
          }
        }
      }
    }
    try join.finish()
    summary.friendRows = join.rows
    summary.classFileBytes.append(("_Join:friends:_User.json", join.bytes))
  }

  /// The friend entries of owners `low..<high`, grouped by owner: `friends[offsets[o - low]
  /// ..< offsets[o - low + 1]]` are owner o's (unsorted, duplicates possible).
  private func drawSlice(low: Int, high: Int, edges: Int) -> ([Int32], [Int32]) {
    var owners: [Int32] = []
    var others: [Int32] = []
    var random = self.random(.friends, 0)
    for _ in 0..<edges {
      let a = endpoint(&random)
      let b = endpoint(&random)
      guard a != b else { continue }
      if a >= low && a < high {
        owners.append(Int32(a))
        others.append(Int32(b))
      }
      if b >= low && b < high {
        owners.append(Int32(b))
        others.append(Int32(a))
      }
    }
    var offsets = [Int32](repeating: 0, count: high - low + 1)
    for owner in owners { offsets[Int(owner) - low + 1] += 1 }
    for index in 0..<(high - low) { offsets[index + 1] += offsets[index] }
    var next = offsets
    var friends = [Int32](repeating: 0, count: owners.count)
    for (owner, other) in zip(owners, others) {
      friends[Int(next[Int(owner) - low])] = other
      next[Int(owner) - low] += 1
    }
    return (offsets, friends)
  }

  /// One end of an edge: a user drawn by weight (`skewed`) or uniformly.
  func endpoint(_ random: inout SeededRandom) -> Int {
    switch degree {
    case .uniform:
      return Int.random(in: 0..<users, using: &random)
    case .skewed:
      // Rank r has weight (r + 1)^(-1/2); the inverse of the (continuous) cumulative weight
      // draws a rank, and a fixed permutation spreads the ranks over the user numbers, so hubs
      // are not the first users.
      let uniform = Double(random.next() >> 11) * 0x1p-53
      let root = 1 + uniform * ((Double(users) + 1).squareRoot() - 1)
      let rank = min(users - 1, max(0, Int(root * root) - 1))
      return Int((UInt64(rank) &* 2_654_435_761 &+ 12_345) % UInt64(users))
    }
  }

  /// Whether an owner lists their friends in a Graph file (about 1 in 4).
  func isViaGraph(_ owner: Int) -> Bool {
    var random = self.random(.viaGraph, owner)
    return random.next() & 3 == 0
  }

  /// The Facebook id of a user.
  func facebookID(_ user: Int) -> String { String(100_000 + user) }

  private func graphDocument(owner: Int, friends: [Int32]) -> [UInt8] {
    let document: JSONValue = [
      "id": .string(facebookID(owner)), "name": .string(SyntheticNames.name(for: owner)),
      "friends": [
        "data": .array(
          friends.map {
            [
              "id": .string(facebookID(Int($0))),
              "name": .string(SyntheticNames.name(for: Int($0))),
            ]
          })
      ],
    ]
    return Array(document.serialized.utf8)
  }

  private func deduplicated(_ sorted: [Int32]) -> [Int32] {
    var result: [Int32] = []
    result.reserveCapacity(sorted.count)
    for value in sorted where result.last != value { result.append(value) }
    return result
  }
}

import WallModel

/// The viewer's data a build's model makes once for every wall (`cached()`): each person's
/// entry and each photo's entry as walls that may read all of its comments write it.
extension WallPageModel {
  /// A photo's entry in the viewer's data as every wall that may read all of its comments
  /// writes it, made once per build (`shareViewerData`): its bytes, with a hole wherever the
  /// entry names a person by the number the wall's data gives them.
  struct ViewerEntryParts {
    /// A place in `bytes` where a number goes, whose it is, and whether the index knows them
    /// (a person it does not know gets no number).
    typealias Hole = (offset: Int, userID: String, known: Bool)

    var bytes: [UInt8]
    /// The holes, in order.
    var holes: [Hole]
    /// How many comments the photo has: a wall whose owner may read as many reads them all.
    var commentCount: Int

    /// About the memory it takes, for `viewerDataBudget`.
    var charged: Int { bytes.count + holes.count * 32 + WallPageModel.sharedEntryOverhead }

    /// Calls `body` with the objectId of the person of each hole, in order, and whether the
    /// index knows them.
    func forEachPerson(_ body: (String, Bool) -> Void) {
      for hole in holes { body(hole.userID, hole.known) }
    }

    /// Appends the entry with each hole filled with `people`'s number for its person.
    func fill(with people: ViewerPeople, into output: inout [UInt8]) {
      var start = 0
      for hole in holes {
        output += bytes[start..<hole.offset]
        people.appendNumber(of: hole.userID, to: &output)
        start = hole.offset
      }
      output += bytes[start...]
    }
  }

  /// The most memory `cached()` gives to viewer data made once for every wall that shows it.
  ///
  /// That is each person's entry, then each photo's `ViewerEntryParts`; past it, the rest are
  /// written anew on each wall. On the 10,000-user scale export they take about 100 MiB.
  static let viewerDataBudget = 128 << 20
  /// What a kept entry costs besides its bytes (and holes): its arrays and its dictionary slot.
  static let sharedEntryOverhead = 96

  /// Makes each person's entry and each photo's entry of the viewer's data once for every
  /// wall, as far as `budget` goes (`cached()`).
  ///
  /// In a friend graph, each photo is on dozens of walls. A photo's entry is kept as walls that
  /// may read all of its comments write it; a wall whose owner may read fewer writes its own.
  package mutating func shareViewerData(budget: Int) {
    var left = budget
    var people: [String: [UInt8]] = [:]
    for user in index.users {
      var bytes: [UInt8] = []
      appendJSON(person(user, root: layout.pageToRoot), to: &bytes)
      left -= bytes.count + Self.sharedEntryOverhead
      guard left >= 0 else { break }
      people[user.objectId] = bytes
    }
    var entries: [ViewerEntryParts?] = []
    entries.reserveCapacity(index.images.count)
    for image in index.images where left > 0 {
      guard let (variants, original) = readyMedia(image) else {
        entries.append(nil)
        continue
      }
      let comments = index.allComments(on: image.objectId)
      var bytes: [UInt8] = []
      var holes: [ViewerEntryParts.Hole] = []
      appendViewerEntry(
        ViewerPhoto(image: image, variants: variants, original: original, comments: comments),
        to: &bytes
      ) { userID, output in holes.append((output.count, userID, index.user(userID) != nil)) }
      let parts = ViewerEntryParts(bytes: bytes, holes: holes, commentCount: comments.count)
      left -= parts.charged
      guard left >= 0 else { break }
      entries.append(parts)
    }
    shared.personJSON = people
    shared.viewerEntries = entries
  }

  /// The place in `shared.viewerEntries` of the entry `shareViewerData` made of `image`'s
  /// photo (nil when it made none), at `position` in `index.images` when
  /// the caller knows it (`Feed.positions`).
  func sharedViewerEntryPlace(_ image: WallImage, at position: Int32? = nil) -> Int? {
    guard
      let found = sharedPlace(of: image, known: position, among: shared.viewerEntries.count),
      shared.viewerEntries[found] != nil
    else { return nil }
    return found
  }

  /// How many people's and photos' entries of the viewer's data are made once for every wall.
  package var sharedViewerData: (people: Int, photos: Int) {
    (shared.personJSON.count, shared.viewerEntries.lazy.filter { $0 != nil }.count)
  }
}

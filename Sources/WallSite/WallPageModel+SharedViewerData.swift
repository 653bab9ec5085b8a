import WallModel

/// The viewer's data a private build's model makes once for every wall (`cached()`): each
/// person's entry and each photo's entry as walls that may read all of its comments write it.
/// (A public build writes each photo's entry once, as a file: `WallPageModel+ViewerEntries`.)
extension WallPageModel {
  /// The entries of the viewer's data made once per build (`shareViewerData`), packed in one
  /// array of bytes and found by position: a wall copies its photos' entries without hashing
  /// or retaining anything per entry.
  ///
  /// A photo's entry has a hole wherever it names a person by the number the wall's data gives
  /// them; the holes name the person by their position in `index.users`.
  struct SharedViewerData {
    /// Where a person's number goes in `bytes`, and whose it is: their position in
    /// `index.users`, or -1 for someone the index does not know (who gets no number).
    struct Hole {
      var offset: UInt32
      var person: Int32
    }

    /// Where a photo's entry is: its first byte and first hole (it ends where the next photo's
    /// begins), and how many comments the photo has, or -1 when no entry was made.
    struct PhotoPlace {
      var start: UInt32
      var firstHole: UInt32
      var commentCount: Int32
    }

    /// Each person's entry, then each photo's.
    var bytes: [UInt8] = []
    /// By position in `index.users`, and one past the last: the first byte of each person's
    /// entry (it ends where the next begins; an empty one was not made).
    var people: [UInt32] = []
    /// By position in `index.images`, and one past the last.
    var photos: [PhotoPlace] = []
    var holes: [Hole] = []

    /// What the tables cost per user and per image, made or not.
    static let personSlotBytes = MemoryLayout<UInt32>.stride
    static let photoSlotBytes = MemoryLayout<PhotoPlace>.stride

    /// The bytes of the entry of the person at `position`, if one was made.
    func person(at position: Int) -> Range<Int>? {
      guard position + 1 < people.count else { return nil }
      let range = Int(people[position])..<Int(people[position + 1])
      return range.isEmpty ? nil : range
    }

    /// How many comments the photo at `position` has, if its entry was made: a wall whose owner
    /// may read as many reads them all.
    func commentCount(at position: Int) -> Int? {
      guard position + 1 < photos.count, photos[position].commentCount >= 0 else { return nil }
      return Int(photos[position].commentCount)
    }

    /// The holes of the entry of the photo at `position`.
    func holes(at position: Int) -> Range<Int> {
      Int(photos[position].firstHole)..<Int(photos[position + 1].firstHole)
    }

    /// Appends the entry of the photo at `position`, each hole filled with `people`'s number
    /// for its person.
    func fill(_ position: Int, with people: ViewerPeople, into output: inout [UInt8]) {
      let end = Int(photos[position + 1].start)
      bytes.withUnsafeBufferPointer { bytes in
        var start = Int(photos[position].start)
        for hole in holes[self.holes(at: position)] {
          output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<Int(hole.offset)]))
          people.appendNumber(of: hole.person, to: &output)
          start = Int(hole.offset)
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
      }
    }

    /// Appends the entry of the person at `position`; false when none was made.
    func appendPerson(at position: Int, to output: inout [UInt8]) -> Bool {
      guard let range = person(at: position) else { return false }
      bytes.withUnsafeBufferPointer {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range]))
      }
      return true
    }
  }

  /// The most memory `cached()` gives to viewer data made once for every wall that shows it.
  ///
  /// That is the tables of people and photos, then each person's entry, then each photo's
  /// entry and holes; past it, the rest are written anew on each wall. On the 10,000-user scale
  /// export they take about 100 MiB.
  static let viewerDataBudget = 128 << 20

  /// Makes each person's entry and each photo's entry of the viewer's data once for every
  /// wall, as far as `budget` goes (`cached()`).
  ///
  /// In a friend graph, each photo is on dozens of walls. A photo's entry is kept as walls that
  /// may read all of its comments write it; a wall whose owner may read fewer writes its own.
  package mutating func shareViewerData(budget: Int) {
    shared.viewer = makeSharedViewerData(budget: budget)
  }

  /// The entries `shareViewerData(budget:)` keeps.
  func makeSharedViewerData(budget: Int) -> SharedViewerData {
    typealias Shared = SharedViewerData
    var data = Shared()
    // The tables are whole, one slot more than there are users and images, whatever fits.
    var left =
      min(budget, Int(UInt32.max)) - (index.users.count + 1) * Shared.personSlotBytes
      - (index.images.count + 1) * Shared.photoSlotBytes
    guard left >= 0 else { return data }
    data.people.reserveCapacity(index.users.count + 1)
    for user in index.users {
      data.people.append(UInt32(data.bytes.count))
      guard left > 0 else { continue }
      let start = data.bytes.count
      appendJSON(person(user, root: layout.pageToRoot), to: &data.bytes)
      left -= data.bytes.count - start
      if left < 0 { data.bytes.removeSubrange(start...) }
    }
    data.people.append(UInt32(data.bytes.count))
    data.photos.reserveCapacity(index.images.count + 1)
    for image in index.images {
      let start = data.bytes.count
      let firstHole = data.holes.count
      var made = Shared.PhotoPlace(
        start: UInt32(start), firstHole: UInt32(firstHole), commentCount: -1)
      defer { data.photos.append(made) }
      guard left > 0, let (variants, original) = readyMedia(image) else { continue }
      let comments = index.allComments(on: image.objectId)
      appendViewerEntry(
        ViewerPhoto(image: image, variants: variants, original: original, comments: comments),
        to: &data.bytes
      ) { userID, output in
        data.holes.append(Shared.Hole(offset: UInt32(output.count), person: personNumber(userID)))
      }
      left -=
        data.bytes.count - start + (data.holes.count - firstHole) * MemoryLayout<Shared.Hole>.stride
      guard left >= 0 else {
        data.bytes.removeSubrange(start...)
        data.holes.removeSubrange(firstHole...)
        continue
      }
      made.commentCount = Int32(clamping: comments.count)
    }
    data.photos.append(
      Shared.PhotoPlace(
        start: UInt32(data.bytes.count), firstHole: UInt32(data.holes.count), commentCount: -1))
    return data
  }

  /// The position in `index.users` of the person with objectId `userID`, or -1 for someone the
  /// index does not know.
  func personNumber(_ userID: String) -> Int32 {
    index.position(ofUser: userID).map { Int32($0) } ?? -1
  }

  /// The place in `shared.viewer` of the entry `shareViewerData` made of `image`'s
  /// photo (nil when it made none), at `position` in `index.images` when
  /// the caller knows it (`Feed.positions`).
  func sharedViewerEntryPlace(_ image: WallImage, at position: Int32? = nil) -> Int? {
    guard
      let found = sharedPlace(of: image, known: position, among: shared.viewer.photos.count - 1),
      shared.viewer.commentCount(at: found) != nil
    else { return nil }
    return found
  }

  /// How many people's and photos' entries of the viewer's data are made once for every wall.
  package var sharedViewerData: (people: Int, photos: Int) {
    let viewer = shared.viewer
    return (
      viewer.people.indices.dropLast().lazy.filter { viewer.person(at: $0) != nil }.count,
      viewer.photos.lazy.filter { $0.commentCount >= 0 }.count
    )
  }
}

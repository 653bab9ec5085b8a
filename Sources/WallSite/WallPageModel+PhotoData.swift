import WallJSON
import WallMedia
import WallModel
import WallRender

/// The wall's photos for the viewer (`lightbox.js`): `photos.js`, beside the wall's pages, which
/// sets `window.wallgenPhotos` to what the wall's cards show of each photo that could be made,
/// in wall order (its sizes, uploader, date, and the comments the wall's owner may read, up to
/// `shownCommentLimit`), and the people they name.
///
/// A script rather than JSON, so that it loads from `file://` (an archive opened from disk) as
/// well as from a server. The viewer loads it only when it opens, so a wall of thousands of
/// photos weighs nothing more until then. It sits in the wall's own folder and holds only what
/// that wall shows, so a private wall's data is as secret as its pages.
extension WallPageModel {
  /// The identifier of the data's shape, bumped when it changes incompatibly.
  static let photoDataFormat = "wallgen-photos/1"

  /// The viewer's data of `user`'s wall as a JSON value (see the extension's summary).
  ///
  /// Built apart from `writePhotoData`, which writes the same data straight to bytes, so that
  /// the two read the model independently: `PhotoDataBytesTests` holds the bytes to this value's
  /// `serialized`. A field added to the viewer's data goes in both (`viewerEntry` and
  /// `appendViewerEntry`, `json` and `appendJSON`).
  /// - Parameters:
  ///   - user: The wall's owner.
  ///   - wall: The wall's images (`WallIndex.wall(for:)`) when the caller has them already.
  package func photoData(of user: User, wall: [WallImage]? = nil) -> JSONValue {
    let wall = wall ?? index.wall(for: user.objectId)
    let people = viewerPeople(of: user, wall: wall)
    var photos: [JSONValue] = []
    forEachViewerPhoto(of: user, in: wall) { photos.append(viewerEntry($0, people: people)) }
    return [
      "format": .string(Self.photoDataFormat),
      "people": .array(people.order.compactMap { index.user($0) }.map(viewerPerson)),
      "photos": .array(photos),
    ]
  }

  /// `photos.js` of `user`'s wall: its site-relative path and bytes.
  package func photoDataFile(of user: User, wall: [WallImage]? = nil) -> (
    path: String, bytes: [UInt8]
  ) {
    var bytes: [UInt8] = []
    writePhotoData(of: user, wall: wall) { bytes += $0 }
    return (photoDataPath(of: user), bytes)
  }

  /// Makes `photos.js` of `user`'s wall a piece at a time, about `photoDataChunk` bytes in
  /// each, so that the data of a wall of thousands of photos is never held whole: the same bytes
  /// as `photoDataFile(of:wall:)`, and `photoData(of:wall:)` as its JSON.
  ///
  /// The bytes are written straight from the model, without a `JSONValue` of each entry: that
  /// tree and its serialization were half of a 10k re-render's CPU. Members are written in the
  /// order `JSONValue.serialized` sorts keys in. Entries a build's model made once for every
  /// wall (`shareViewerData`) are copied, their people's numbers filled in.
  /// - Parameters:
  ///   - user: The wall's owner.
  ///   - wall: The wall's images (`WallIndex.wall(for:)`) when the caller has them already.
  ///   - emit: Takes each piece, in order.
  package func writePhotoData(
    of user: User, wall: [WallImage]? = nil, emit: ([UInt8]) -> Void
  ) {
    let wall = wall ?? index.wall(for: user.objectId)
    let people = viewerPeople(of: user, wall: wall)
    var output = Self.photoDataOpening
    output.reserveCapacity(Self.photoDataChunk * 2)
    func handOnWhenFull() {
      guard output.count >= Self.photoDataChunk else { return }
      emit(output)
      output.removeAll(keepingCapacity: true)
    }
    var first = true
    for userID in people.order {
      let made = shared.personJSON[userID]
      let person = made == nil ? index.user(userID) : nil
      guard made != nil || person != nil else { continue }
      if !first { output.append(UInt8(ascii: ",")) }
      first = false
      if let made {
        output += made
      } else if let person {
        appendJSON(self.person(person, root: layout.pageToRoot), to: &output)
      }
      handOnWhenFull()
    }
    output += #"],"photos":["#.utf8
    first = true
    forEachViewerItem(of: user, in: wall) { item in
      if !first { output.append(UInt8(ascii: ",")) }
      first = false
      switch item {
      case .shared(let made):
        made.fill(with: people, into: &output)
      case .own(let photo):
        appendViewerEntry(photo, to: &output) { userID, output in
          people.appendNumber(of: userID, to: &output)
        }
      }
      handOnWhenFull()
    }
    output += "]};\n".utf8
    emit(output)
  }

  /// How many bytes `writePhotoData` gathers before it hands them on.
  package static let photoDataChunk = 64 * 1024

  /// The start of every `photos.js`, up to its first person.
  private static let photoDataOpening =
    Array("window.wallgenPhotos = {\"format\":".utf8)
    + JSONValue.string(photoDataFormat).serializedBytes + Array(#","people":["#.utf8)

  /// The site-relative path of `photos.js` of `user`'s wall.
  package func photoDataPath(of user: User) -> String {
    layout.wallFile(userID: user.objectId, named: SiteLayout.photoDataFileName)
  }

  /// A photo of a wall as the viewer shows it.
  private struct ViewerPhoto {
    var image: WallImage
    var variants: [StoredImage]
    var original: StoredImage?
    /// The comments the wall's owner may read.
    var comments: [Comment]
  }

  /// Calls `body` with each photo of `wall` that could be made, in wall order.
  private func forEachViewerPhoto(
    of user: User, in wall: [WallImage], _ body: (ViewerPhoto) -> Void
  ) {
    for image in wall {
      guard let (variants, original) = readyMedia(image) else { continue }
      body(
        ViewerPhoto(
          image: image, variants: variants, original: original,
          comments: index.comments(on: image.objectId, visibleTo: user.objectId)))
    }
  }

  /// A photo of a wall for the viewer: its entry made once for every wall
  /// (`shareViewerData`) when the wall's owner may read all of its comments, else the photo
  /// the wall writes its own entry from.
  private enum ViewerItem {
    case shared(ViewerEntryParts)
    case own(ViewerPhoto)
  }

  /// Calls `body` with each photo of `wall` that could be made, in wall order, as
  /// `forEachViewerPhoto` does, but with the entry made for every wall where there is one.
  private func forEachViewerItem(
    of user: User, in wall: [WallImage], _ body: (ViewerItem) -> Void
  ) {
    for image in wall {
      var visible: [Comment]?
      if let made = shared.viewerEntries[image.objectId] {
        let comments = index.comments(on: image.objectId, visibleTo: user.objectId)
        if comments.count == made.commentCount {
          body(.shared(made))
          continue
        }
        visible = comments
      }
      guard let (variants, original) = readyMedia(image) else { continue }
      body(
        .own(
          ViewerPhoto(
            image: image, variants: variants, original: original,
            comments: visible ?? index.comments(on: image.objectId, visibleTo: user.objectId))))
    }
  }

  /// The people the viewer's data names, numbered in the order it first names them.
  ///
  /// That is each photo's uploader, then the authors of the comments it shows. Users the
  /// index does not know get no number.
  fileprivate struct ViewerPeople {
    var order: [String] = []
    var numbers: [String: Int] = [:]

    func number(of userID: String) -> JSONValue {
      numbers[userID].map { .integer(Int64($0)) } ?? .null
    }

    /// Appends `number(of:)` as JSON.
    func appendNumber(of userID: String, to output: inout [UInt8]) {
      number(of: userID).append(to: &output)
    }
  }

  /// The people of `user`'s wall's viewer data (a first pass over its photos, so that they can
  /// be written before the photos that name them).
  private func viewerPeople(of user: User, wall: [WallImage]) -> ViewerPeople {
    var people = ViewerPeople()
    func note(_ userID: String, known: Bool? = nil) {
      guard people.numbers[userID] == nil, known ?? (index.user(userID) != nil) else { return }
      people.numbers[userID] = people.order.count
      people.order.append(userID)
    }
    forEachViewerItem(of: user, in: wall) { item in
      switch item {
      case .shared(let made):
        // Its holes name the uploader, then the authors of the comments it shows.
        for hole in made.holes { note(hole.userID, known: hole.known) }
      case .own(let photo):
        note(photo.image.uploaderID)
        for comment in photo.comments.suffix(Self.shownCommentLimit) { note(comment.authorID) }
      }
    }
    return people
  }

  /// A person of the viewer's data.
  private func viewerPerson(_ person: User) -> JSONValue {
    json(self.person(person, root: layout.pageToRoot))
  }

  /// A photo's entry in the viewer's data.
  private func viewerEntry(_ photo: ViewerPhoto, people: ViewerPeople) -> JSONValue {
    let root = layout.pageToRoot
    let image = photo.image
    let largest = photo.variants[photo.variants.count - 1]
    let shown = photo.comments.suffix(Self.shownCommentLimit)
    var fields: [String: JSONValue] = [
      "id": .string(image.objectId),
      "alt": .string(shownAlt(image)),
      "src": .string(root + largest.path),
      "srcset": .string(Self.srcset(photo.variants, root: root)),
      "width": .integer(Int64(largest.width)), "height": .integer(Int64(largest.height)),
      "by": people.number(of: image.uploaderID),
      "time": json(time(image.createdAt)),
      "comments": .array(
        shown.map { comment in
          [
            "by": people.number(of: comment.authorID), "text": .string(comment.text),
            "time": json(time(comment.createdAt)),
          ]
        }),
    ]
    if let original = photo.original {
      fields["original"] = .string(root + original.path)
      fields["originalWidth"] = .integer(Int64(original.width))
    }
    if case .string(let more) = moreComments(photo.comments.count - shown.count) {
      fields["more"] = .string(more)
    }
    return .object(fields)
  }

  /// Appends a photo's entry in the viewer's data, as `viewerEntry` makes it, its members in
  /// key order; `name` appends the number of the person with an objectId.
  private func appendViewerEntry(
    _ photo: ViewerPhoto, to output: inout [UInt8],
    naming name: (String, inout [UInt8]) -> Void
  ) {
    let root = layout.pageToRoot
    let image = photo.image
    let largest = photo.variants[photo.variants.count - 1]
    let shown = photo.comments.suffix(Self.shownCommentLimit)
    output += #"{"alt":"#.utf8
    JSONText.appendString(shownAlt(image), to: &output)
    output += #","by":"#.utf8
    name(image.uploaderID, &output)
    output += #","comments":["#.utf8
    for (position, comment) in shown.enumerated() {
      if position > 0 { output.append(UInt8(ascii: ",")) }
      output += #"{"by":"#.utf8
      name(comment.authorID, &output)
      output += #","text":"#.utf8
      JSONText.appendString(comment.text, to: &output)
      output += #","time":"#.utf8
      appendJSON(time(comment.createdAt), to: &output)
      output.append(UInt8(ascii: "}"))
    }
    output += #"],"height":"#.utf8
    JSONText.appendInteger(Int64(largest.height), to: &output)
    output += #","id":"#.utf8
    JSONText.appendString(image.objectId, to: &output)
    if case .string(let more) = moreComments(photo.comments.count - shown.count) {
      output += #","more":"#.utf8
      JSONText.appendString(more, to: &output)
    }
    if let original = photo.original {
      output += #","original":"#.utf8
      JSONText.appendString(root + original.path, to: &output)
      output += #","originalWidth":"#.utf8
      JSONText.appendInteger(Int64(original.width), to: &output)
    }
    output += #","src":"#.utf8
    JSONText.appendString(root + largest.path, to: &output)
    output += #","srcset":"#.utf8
    JSONText.appendString(Self.srcset(photo.variants, root: root), to: &output)
    output += #","time":"#.utf8
    appendJSON(time(image.createdAt), to: &output)
    output += #","width":"#.utf8
    JSONText.appendInteger(Int64(largest.width), to: &output)
    output.append(UInt8(ascii: "}"))
  }

  /// A photo's entry in the viewer's data as every wall that may read all of its comments
  /// writes it, made once per build (`shareViewerData`): its bytes, with a hole wherever the
  /// entry names a person by the number the wall's data gives them.
  struct ViewerEntryParts {
    var bytes: [UInt8] = []
    /// Where each number goes (an offset into `bytes`), whose it is, and whether the index
    /// knows them (a person it does not know gets no number), in order.
    var holes: [(offset: Int, userID: String, known: Bool)] = []
    /// How many comments the photo has: a wall whose owner may read as many reads them all.
    var commentCount = 0

    /// About the memory it takes, for `viewerDataBudget`.
    var charged: Int { bytes.count + holes.count * 32 + 96 }

    /// Appends the entry with each hole filled with `people`'s number for its person.
    fileprivate func fill(with people: ViewerPeople, into output: inout [UInt8]) {
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
      left -= bytes.count + 96
      guard left >= 0 else { break }
      people[user.objectId] = bytes
    }
    var entries: [String: ViewerEntryParts] = [:]
    for image in index.images where left > 0 {
      guard let (variants, original) = readyMedia(image) else { continue }
      let comments = index.allComments(on: image.objectId)
      var parts = ViewerEntryParts(commentCount: comments.count)
      var holes: [(offset: Int, userID: String, known: Bool)] = []
      appendViewerEntry(
        ViewerPhoto(image: image, variants: variants, original: original, comments: comments),
        to: &parts.bytes
      ) { userID, output in holes.append((output.count, userID, index.user(userID) != nil)) }
      parts.holes = holes
      left -= parts.charged
      guard left >= 0 else { break }
      entries[image.objectId] = parts
    }
    shared.personJSON = people
    shared.viewerEntries = entries
  }

  /// How many people's and photos' entries of the viewer's data are made once for every wall.
  package var sharedViewerData: (people: Int, photos: Int) {
    (shared.personJSON.count, shared.viewerEntries.count)
  }

  /// Appends template data as JSON, as `json(_:)` makes it, without building it first.
  private func appendJSON(_ value: TemplateValue, to output: inout [UInt8]) {
    switch value {
    case .null: JSONValue.null.append(to: &output)
    case .bool(let flag): JSONValue.bool(flag).append(to: &output)
    case .int(let number): JSONText.appendInteger(Int64(number), to: &output)
    case .double(let number): JSONValue.number(number).append(to: &output)
    case .string(let text): JSONText.appendString(text, to: &output)
    case .array(let elements):
      output.append(UInt8(ascii: "["))
      for (position, element) in elements.enumerated() {
        if position > 0 { output.append(UInt8(ascii: ",")) }
        appendJSON(element, to: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let object):
      output.append(UInt8(ascii: "{"))
      var first = true
      object.forEachFieldInNameOrder { name, value in
        // A missing value (a link the audience may not follow) is left out.
        guard value != .null else { return }
        if !first { output.append(UInt8(ascii: ",")) }
        first = false
        JSONText.appendString(name, to: &output)
        output.append(UInt8(ascii: ":"))
        appendJSON(value, to: &output)
      }
      output.append(UInt8(ascii: "}"))
    }
  }

  /// Template data as JSON (people, dates), without its null fields.
  private func json(_ value: TemplateValue) -> JSONValue {
    switch value {
    case .null: .null
    case .bool(let flag): .bool(flag)
    case .int(let number): .integer(Int64(number))
    case .double(let number): .number(number)
    case .string(let text): .string(text)
    case .array(let elements): .array(elements.map(json))
    case .object(let object):
      .object(
        Dictionary(
          uniqueKeysWithValues: object.names.compactMap { key in
            // A missing value (a link the audience may not follow) is left out.
            guard let value = object[key], value != .null else { return nil }
            return (key, json(value))
          }))
    }
  }
}

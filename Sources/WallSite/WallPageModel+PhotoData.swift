import WallJSON
import WallMedia
import WallModel
import WallRender
import WallSupport

/// A private wall's photos for the viewer (`lightbox.js`; a public site writes each photo's
/// entry once instead, `WallPageModel+ViewerEntries`): `photos.js`, beside the wall's pages, which
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

  /// `photos.js` of `user`'s wall: its site-relative path and bytes.
  package func photoDataFile(of user: User, wall: [WallImage]? = nil) -> (
    path: String, bytes: [UInt8]
  ) {
    var bytes: [UInt8] = []
    writePhotoData(of: feed(for: user, wall: wall)) { bytes += $0 }
    return (photoDataPath(of: user), bytes)
  }

  /// Makes `photos.js` of the wall of `feed` a piece at a time, about `photoDataChunk` bytes
  /// in each, so that the data of a wall of thousands of photos is never held whole: the same bytes
  /// as `photoDataFile(of:wall:)` (the tests hold it to a JSON value made apart, `PhotoDataOracle`).
  ///
  /// The bytes are written straight from the model, without a `JSONValue` of each entry: that
  /// tree and its serialization were half of a 10k re-render's CPU. Members are written in the
  /// order `JSONValue.serialized` sorts keys in. Entries a build's model made once for every
  /// wall (`shareViewerData`) are copied, their people's numbers filled in.
  ///
  /// The feed gives the wall's images, the comments under each its owner may read and their
  /// positions in the index, each found once for the wall's pages and its viewer data.
  /// - Parameters:
  ///   - feed: The wall's feed (`feed(for:wall:)`).
  ///   - emit: Takes each piece, in order.
  package func writePhotoData(of feed: Feed, emit: ([UInt8]) -> Void) {
    // The items the first pass found, written in the second: each photo's shared entry and
    // comments are looked up once.
    var items: [ViewerItem] = []
    let people = viewerPeople(
      of: feed.user, wall: feed.images, comments: feed.comments, positions: feed.positions
    ) { items.append($0) }
    var output = Self.photoDataOpening
    output.reserveCapacity(Self.photoDataChunk * 2)
    func handOnWhenFull() {
      guard output.count >= Self.photoDataChunk else { return }
      emit(output)
      output.removeAll(keepingCapacity: true)
    }
    let viewer = shared.viewer
    for (number, person) in people.order.enumerated() {
      if number > 0 { output.append(UInt8(ascii: ",")) }
      if !viewer.appendPerson(at: Int(person), to: &output) {
        appendJSON(self.person(index.users[Int(person)], root: layout.pageToRoot), to: &output)
      }
      handOnWhenFull()
    }
    output += #"],"photos":["#.utf8
    for (position, item) in items.enumerated() {
      if position > 0 { output.append(UInt8(ascii: ",")) }
      switch item {
      case .shared(let entry):
        viewer.fill(entry, with: people, into: &output)
      case .own(let photo):
        appendViewerEntry(photo, to: &output) { userID, output in
          people.appendNumber(of: personNumber(userID), to: &output)
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
  struct ViewerPhoto {
    var image: WallImage
    var variants: [StoredImage]
    var original: StoredImage?
    /// The comments the wall's owner may read.
    var comments: [Comment]
  }

  /// Calls `body` with each photo of `wall` that could be made, in wall order, with the
  /// comments the wall's owner may read, never taking an entry made for every wall.
  func forEachViewerPhoto(of user: User, in wall: [WallImage], _ body: (ViewerPhoto) -> Void) {
    forEachViewerItem(of: user, in: wall, sharing: false) { item in
      if case .own(let photo) = item { body(photo) }
    }
  }

  /// A photo of a wall for the viewer: its entry made once for every wall
  /// (`shareViewerData`) when the wall's owner may read all of its comments, else the photo
  /// the wall writes its own entry from.
  enum ViewerItem {
    /// The place of the entry in `shared.viewer` (the photo's in `index.images`).
    case shared(Int)
    case own(ViewerPhoto)
  }

  /// Calls `body` with each photo of `wall` that could be made, in wall order: its entry made
  /// for every wall where there is one and `sharing` allows it, else the photo itself.
  ///
  /// `comments`, when given, are those under each of `wall` that its owner may read, and
  /// `positions` the place of each in the index's images.
  private func forEachViewerItem(
    of user: User, in wall: [WallImage], comments: [[Comment]]? = nil,
    positions: [Int32]? = nil, sharing: Bool = true, _ body: (ViewerItem) -> Void
  ) {
    for (position, image) in wall.enumerated() {
      let visible =
        comments?[position] ?? index.comments(on: image.objectId, visibleTo: user.objectId)
      if sharing, let entry = sharedViewerEntryPlace(image, at: positions?[position]),
        visible.count == shared.viewer.commentCount(at: entry)
      {
        body(.shared(entry))
        continue
      }
      guard let (variants, original) = readyMedia(image) else { continue }
      body(
        .own(ViewerPhoto(image: image, variants: variants, original: original, comments: visible)))
    }
  }

  /// The people the viewer's data names, numbered in the order it first names them.
  ///
  /// That is each photo's uploader, then the authors of the comments it shows. Each is known
  /// by their position in `index.users` (`personNumber`); users the index does not know get no
  /// number.
  struct ViewerPeople {
    /// Their positions in `index.users`, in the order numbered.
    var order: [Int32] = []
    /// Each one's number, by position in `index.users`.
    var numbers = SmallNumberTable()

    /// Numbers the person at `position` in `index.users`, unless they have a number already or
    /// the index does not know them (-1).
    mutating func note(_ position: Int32) {
      guard position >= 0, numbers.insertIfAbsent(position, value: Int32(order.count)) else {
        return
      }
      order.append(position)
    }

    func number(of position: Int32) -> JSONValue {
      guard position >= 0, let number = numbers[position] else { return .null }
      return .integer(Int64(number))
    }

    /// Appends `number(of:)` as JSON.
    func appendNumber(of position: Int32, to output: inout [UInt8]) {
      guard position >= 0, let number = numbers[position] else {
        JSONValue.null.append(to: &output)
        return
      }
      JSONText.appendInteger(Int64(number), to: &output)
    }
  }

  /// The people of `user`'s wall's viewer data (a first pass over its photos, so that they can
  /// be written before the photos that name them).
  /// - Parameters:
  ///   - comments: The comments under each of `wall` its owner may read, when known.
  ///   - positions: The place of each of `wall` in the index's images, when known.
  ///   - found: Takes each photo's item in wall order, as the pass finds it.
  func viewerPeople(
    of user: User, wall: [WallImage], comments: [[Comment]]? = nil, positions: [Int32]? = nil,
    found: (ViewerItem) -> Void = { _ in }
  ) -> ViewerPeople {
    var people = ViewerPeople()
    // Most walls name about as many people as they show photos: room for that many from the
    // start, rather than growing the table a step at a time.
    people.order.reserveCapacity(wall.count + 16)
    people.numbers = SmallNumberTable(capacity: wall.count + 16)
    let viewer = shared.viewer
    forEachViewerItem(of: user, in: wall, comments: comments, positions: positions) { item in
      switch item {
      case .shared(let entry):
        // Its holes name the uploader, then the authors of the comments it shows.
        for hole in viewer.holes[viewer.holes(at: entry)] { people.note(hole.person) }
      case .own(let photo):
        people.note(personNumber(photo.image.uploaderID))
        for comment in Self.shownComments(photo.comments) {
          people.note(personNumber(comment.authorID))
        }
      }
      found(item)
    }
    return people
  }

  /// Appends a photo's entry in the viewer's data, as `viewerEntry` makes it, its members in
  /// key order; `name` appends the number of the person with an objectId.
  func appendViewerEntry(
    _ photo: ViewerPhoto, to output: inout [UInt8],
    naming name: (String, inout [UInt8]) -> Void
  ) {
    let root = layout.pageToRoot
    let image = photo.image
    let largest = photo.variants[photo.variants.count - 1]
    let shown = Self.shownComments(photo.comments)
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
      JSONText.appendString(Self.shownText(comment), to: &output)
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

  /// Appends template data as JSON, as `json(_:)` makes it, without building it first.
  func appendJSON(_ value: TemplateValue, to output: inout [UInt8]) {
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
}

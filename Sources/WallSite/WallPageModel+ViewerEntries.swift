import WallJSON
import WallModel
import WallRender
import WallSupport

/// A public build's viewer data: each photo's entry written once for the whole site, as
/// `viewer/<xx>/<name>.js` by the wall of the photo's uploader, rather than once in every wall
/// that shows it.
///
/// On a public site every wall shows a photo alike (anyone reads the same comments), and in a
/// friend graph a photo is on dozens of walls: copying its entry into each wall's `photos.js`
/// made that data about a third of the site. Now the viewer (`lightbox.js`) reads what the page
/// shows from its links, and loads a photo's entry by a script tag (so that it works from
/// `file://`) when it shows the photo or its neighbours. A wall of more than one page lists its
/// photos' objectIds, in wall order, in `photos.js`, so that the viewer walks photos of other
/// pages too; a wall of one page, and a grid, show every photo already and need no list.
///
/// A private build keeps each wall's own `photos.js` (`writePhotoData`): a private wall's data
/// must be as secret as its pages.
extension WallPageModel {
  /// Whether walls refer to each photo's entry written once (a public build) instead of carrying
  /// their own.
  var sharesViewerEntries: Bool { audience == .anyone }

  /// The identifier of the shape of a public wall's list, bumped when it changes incompatibly.
  static let viewerListFormat = "wallgen-photos/2"

  /// The folder of the photos' entries, relative to the site's root.
  static let viewerEntryFolder = "viewer"

  /// The site-relative path of the viewer entry of the photo `objectId` in a public build:
  /// `viewer/<xx>/<hex>.js`, where `<hex>` is the objectId's UTF-8 bytes in lower-case hex (a
  /// `/` after every 64 bytes, so that no name is longer than a file system allows) and `<xx>`
  /// the low byte of their 32-bit FNV-1a hash, so that no folder holds more than a 256th.
  ///
  /// Worked out from the objectId alone, so that the viewer finds an entry from the photo's
  /// objectId (`entryPath` in `lightbox.js` follows this rule), and names differ whatever the
  /// file system's case rules.
  package static func viewerEntryPath(of objectId: String) -> String {
    let bytes = Array(objectId.utf8)
    let name = stride(from: 0, to: bytes.count, by: 64).map {
      Hex.encode(bytes[$0..<min($0 + 64, bytes.count)])
    }
    let folder = Hex.encode([UInt8(truncatingIfNeeded: StableHash.fnv1a(objectId))])
    return "\(viewerEntryFolder)/\(folder)/\(name.joined(separator: "/")).js"
  }

  /// Whether the entry of `image` is written once, by its uploader's wall.
  ///
  /// So it is when the uploader has a wall (is no stand-in, `User.seen(by:)`); else each wall
  /// that shows the photo holds its entry in its list (`viewerList(of:)`).
  ///
  /// The uploader's wall shows every photo they uploaded, so each entry has one writer in both
  /// engines: a shard writes the entries of its walls' owners, as it makes their pages.
  func hasOwnEntryFile(_ image: WallImage) -> Bool {
    index.user(image.uploaderID).map { !$0.isStandIn } ?? false
  }

  /// Whether a public wall of `images` has a list (`photos.js`): when it has more than one page,
  /// or a photo whose entry no wall writes (`hasOwnEntryFile`).
  func listsViewerData(of images: [WallImage]) -> Bool {
    sharesViewerEntries
      && (images.count > pageSize || images.contains { !hasOwnEntryFile($0) })
  }

  /// Calls `body` with the path and bytes of the entry of each photo of `feed`'s wall that its
  /// owner uploaded, in wall order.
  ///
  /// An entry is `wallgenPhoto({...});`: the photo's sizes, uploader, date and shown comments,
  /// as a private wall's `photos.js` holds them, with each person's name, link and avatar in
  /// place of a number (paths from a wall's pages, where the viewer runs). A photo that could
  /// not be made has no link that opens it; its entry holds its objectId alone. It is written
  /// all the same, so that which files a site has does not follow which photos came out: a
  /// shard writes its walls from predicted media, and finalize renders the walls whose photos
  /// came out otherwise again, over the same files.
  func forEachViewerEntryFile(
    of feed: Feed, _ body: (String, [UInt8]) throws(BuildError) -> Void
  ) throws(BuildError) {
    // A stand-in has no wall (`hasOwnEntryFile`): every other owner writes their own photos'.
    guard !feed.user.isStandIn else { return }
    for (number, image) in feed.images.enumerated() where image.uploaderID == feed.user.objectId {
      var bytes = Array("wallgenPhoto(".utf8)
      if !appendEmbeddedEntry(of: image, comments: feed.comments[number], to: &bytes) {
        bytes += #"{"id":"#.utf8
        JSONText.appendString(image.objectId, to: &bytes)
        bytes.append(UInt8(ascii: "}"))
      }
      bytes += ");\n".utf8
      try body(Self.viewerEntryPath(of: image.objectId), bytes)
    }
  }

  /// Appends the viewer entry of `image` with its people in place (`forEachViewerEntryFile`);
  /// false, appending nothing, when the photo could not be made.
  private func appendEmbeddedEntry(
    of image: WallImage, comments: [Comment], to output: inout [UInt8]
  ) -> Bool {
    guard let (variants, original) = readyMedia(image) else { return false }
    let root = layout.pageToRoot
    let photo = ViewerPhoto(
      image: image, variants: variants, original: original, comments: comments)
    appendViewerEntry(photo, to: &output) { userID, output in
      guard let user = index.user(userID) else {
        JSONValue.null.append(to: &output)
        return
      }
      // The viewer shows a person's small avatar only.
      let whole = person(user, root: root)
      let shown: TemplateValue = [
        "avatar": ["small": whole["avatar"]?["small"] ?? .null],
        "href": whole["href"] ?? .null, "name": whole["name"] ?? .null,
      ]
      appendJSON(shown, to: &output)
    }
    return true
  }

  /// The bytes of the `photos.js` of `feed`'s wall in a public build, nil when it has none
  /// (`listsViewerData(of:)`): the objectIds of its photos that could be made, in wall order,
  /// when it has more than one page (`ids`), and the entries of its photos that no wall writes
  /// (`entries`, by objectId).
  func viewerList(of feed: Feed) -> [UInt8]? {
    guard feed.listsViewerData else { return nil }
    var bytes = Array("window.wallgenPhotos = {\"entries\":{".utf8)
    var first = true
    for (number, image) in feed.images.enumerated() where !hasOwnEntryFile(image) {
      var entry: [UInt8] = []
      guard appendEmbeddedEntry(of: image, comments: feed.comments[number], to: &entry) else {
        continue
      }
      if !first { bytes.append(UInt8(ascii: ",")) }
      first = false
      JSONText.appendString(image.objectId, to: &bytes)
      bytes.append(UInt8(ascii: ":"))
      bytes += entry
    }
    bytes += #"},"format":"#.utf8
    JSONText.appendString(Self.viewerListFormat, to: &bytes)
    if feed.pageCount > 1 {
      bytes += #","ids":["#.utf8
      first = true
      for image in feed.images where readyMedia(image) != nil {
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
        JSONText.appendString(image.objectId, to: &bytes)
      }
      bytes.append(UInt8(ascii: "]"))
    }
    bytes += "};\n".utf8
    return bytes
  }
}

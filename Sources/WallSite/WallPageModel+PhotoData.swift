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
  /// - Parameters:
  ///   - user: The wall's owner.
  ///   - wall: The wall's images (`WallIndex.wall(for:)`) when the caller has them already.
  package func photoData(of user: User, wall: [WallImage]? = nil) -> JSONValue {
    let wall = wall ?? index.wall(for: user.objectId)
    let root = layout.pageToRoot
    var people: [JSONValue] = []
    var personNumber: [String: Int] = [:]
    func number(of userID: String) -> JSONValue {
      guard let person = index.user(userID) else { return .null }
      if let known = personNumber[userID] { return .integer(Int64(known)) }
      personNumber[userID] = people.count
      people.append(json(self.person(person, root: root)))
      return .integer(Int64(people.count - 1))
    }
    var photos: [JSONValue] = []
    for image in wall {
      guard let (variants, original) = readyMedia(image), let largest = variants.last else {
        continue
      }
      let comments = index.comments(on: image.objectId, visibleTo: user.objectId)
      let shown = comments.suffix(Self.shownCommentLimit)
      var fields: [String: JSONValue] = [
        "id": .string(image.objectId),
        "alt": .string(shownAlt(image)),
        "src": .string(root + largest.path),
        "srcset": .string(Self.srcset(variants, root: root)),
        "width": .integer(Int64(largest.width)), "height": .integer(Int64(largest.height)),
        "by": number(of: image.uploaderID),
        "time": json(time(image.createdAt)),
        "comments": .array(
          shown.map { comment in
            [
              "by": number(of: comment.authorID), "text": .string(comment.text),
              "time": json(time(comment.createdAt)),
            ]
          }),
      ]
      if let original {
        fields["original"] = .string(root + original.path)
        fields["originalWidth"] = .integer(Int64(original.width))
      }
      if case .string(let more) = moreComments(comments.count - shown.count) {
        fields["more"] = .string(more)
      }
      photos.append(.object(fields))
    }
    return [
      "format": .string(Self.photoDataFormat), "people": .array(people),
      "photos": .array(photos),
    ]
  }

  /// `photos.js` of `user`'s wall: its site-relative path and bytes.
  package func photoDataFile(of user: User, wall: [WallImage]? = nil) -> (
    path: String, bytes: [UInt8]
  ) {
    let script = "window.wallgenPhotos = \(photoData(of: user, wall: wall).serialized);\n"
    return (
      layout.wallFile(userID: user.objectId, named: SiteLayout.photoDataFileName),
      Array(script.utf8)
    )
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

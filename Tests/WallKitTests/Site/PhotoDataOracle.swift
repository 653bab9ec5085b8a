import WallJSON
import WallMedia
import WallModel
import WallRender

@testable import WallSite

/// The viewer's data as a `JSONValue`: the second, independent reading of the model that
/// `PhotoDataBytesTests` holds `writePhotoData`'s bytes to (see `photoData(of:wall:)`). It
/// lives with the tests only: the build writes `photos.js` one way, `writePhotoData`.
extension WallPageModel {
  /// The viewer's data of `user`'s wall (`photos.js`) as a JSON value.
  ///
  /// Built apart from `writePhotoData`, which writes the same data straight to bytes, so that
  /// the two read the model independently: `PhotoDataBytesTests` holds the bytes to this value's
  /// `serialized`. A field added to the viewer's data goes in both (`viewerEntry` and
  /// `appendViewerEntry`, `json` and `appendJSON`).
  /// - Parameters:
  ///   - user: The wall's owner.
  ///   - wall: The wall's images (`WallIndex.wall(for:)`) when the caller has them already.
  func photoData(of user: User, wall: [WallImage]? = nil) -> JSONValue {
    let wall = wall ?? index.wall(for: user.objectId)
    let people = viewerPeople(of: user, wall: wall)
    var photos: [JSONValue] = []
    forEachViewerPhoto(of: user, in: wall) { photos.append(viewerEntry($0, people: people)) }
    return [
      "format": .string(Self.photoDataFormat),
      "people": .array(people.order.map { viewerPerson(index.users[Int($0)]) }),
      "photos": .array(photos),
    ]
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
    let shown = Self.shownComments(photo.comments)
    var fields: [String: JSONValue] = [
      "id": .string(image.objectId),
      "alt": .string(shownAlt(image)),
      "src": .string(root + largest.path),
      "srcset": .string(Self.srcset(photo.variants, root: root)),
      "width": .integer(Int64(largest.width)), "height": .integer(Int64(largest.height)),
      "by": people.number(of: personNumber(image.uploaderID)),
      "time": json(time(image.createdAt)),
      "comments": .array(
        shown.map { comment in
          [
            "by": people.number(of: personNumber(comment.authorID)),
            "text": .string(Self.shownText(comment)),
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

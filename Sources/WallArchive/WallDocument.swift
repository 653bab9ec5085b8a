import WallJSON
import WallMedia
import WallModel

/// `wall.json`: a bundle's wall in machine-readable form.
///
/// Every path is relative to the file
/// itself (the bag's `data/` folder); every date is ISO-8601 UTC.
///
/// It holds exactly what the wall's pages show: the wall's images (with their original file
/// names and their files in the bundle), the comments its owner may read, and the names and
/// pictures of the people on it.
struct WallDocument {
  /// The identifier of this document's shape, bumped when it changes incompatibly.
  static let format = "wallgen-wall/1"

  let index: WallIndex
  let catalog: MediaCatalog
  let pageSize: Int

  /// The document of `owner`'s wall.
  /// - Parameter owner: The wall's owner.
  /// - Parameter wall: Their wall's images, in wall order.
  /// - Parameter comments: The comments they may read, by image objectId, oldest first.
  /// - Parameter people: Everyone named on the wall, sorted by objectId.
  /// - Parameter pages: The wall's page files, in order.
  func json(
    owner: User, wall: [WallImage], comments: [String: [Comment]], people: [User], pages: [String]
  ) -> JSONValue {
    let images: [JSONValue] = wall.enumerated().map { position, image in
      var fields: [String: JSONValue] = [
        "objectId": .string(image.objectId),
        "class": .string(image.className),
        "uploader": .string(image.uploaderID),
        "createdAt": .string(ISOFormat.string(image.createdAt)),
        "originalName": image.file.map { .string($0.originalName) } ?? .null,
        "page": .string(pages[min(position / max(1, pageSize), pages.count - 1)]),
        "comments": .array((comments[image.objectId] ?? []).map(comment)),
        "available": false, "variants": [], "original": .null,
      ]
      if let path = image.file?.path,
        case .ready(let variants, let original)? = catalog.images[path]
      {
        fields["available"] = true
        fields["variants"] = .array(variants.map(file))
        fields["original"] = original.map(file) ?? .null
      }
      return .object(fields)
    }
    return [
      "format": .string(Self.format),
      "owner": .string(owner.objectId),
      "people": .array(people.map(person)),
      "pages": .array(pages.map { .string($0) }),
      "images": .array(images),
    ]
  }

  private func comment(_ comment: Comment) -> JSONValue {
    [
      "objectId": .string(comment.objectId),
      "author": .string(comment.authorID),
      "text": .string(comment.text),
      "createdAt": .string(ISOFormat.string(comment.createdAt)),
    ]
  }

  private func person(_ user: User) -> JSONValue {
    let avatar = catalog.avatars[user.objectId]
    return [
      "objectId": .string(user.objectId),
      "name": .string(user.displayName),
      "picture": avatar.map { ["small": .string($0.small), "large": .string($0.large)] } ?? .null,
    ]
  }

  private func file(_ stored: StoredImage) -> JSONValue {
    [
      "path": .string(stored.path), "width": .number(Double(stored.width)),
      "height": .number(Double(stored.height)),
    ]
  }
}

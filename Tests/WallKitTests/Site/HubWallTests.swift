import Testing
import WallKitTestSupport

// `@testable` for `WallPageModel`, `PageWriter` and `MediaLookup`, which only the build's
// stages use.
@testable import WallKit

/// The wall of a user with thousands of friends' photos: its photo grid and viewer data are
/// bigger than `ChangedFileStream.memoryLimit`, so they are written a chunk at a time, and come
/// out as the whole render would.
@Suite(.fullTier) struct HubWallTests {
  static let hub = User(objectId: "hub", username: "hub", displayName: "Hub <&> Owner")
  static let friendCount = 250
  static let photosPerFriend = 16

  static func friend(_ number: Int) -> User {
    User(objectId: "f\(number)", username: "f\(number)", displayName: "Friend \(number)")
  }

  /// The hub's model, and the photos that were made.
  ///
  /// The hub's friends each post `photosPerFriend` photos, one a day; every fifth photo has a
  /// comment by the next friend, every seventh was not made, and one comment is by a user the
  /// export does not hold. Also returns the photos that were made, newest first, with their
  /// uploaders' names.
  static func model() throws -> (WallPageModel, made: [(id: String, by: String)]) {
    let friends = (0..<friendCount).map(friend)
    var images: [String: WallImage] = [:]
    var comments: [String: WallModel.Comment] = [:]
    var catalog = MediaCatalog()
    var day: Int64 = 0
    var made: [(id: String, by: String)] = []
    for (number, friend) in friends.enumerated() {
      for photo in 0..<photosPerFriend {
        let id = "i\(number)-\(photo)"
        day += 1
        images[id] = WallImage(
          objectId: id, className: "WallImage", uploaderID: friend.objectId,
          file: FileReference(path: "files/\(id).jpg", originalName: "\(id).jpg"),
          createdAt: Timestamp(millisecondsSince1970: 1_400_000_000_000 + day * 86_400_000),
          acl: nil)
        let fails = (number * photosPerFriend + photo) % 7 == 0
        if !fails { made.insert((id, friend.displayName), at: 0) }
        catalog.images["files/\(id).jpg"] =
          fails
          ? .failed(reason: "not an image")
          : .ready(
            variants: [
              StoredImage(path: "media/\(id)-w320.jpg", width: 320, height: 240),
              StoredImage(path: "media/\(id)-w640.jpg", width: 640, height: 480),
            ], original: nil)
        if photo % 5 == 0 {
          let author = number == 0 && photo == 0 ? "gone" : "f\((number + 1) % friendCount)"
          comments["c\(id)"] = WallModel.Comment(
            objectId: "c\(id)", className: "WallImageComment", imageID: id, authorID: author,
            text: "nice \"\(id)\" <3",
            createdAt: images[id]?.createdAt ?? .init(millisecondsSince1970: 0),
            acl: nil)
        }
      }
    }
    let users = [hub] + friends
    let dataset = Dataset(
      users: Dictionary(uniqueKeysWithValues: users.map { ($0.objectId, $0) }),
      images: images, comments: comments,
      friends: [hub.objectId: Set(friends.map(\.objectId))])
    // The hub's own (private) wall: a public wall's data is a list of objectIds and an entry
    // file per photo (`ViewerEntryTests`); a private wall's is all of its photos, streamed.
    let index = WallIndex(dataset: dataset, audience: .owner)
    let model = WallPageModel(
      index: index, media: MediaLookup(catalog),
      layout: try SiteLayout(users: index.users, secret: Array("hub".utf8)),
      zone: .utc, pageSize: 20, audience: .owner)
    return (model, made)
  }

  @Test("a hub's grid and viewer data are streamed to disk and equal the whole render")
  func streamedFiles() throws {
    let (model, made) = try Self.model()
    let templates = try ThemeTemplates(Theme.builtIn)
    let folder = try TemporaryDirectory()
    let writer = PageWriter(siteRoot: folder.path, staging: nil, templates: templates)
    let written = try writer.writeWalls(
      of: [Self.hub], model: model, jobs: 1, progress: SilentProgress(), memo: nil)
    let files = try SiteTree.contents(of: folder.path)
    let photoCount = Self.friendCount * Self.photosPerFriend
    #expect(written.paths.count == photoCount / 20 + 2)
    #expect(written.written == written.paths.count)
    #expect(Set(files.keys) == Set(written.paths))

    let grid = model.photoGrid(for: Self.hub)
    let gridBytes = try #require(files[grid.path])
    #expect(gridBytes.count > ChangedFileStream.memoryLimit, "the grid is streamed")
    #expect(gridBytes == (try templates.render("photos", grid.context)))

    // The viewer's data, read independently: every photo that was made, in wall order, each
    // naming its uploader through the people list.
    let dataPath = model.photoDataPath(of: Self.hub)
    let script = try #require(files[dataPath])
    #expect(script.count > ChangedFileStream.memoryLimit, "the viewer's data is streamed")
    let prefix = Array("window.wallgenPhotos = ".utf8)
    #expect(Array(script.prefix(prefix.count)) == prefix)
    #expect(Array(script.suffix(2)) == Array(";\n".utf8))
    let data = try JSONReader.parse(Array(script.dropFirst(prefix.count).dropLast(2)))
    #expect(data == model.photoData(of: Self.hub))
    let people = try #require(data["people"]?.arrayValue).map { $0["name"]?.stringValue }
    #expect(Set(people).count == people.count, "each person once")
    let photos = try #require(data["photos"]?.arrayValue)
    #expect(photos.count == made.count)
    for (photo, image) in zip(photos, made) {
      #expect(photo["id"]?.stringValue == image.id)
      let by = try #require(photo["by"]?.integerValue)
      #expect(people[Int(by)] == image.by)
    }

    // Built again, nothing changes, and nothing is rewritten.
    let before = try SiteTree.versions(of: folder.path)
    let again = try writer.writeWalls(
      of: [Self.hub], model: model, jobs: 1, progress: SilentProgress(), memo: nil)
    #expect(again.written == 0)
    #expect(try SiteTree.versions(of: folder.path) == before)
  }
}

import WallJSON
import WallMedia
import WallModel
import WallRender
import WallSite
import WallSupport

/// The payload of one user's bundle, before it is written: every file under the bag's `data/`
/// folder and where its bytes come from.
struct BundlePlan: Sendable {
  /// Where a payload file's bytes come from.
  enum Source: Sendable, Equatable {
    /// Made for this bundle (pages, `wall.json`, assets).
    case bytes([UInt8])
    /// A file of the media cache, copied bit for bit (streamed, never held whole by the plan).
    case file(String)
  }

  /// One payload file.
  struct File: Sendable, Equatable {
    /// Path relative to `data/`.
    var path: String
    var source: Source
  }

  /// One of the owner's own photos in `photoArchive`.
  struct Photo: Sendable, Equatable {
    /// The entry's name in the zip (`2014-01-01_000500_imgAnn.png`).
    var name: String
    /// The original file in the media cache.
    var source: String
  }

  /// The files, sorted by path.
  var files: [File]
  /// The newest `createdAt` of what the bundle shows, if it shows anything.
  var newest: Timestamp?
  /// The originals of the photos the owner uploaded to their wall, for `photoArchive`
  /// (sorted by name); none means no such file and no link to it.
  var photos: [Photo] = []

  /// The zip of the owner's own photos under `data/`, which the wall's pages link to
  /// ("Download all my photos").
  static let photoArchive = "my-photos.zip"
}

/// Plans bundles: renders a user's wall with the bundle layout (pages at the root, no link to
/// any other wall or to a site index) and picks the media it shows, and nothing else.
struct BundlePlanner: Sendable {
  let index: WallIndex
  let catalog: MediaCatalog
  let templates: ThemeTemplates
  let assets: [String: [UInt8]]
  let zone: DisplayTimeZone
  /// The language of texts and dates.
  let language: SiteLanguage
  let pageSize: Int
  /// The media cache's root; catalog paths are relative to it.
  let mediaRoot: String

  /// The plan of `user`'s bundle.
  /// - Throws: `TemplateError` naming the theme's file, when a page cannot be rendered.
  func plan(for user: User) throws(TemplateError) -> BundlePlan {
    // Read by its owner: no link to any other wall or to an index.
    let model = WallPageModel(
      index: index, media: MediaLookup(catalog), layout: .bundle(userID: user.objectId),
      zone: zone, language: language, pageSize: pageSize, audience: .owner)
    let wall = index.contents(ofWallOf: user)
    let rendered = model.pages(for: user, wall: wall.images)
    let photos = ownPhotos(of: user, on: wall.images)
    var files: [String: BundlePlan.Source] = [:]
    for page in rendered.pages {
      var context = page.context
      if case .object(var fields) = context, !photos.isEmpty {
        fields["download"] = model.downloadLink(href: BundlePlan.photoArchive, count: photos.count)
        context = .object(fields)
      }
      files[page.path] = .bytes(try templates.render("wall", context))
    }
    let grid = model.photoGrid(for: user, wall: wall.images)
    files[grid.path] = .bytes(try templates.render("photos", grid.context))
    let viewerData = model.photoDataFile(of: user, wall: wall.images)
    files[viewerData.path] = .bytes(viewerData.bytes)
    for (path, bytes) in assets { files["assets/\(path)"] = .bytes(bytes) }

    for image in wall.images {
      if let path = image.file?.path,
        case .ready(let variants, let original)? = catalog.images[path]
      {
        let paths = (variants + (original.map { [$0] } ?? [])).map(\.path)
        for path in paths + variants.compactMap(\.webp) {
          files[path] = .file("\(mediaRoot)/\(path)")
        }
      }
    }
    for person in wall.people {
      if let avatar = catalog.avatars[person.objectId] {
        for path in [avatar.small, avatar.large] { files[path] = .file("\(mediaRoot)/\(path)") }
      }
    }
    let document = WallDocument(index: index, catalog: catalog, pageSize: pageSize).json(
      owner: user, wall: wall.images, comments: wall.comments, people: wall.people,
      pages: rendered.pages.map(\.path))
    files["wall.json"] = .bytes(Array((document.serialized + "\n").utf8))
    return BundlePlan(
      files: files.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map {
        BundlePlan.File(path: $0.key, source: $0.value)
      },
      newest: wall.newest, photos: photos)
  }

  /// The originals of the photos `user` uploaded among `images`, named by date (UTC) and
  /// objectId so that they sort by time and never clash (`2014-01-01_000500_imgAnn.png`).
  func ownPhotos(of user: User, on images: [WallImage]) -> [BundlePlan.Photo] {
    var photos: [BundlePlan.Photo] = []
    for image in images where image.uploaderID == user.objectId {
      guard let path = image.file?.path,
        case .ready(_, let original?)? = catalog.images[path]
      else { continue }
      let stamp = ISOFormat.string(image.createdAt)  // 2014-01-01T00:05:00.000Z
      let date = stamp.prefix(10) + "_" + stamp.dropFirst(11).prefix(8).filter { $0 != ":" }
      let id =
        BundleName.safe(image.objectId, lowercased: false, limit: 32)
        ?? SiteLayout.hashedFolderName(image.objectId)
      let fileExtension = original.path.split(separator: ".").last.map { ".\($0)" } ?? ""
      photos.append(
        BundlePlan.Photo(
          name: "\(date)_\(id)\(fileExtension)", source: "\(mediaRoot)/\(original.path)"))
    }
    return photos.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
  }
}

import Foundation
import Testing
import WallKitTestSupport

// `@testable` for `WallPageModel`'s feed and viewer data, which only the build's stages use.
@testable import WallKit
@testable import WallSite

/// A public build's viewer data: each photo's entry written once for the site
/// (`viewer/<xx>/<hex>.js`), by the wall of its uploader; a wall's `photos.js` only where it has
/// more than one page or a photo whose uploader has no wall.
@Suite struct ViewerEntryTests {
  typealias Fixture = PhotoViewTests

  /// The entry's JSON inside `wallgenPhoto(...);`.
  static func entry(_ bytes: [UInt8]) throws -> JSONValue {
    let text = String(decoding: bytes, as: UTF8.self)
    try #require(text.hasPrefix("wallgenPhoto(") && text.hasSuffix(");\n"), "\(text)")
    return try JSONReader.parse(Array(bytes.dropFirst(13).dropLast(3)))
  }

  /// The script `window.wallgenPhotos = {...};` as JSON.
  static func list(_ bytes: [UInt8]) throws -> JSONValue {
    let prefix = "window.wallgenPhotos = "
    let text = String(decoding: bytes, as: UTF8.self)
    try #require(text.hasPrefix(prefix) && text.hasSuffix(";\n"), "\(text)")
    return try JSONReader.parse(Array(bytes.dropFirst(prefix.utf8.count).dropLast(2)))
  }

  /// Each entry file `user`'s wall writes, by path.
  static func entryFiles(of user: User, in model: WallPageModel) throws -> [String: [UInt8]] {
    var files: [String: [UInt8]] = [:]
    try model.forEachViewerEntryFile(of: model.feed(for: user)) { path, bytes in
      files[path] = bytes
    }
    return files
  }

  @Test(
    "an entry's path is the objectId's bytes in hex, in the folder of their FNV-1a hash's low byte")
  func path() {
    // The published FNV-1a (32-bit) values: "a" 0xe40c292c, "foobar" 0xbf9cf968.
    #expect(WallPageModel.viewerEntryPath(of: "a") == "viewer/2c/61.js")
    #expect(WallPageModel.viewerEntryPath(of: "foobar") == "viewer/68/666f6f626172.js")
    // Names that differ only in case stay apart on a file system that ignores case.
    #expect(
      WallPageModel.viewerEntryPath(of: "Ab").lowercased()
        != WallPageModel.viewerEntryPath(of: "aB").lowercased())
    // A "/" after every 64 bytes: no name is longer than 128 characters and ".js".
    let long = WallPageModel.viewerEntryPath(of: String(repeating: "x", count: 130))
    let parts = long.split(separator: "/").map(String.init)
    #expect(parts.count == 5)
    #expect(parts.dropFirst(2).map(\.count) == [128, 128, 7])
    #expect(parts[2] == String(repeating: "78", count: 64))
  }

  @Test("a photo's entry is written by its uploader's wall only, with its people in place")
  func writtenByTheUploader() throws {
    let model = try Fixture.model(.anyone)
    // Ann shows Bob's photo but uploaded none.
    #expect(try Self.entryFiles(of: Fixture.ann, in: model).isEmpty)
    // Cy's only photo could not be made: its entry names it alone (no page opens it).
    let cys = try Self.entryFiles(of: Fixture.cy, in: model)
    #expect(Array(cys.keys) == [WallPageModel.viewerEntryPath(of: "broken")])
    #expect(try Self.entry(try #require(cys.values.first)) == ["id": "broken"])
    let bobs = try Self.entryFiles(of: Fixture.bob, in: model)
    #expect(Array(bobs.keys) == [WallPageModel.viewerEntryPath(of: "pub")])
    let entry = try Self.entry(try #require(bobs.values.first))
    #expect(entry["id"]?.stringValue == "pub")
    #expect(entry["by"]?["name"]?.stringValue == "Bob")
    #expect(entry["by"]?["href"]?.stringValue == "../bob1/index.html")
    #expect(entry["original"]?.stringValue == "../../media/pub.jpg")
    let comments = try #require(entry["comments"]?.arrayValue)
    // Only the public comment, its author's name in place.
    #expect(comments.map { $0["text"]?.stringValue } == ["a public comment"])
    #expect(comments.map { $0["by"]?["name"]?.stringValue } == ["Cy"])
    let text = String(decoding: try #require(bobs.values.first), as: UTF8.self)
    for hidden in ["only Bob", "only Ann", "forAnn", "forBob"] {
      #expect(!text.contains(hidden), "the public entry holds \(hidden)")
    }
  }

  @Test("a wall of one page has no list; one of more pages lists its photos that could be made")
  func lists() throws {
    let onePage = try Fixture.model(.anyone, pageSize: 2)
    // Ann's wall: Bob's photo and Cy's broken one.
    #expect(onePage.viewerList(of: onePage.feed(for: Fixture.ann)) == nil)
    let single = onePage.page(1, of: onePage.feed(for: Fixture.ann)).context
    #expect((single["photosData"] ?? .null) == .null)
    #expect(single["photoEntries"] == .string("../../viewer/"))
    let paged = try Fixture.model(.anyone, pageSize: 1)
    let feed = paged.feed(for: Fixture.ann)
    let list = try Self.list(try #require(paged.viewerList(of: feed)))
    #expect(list["format"]?.stringValue == "wallgen-photos/2")
    #expect(list["ids"]?.arrayValue?.map(\.stringValue) == ["pub"])
    #expect(list["entries"]?.objectValue?.isEmpty == true)
    let page = paged.page(1, of: feed).context
    #expect(page["photosData"] == .string("photos.js"))
    #expect(page["photoEntries"] == .string("../../viewer/"))
  }

  @Test("a photo whose uploader has no wall has its entry in each list that shows it, no file")
  func standInUploader() throws {
    var dataset = Fixture.dataset()
    // Bob's row may not be read by anyone: he is a stand-in, with no wall.
    dataset.users[Fixture.bob.objectId] = User(
      objectId: "bob1", username: "bob", displayName: "Bob", isPublic: false)
    let model = try Fixture.model(.anyone, dataset: dataset, pageSize: 5)
    let bob = try #require(model.index.user("bob1"))
    #expect(bob.isStandIn)
    #expect(try Self.entryFiles(of: bob, in: model).isEmpty)
    let list = try Self.list(try #require(model.viewerList(of: model.feed(for: Fixture.ann))))
    #expect(list["ids"] == nil, "one page needs no ids")
    let entry = try #require(list["entries"]?["pub"])
    #expect(entry["by"]?["href"] == nil, "a stand-in's entry links no wall")
    #expect(entry["by"]?["name"]?.stringValue != "Bob")
  }

  @Test("a private wall keeps its own photos.js and names no shared entry")
  func privateWalls() throws {
    let model = try Fixture.model(.owner, pageSize: 1)
    #expect(!model.sharesViewerEntries)
    let page = model.page(1, of: model.feed(for: Fixture.ann)).context
    #expect(page["photosData"] == .string("photos.js"))
    #expect((page["photoEntries"] ?? .null) == .null)
    let grid = model.photoGrid(for: Fixture.ann).context
    #expect(grid["photosData"] == .string("photos.js"))
    #expect((grid["photoEntries"] ?? .null) == .null)
  }
}

/// The same on a built site: every photo its pages link has one source of details.
@Suite(.fullTier) struct ViewerEntryBuildTests {
  @Test(
    "every photo a public site's pages link has its entry file or its wall's list entry, and every entry file is of a photo shown"
  )
  func builtSite() throws {
    let folder = try TemporaryDirectory("viewer-entries")
    try EverythingExport.write(to: folder.url("export"))
    var settings = SiteBuilder.Settings(export: folder.url("export"), output: folder.url("site"))
    settings.pipeline.pageSize = 2
    _ = try SiteBuilder(settings: settings).build()
    let site = folder.url("site")
    let files = SiteTree.files(in: site)
    var shown: Set<String> = []
    var listed: Set<String> = []
    for file in files where file.hasPrefix("walls/") {
      let text = String(
        decoding: try FileSystem.readFile("\(site)/\(file)", limit: 1 << 26), as: UTF8.self)
      if file.hasSuffix("/photos.js") {
        let list = try ViewerEntryTests.list(Array(text.utf8))
        listed.formUnion(list["entries"]?.objectValue?.keys.map { $0 } ?? [])
        continue
      }
      for part in text.components(separatedBy: #"data-lightbox data-photo-id=""#).dropFirst() {
        shown.insert(String(part.prefix { $0 != "\"" }))
      }
    }
    let entryFiles = Set(files.filter { $0.hasPrefix("viewer/") })
    #expect(!shown.isEmpty && !entryFiles.isEmpty)
    for id in shown {
      let path = WallPageModel.viewerEntryPath(of: id)
      #expect(
        entryFiles.contains(path) != listed.contains(id),
        "photo \(id): entry file \(entryFiles.contains(path)), in a list \(listed.contains(id))")
      if entryFiles.contains(path) {
        let entry = try ViewerEntryTests.entry(
          try FileSystem.readFile("\(site)/\(path)", limit: 1 << 24))
        #expect(entry["id"]?.stringValue == id)
      }
    }
    // Besides, an entry file for each photo that could not be made (its objectId alone).
    for path in entryFiles.subtracting(shown.map(WallPageModel.viewerEntryPath(of:))) {
      let entry = try ViewerEntryTests.entry(
        try FileSystem.readFile("\(site)/\(path)", limit: 1 << 24))
      #expect(entry.objectValue?.keys.sorted() == ["id"], "\(path) is of no photo shown")
    }
  }
}

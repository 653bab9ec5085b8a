import Testing

// `@testable` for `WallPageModel` and `MediaLookup`, which only the build's stages use.
@testable import WallKit

/// The wall's photo grid (`photos.html`) and the viewer's data (`photos.js`): grouped by year and
/// month newest first, and holding only what the wall shows to its audience.
@Suite struct PhotoViewTests {
  static let ann = User(objectId: "ann1", username: "ann", displayName: "Ann")
  static let bob = User(objectId: "bob1", username: "bob", displayName: "Bob")
  static let cy = User(objectId: "cy1", username: "cy", displayName: "Cy")
  static let dee = User(objectId: "dee1", username: "dee", displayName: "Dee")

  static func at(_ iso: String) -> Timestamp {
    Timestamp(iso8601: iso) ?? Timestamp(millisecondsSince1970: 0)
  }

  static func image(
    _ id: String, by uploader: User, _ iso: String, acl: AccessControl? = nil
  ) -> WallImage {
    WallImage(
      objectId: id, className: "WallImage", uploaderID: uploader.objectId,
      file: FileReference(path: "files/\(id).jpg", originalName: "\(id).jpg"),
      createdAt: at(iso), acl: acl)
  }

  static func comment(
    _ id: String, on image: String, by author: User, _ text: String,
    acl: AccessControl? = nil
  ) -> WallModel.Comment {
    WallModel.Comment(
      objectId: id, className: "WallImageComment", imageID: image, authorID: author.objectId,
      text: text, createdAt: at("2014-08-01T10:00:00.000Z"), acl: acl)
  }

  /// Ann's friends are Bob and Cy; Dee is no one's friend.
  ///
  /// Bob posts a public photo with a
  /// public comment, a comment only Bob may read and one only Ann may read; a photo only Ann may
  /// see, one only Bob may see, and one that could not be made; Dee posts a public photo.
  static func dataset() -> Dataset {
    let onlyAnn = AccessControl(users: [ann.objectId])
    let onlyBob = AccessControl(users: [bob.objectId])
    let images = [
      image("pub", by: bob, "2014-07-04T20:40:00.000Z"),
      image("forAnn", by: bob, "2014-06-01T10:00:00.000Z", acl: onlyAnn),
      image("forBob", by: bob, "2014-05-01T10:00:00.000Z", acl: onlyBob),
      image("broken", by: cy, "2013-01-01T10:00:00.000Z"),
      image("dees", by: dee, "2014-07-05T10:00:00.000Z"),
    ]
    let comments = [
      comment("c1", on: "pub", by: cy, "a public comment"),
      comment("c2", on: "pub", by: bob, "only Bob reads this", acl: onlyBob),
      comment("c3", on: "pub", by: bob, "only Ann reads this", acl: onlyAnn),
    ]
    return Dataset(
      users: Dictionary(uniqueKeysWithValues: [ann, bob, cy, dee].map { ($0.objectId, $0) }),
      images: Dictionary(uniqueKeysWithValues: images.map { ($0.objectId, $0) }),
      comments: Dictionary(uniqueKeysWithValues: comments.map { ($0.objectId, $0) }),
      friends: [ann.objectId: [bob.objectId, cy.objectId], bob.objectId: [ann.objectId]])
  }

  /// Every photo made, except `broken`'s.
  static func catalog() -> MediaCatalog {
    var catalog = MediaCatalog()
    for id in ["pub", "forAnn", "forBob", "dees"] {
      catalog.images["files/\(id).jpg"] = .ready(
        variants: [
          StoredImage(path: "media/\(id)-w320.jpg", width: 320, height: 240),
          StoredImage(path: "media/\(id)-w640.jpg", width: 640, height: 480),
        ],
        original: id == "pub" ? StoredImage(path: "media/pub.jpg", width: 900, height: 675) : nil)
    }
    catalog.images["files/broken.jpg"] = .failed(reason: "not an image")
    return catalog
  }

  static func model(
    _ audience: Audience, dataset: Dataset = dataset(), zone: DisplayTimeZone = .utc,
    catalog: MediaCatalog = catalog(), pageSize: Int = 2
  ) throws -> WallPageModel {
    let index = WallIndex(dataset: dataset, audience: audience)
    let layout =
      audience == .anyone
      ? try SiteLayout(users: index.users)
      : try SiteLayout(users: index.users, secret: Array("secret".utf8))
    return WallPageModel(
      index: index, media: MediaLookup(catalog), layout: layout, zone: zone,
      pageSize: pageSize, audience: audience)
  }

  /// The viewer's data of Ann's wall, and the script's text.
  static func data(_ audience: Audience) throws -> (data: JSONValue, script: String) {
    let model = try model(audience)
    let file = model.photoDataFile(of: ann)
    return (model.photoData(of: ann), String(decoding: file.bytes, as: UTF8.self))
  }

  @Test(
    "the grid groups photos by year and month, months newest first, each newest first, ties by objectId"
  )
  func grouping() throws {
    let photos = [
      Self.image("b", by: Self.bob, "2014-07-04T20:40:00.000Z"),
      Self.image("old", by: Self.bob, "2012-05-01T10:00:00.000Z"),
      Self.image("a", by: Self.bob, "2014-07-04T20:40:00.000Z"),
      Self.image("march", by: Self.bob, "2014-03-01T09:00:00.000Z"),
      Self.image("early", by: Self.bob, "2014-07-01T00:00:00.000Z"),
      Self.image("dec", by: Self.bob, "2013-12-31T23:59:59.999Z"),
    ]
    let model = try Self.model(.anyone)
    let months = model.photoMonths(of: photos)
    #expect(months.map { "\($0.year)-\($0.month)" } == ["2014-7", "2014-3", "2013-12", "2012-5"])
    #expect(
      months.map { $0.images.map(\.objectId) } == [
        ["a", "b", "early"], ["march"], ["dec"], ["old"],
      ])
    #expect(model.photoMonths(of: []).isEmpty)
  }

  @Test("months are those of the display time zone")
  func groupingInZone() throws {
    let photos = [
      Self.image("newYear", by: Self.bob, "2013-12-31T23:30:00.000Z"),
      Self.image("lastDay", by: Self.bob, "2014-07-31T21:59:00.000Z"),
      Self.image("august", by: Self.bob, "2014-07-31T22:00:00.000Z"),
    ]
    let model = try Self.model(.anyone, zone: try DisplayTimeZone("+02:00"))
    #expect(
      model.photoMonths(of: photos).map { "\($0.year)-\($0.month)" } == [
        "2014-8", "2014-7", "2014-1",
      ])
  }

  @Test("month headings are the month and year in the site's language, newest first")
  func headings() throws {
    func headings(_ model: WallPageModel) throws -> [TemplateValue?] {
      let grid = model.photoGrid(for: Self.ann)
      guard case .array(let months)? = grid.context["months"] else {
        throw PhotoGridError(context: grid.context)
      }
      return months.map { $0["heading"] }
    }
    #expect(
      try headings(Self.model(.owner)) == [
        .string("July 2014"), .string("June 2014"), .string("January 2013"),
      ])
    let index = WallIndex(dataset: Self.dataset(), audience: .owner)
    let french = WallPageModel(
      index: index, media: MediaLookup(Self.catalog()),
      layout: try SiteLayout(users: index.users, secret: Array("secret".utf8)), zone: .utc,
      language: SiteLanguage(try UIStrings(language: "fr", theme: .builtIn)), pageSize: 2,
      audience: .owner)
    #expect(
      try headings(french) == [
        .string("juillet 2014"), .string("juin 2014"), .string("janvier 2013"),
      ])
    #expect(french.photoGrid(for: Self.ann).context["title"] == .string("Photos sur le mur de Ann"))
  }

  @Test(
    "the grid sits beside the wall's pages; its tiles link the largest size and the broken photo is a placeholder"
  )
  func gridPage() throws {
    let grid = try Self.model(.anyone).photoGrid(for: Self.ann)
    #expect(grid.path == "walls/ann1/photos.html")
    guard case .array(let months)? = grid.context["months"], months.count == 2,
      case .array(let july)? = months[0]["photos"], case .array(let january)? = months[1]["photos"]
    else {
      Issue.record("two months: \(grid.context)")
      return
    }
    #expect(july.map { $0["objectId"] } == [.string("pub")])
    #expect(july[0]["photo"]?["full"] == .string("../../media/pub-w640.jpg"))
    #expect(july[0]["photo"]?["original"]?["src"] == .string("../../media/pub.jpg"))
    #expect(january[0]["photo"] == .null)
    #expect(grid.context["tabs"]?["items"] != nil)
    // A public grid shows every photo of the wall: it needs no list of them.
    #expect(grid.context["photosData"] == .null)
    #expect(grid.context["photoEntries"] == .string("../../viewer/"))
    let bundle = WallPageModel(
      index: WallIndex(dataset: Self.dataset(), audience: .owner),
      media: MediaLookup(Self.catalog()),
      layout: .bundle(userID: Self.ann.objectId), zone: .utc, pageSize: 2, audience: .owner)
    #expect(bundle.photoGrid(for: Self.ann).path == "photos.html")
    #expect(bundle.photoDataFile(of: Self.ann).path == "photos.js")
  }

  @Test(
    "a wall's full viewer data, made from a public model, holds its public photos that could be made and their public comments, nothing else"
  )
  func publicData() throws {
    let (data, script) = try Self.data(.anyone)
    #expect(script.hasPrefix("window.wallgenPhotos = {"))
    #expect(script.hasSuffix("};\n"))
    let photos = try #require(data["photos"]?.arrayValue)
    #expect(photos.map { $0["id"]?.stringValue } == ["pub"])
    let comments = try #require(photos.first?["comments"]?.arrayValue)
    #expect(comments.map { $0["text"]?.stringValue } == ["a public comment"])
    for hidden in ["forAnn", "forBob", "dees", "broken", "only Bob", "only Ann", "Dee"] {
      #expect(!script.contains(hidden), "the public data names \(hidden)")
    }
    let people = try #require(data["people"]?.arrayValue)
    #expect(people.map { $0["name"]?.stringValue } == ["Bob", "Cy"])
    #expect(people.first?["href"]?.stringValue == "../bob1/index.html")
    #expect(photos.first?["src"]?.stringValue == "../../media/pub-w640.jpg")
    #expect(photos.first?["original"]?.stringValue == "../../media/pub.jpg")
    #expect(photos.first?["time"]?["iso"]?.stringValue == "2014-07-04T20:40:00.000Z")
  }

  @Test(
    "a private wall's data holds what its owner may read, links no wall, and lives in the wall's secret folder"
  )
  func privateData() throws {
    let model = try Self.model(.owner)
    let file = model.photoDataFile(of: Self.ann)
    let token = SiteLayout.privateToken(secret: Array("secret".utf8), userID: Self.ann.objectId)
    #expect(file.path == "walls/\(token)/photos.js")
    let (data, script) = try Self.data(.owner)
    let photos = try #require(data["photos"]?.arrayValue)
    #expect(photos.map { $0["id"]?.stringValue } == ["pub", "forAnn"])
    let comments = try #require(photos.first?["comments"]?.arrayValue)
    #expect(
      comments.map { $0["text"]?.stringValue } == ["a public comment", "only Ann reads this"])
    for hidden in ["forBob", "dees", "only Bob", "Dee", "walls/", "href"] {
      #expect(!script.contains(hidden), "Ann's private data holds \(hidden)")
    }
    // Bob's wall, from the same model: his own photo, not Ann's.
    let bobs = model.photoData(of: Self.bob)["photos"]?.arrayValue?.map { $0["id"]?.stringValue }
    #expect(bobs == ["pub", "forBob"])
  }

  @Test("a wall without photos has an empty grid and empty data")
  func emptyWall() throws {
    let model = try Self.model(.anyone)
    #expect(model.photoData(of: Self.dee)["photos"]?.arrayValue?.count == 1)
    let lonely = User(objectId: "zed1", username: "zed", displayName: "Zed")
    var dataset = Self.dataset()
    dataset.users[lonely.objectId] = lonely
    let withZed = try Self.model(.anyone, dataset: dataset)
    #expect(withZed.photoData(of: lonely)["photos"]?.arrayValue?.isEmpty == true)
    let grid = withZed.photoGrid(for: lonely)
    #expect(grid.context["hasImages"] == .bool(false))
  }
}

/// A grid page whose data has no list of months.
struct PhotoGridError: Error, CustomStringConvertible {
  var context: TemplateValue
  var description: String { "the grid's data has no months: \(context)" }
}

import Testing

// `@testable` for `WallPageModel` and `MediaLookup`, which only the build's stages use.
@testable import WallKit

/// `photos.js`, written straight to bytes, is the serialized JSON of `photoData`.
///
/// `writePhotoData` writes the bytes; `photoData` builds the same data as a `JSONValue`. The two
/// must give the same bytes, escapes, nulls and left-out members included.
@Suite struct PhotoDataBytesTests {
  typealias Fixture = PhotoViewTests

  /// The fixture of `PhotoViewTests`, and on its public photo: 60 more comments (more than
  /// a card shows), texts and a name that need escapes, a comment by someone the export
  /// does not know, and a newest one only Ann may read.
  static func dataset() -> Dataset {
    var dataset = Fixture.dataset()
    let texts = [
      "quote \" and \\", "<script>&amp;</script>", "line\u{2028}para\u{2029}", "tab\t\u{1}",
    ]
    for number in 0..<60 {
      let comment = Fixture.comment(
        "m\(number)", on: "pub", by: number.isMultiple(of: 2) ? Fixture.cy : Fixture.ann,
        "\(texts[number % texts.count]) #\(number)")
      dataset.comments[comment.objectId] = comment
    }
    let stranger = WallModel.Comment(
      objectId: "ghost", className: "WallImageComment", imageID: "pub", authorID: "nobody",
      text: "from a deleted account", createdAt: Fixture.at("2015-01-01T00:00:00.000Z"),
      acl: nil)
    dataset.comments[stranger.objectId] = stranger
    // The newest comment, which only Ann may read: her wall and Bob's show different comments.
    let late = WallModel.Comment(
      objectId: "late", className: "WallImageComment", imageID: "pub",
      authorID: Fixture.bob.objectId, text: "for Ann, late",
      createdAt: Fixture.at("2016-01-01T00:00:00.000Z"),
      acl: AccessControl(users: [Fixture.ann.objectId]))
    dataset.comments[late.objectId] = late
    dataset.users[Fixture.cy.objectId]?.displayName = "Cy \"the <b>bold</b>\" & co"
    return dataset
  }

  @Test(
    "the bytes of photos.js are the serialized JSON of its data, for every wall and audience",
    arguments: [Audience.anyone, .owner])
  func bytesMatchTheValue(_ audience: Audience) throws {
    let model = try Fixture.model(audience, dataset: Self.dataset())
    for user in [Fixture.ann, Fixture.bob, Fixture.cy, Fixture.dee] {
      let file = model.photoDataFile(of: user)
      let expected = "window.wallgenPhotos = " + model.photoData(of: user).serialized + ";\n"
      #expect(String(decoding: file.bytes, as: UTF8.self) == expected, "\(user.objectId)")
    }
    // The fixture reaches what the writer has to get right.
    let script = String(decoding: model.photoDataFile(of: Fixture.ann).bytes, as: UTF8.self)
    for needed in ["\"more\":", "\"by\":null", "\\u2028", "\\u003c", "\\\"", "\"original\":"] {
      #expect(script.contains(needed), "Ann's data has \(needed)")
    }
  }

  @Test("a large wall's data comes in pieces of about photoDataChunk bytes")
  func pieces() throws {
    var dataset = Self.dataset()
    var catalog = Fixture.catalog()
    for number in 0..<400 {
      let image = Fixture.image(
        "many\(number)", by: Fixture.bob, "2014-01-01T00:00:00.000Z")
      dataset.images[image.objectId] = image
      catalog.images["files/many\(number).jpg"] = catalog.images["files/pub.jpg"]
    }
    let model = try Fixture.model(.anyone, dataset: dataset, catalog: catalog)
    var pieces: [[UInt8]] = []
    model.writePhotoData(of: model.feed(for: Fixture.ann)) { pieces.append($0) }
    #expect(pieces.count > 1)
    #expect(pieces.dropLast().allSatisfy { $0.count >= WallPageModel.photoDataChunk })
    #expect(pieces.allSatisfy { $0.count < WallPageModel.photoDataChunk + 16_384 })
    #expect(Array(pieces.joined()) == model.photoDataFile(of: Fixture.ann).bytes)
  }

  @Test(
    "viewer data made once for every wall gives each wall the same bytes, whatever part fits",
    arguments: [Audience.anyone, .owner], [0, 1_500, 1 << 20])
  func sharedEntries(_ audience: Audience, budget: Int) throws {
    let model = try Fixture.model(audience, dataset: Self.dataset())
    var everything = model
    everything.shareViewerData(budget: 1 << 20)
    let all = everything.sharedViewerData
    #expect(all.people == 4 && all.photos >= 2, "\(all)")
    var shared = model
    shared.shareViewerData(budget: budget)
    let made = shared.sharedViewerData.people + shared.sharedViewerData.photos
    switch budget {
    case 0: #expect(made == 0)
    case 1_500: #expect(made > 0 && made < all.people + all.photos, "only part fits")
    default: #expect(made == all.people + all.photos)
    }
    for user in [Fixture.ann, Fixture.bob, Fixture.cy, Fixture.dee] {
      let bytes = String(decoding: shared.photoDataFile(of: user).bytes, as: UTF8.self)
      let expected = String(decoding: model.photoDataFile(of: user).bytes, as: UTF8.self)
      #expect(bytes == expected, "\(user.objectId)")
    }
  }

  @Test(
    "a build's model (cached) writes the viewer data the plain model does",
    arguments: [
      Audience.anyone, .owner,
    ])
  func cachedModel(_ audience: Audience) throws {
    let model = try Fixture.model(audience, dataset: Self.dataset())
    let cached = model.cached()
    // A public build writes each photo's entry once, from its uploader's wall
    // (`ViewerEntryTests`): its model makes no entries for walls to copy.
    #expect((cached.sharedViewerData.photos > 0) == (audience == .owner))
    for user in [Fixture.ann, Fixture.bob, Fixture.cy, Fixture.dee] {
      #expect(cached.photoDataFile(of: user).bytes == model.photoDataFile(of: user).bytes)
    }
  }

  @Test(
    "the feed's comments, found once for the wall, give the viewer data and pages the lookups do",
    arguments: [Audience.anyone, .owner])
  func feedComments(_ audience: Audience) throws {
    let model = try Fixture.model(audience, dataset: Self.dataset())
    let index = WallIndex(dataset: Self.dataset(), audience: audience)
    var restricted = 0
    for user in [Fixture.ann, Fixture.bob, Fixture.cy, Fixture.dee] {
      let feed = model.feed(for: user)
      let byLookup = feed.images.map {
        index.comments(on: $0.objectId, visibleTo: user.objectId)
      }
      #expect(feed.comments == byLookup, "\(user.objectId)")
      #expect(
        index.comments(on: feed.images, visibleTo: user.objectId) == byLookup,
        "\(user.objectId)")
      restricted +=
        zip(feed.images, byLookup).filter {
          $1.count < index.allComments(on: $0.objectId).count
        }.count
      // The wall's own images, their comments looked up again: the same bytes.
      #expect(
        model.photoDataFile(of: user, wall: feed.images).bytes
          == model.photoDataFile(of: user).bytes, "\(user.objectId)")
    }
    // In a private build some wall reads fewer comments than an image has (a public build
    // leaves out every comment not everyone may read), so the readings could differ there.
    #expect((restricted > 0) == (audience == .owner))
  }

  @Test(
    "a feed lists each image's place in the index, and a build's model finds its cards, tiles and viewer entries by it",
    arguments: [Audience.anyone, .owner])
  func feedPositions(_ audience: Audience) throws {
    let plain = try Fixture.model(audience, dataset: Self.dataset())
    let cached = plain.cached()
    let index = WallIndex(dataset: Self.dataset(), audience: audience)
    var shown = 0
    for user in [Fixture.ann, Fixture.bob, Fixture.cy, Fixture.dee] {
      let feed = cached.feed(for: user)
      #expect(
        feed.positions == feed.images.map { Int32(index.position(ofImage: $0.objectId) ?? -9) })
      #expect(index.positions(of: feed.images) == feed.positions)
      shown += feed.images.count
      // With the places and without them (found by objectId), the same grid and viewer data.
      let byPlace = cached.photoGrid(
        for: user, wall: feed.images, positions: feed.positions, standIns: true)
      let byLookup = cached.photoGrid(for: user, wall: feed.images, standIns: true)
      #expect(byPlace.context == byLookup.context, "\(user.objectId)")
      // The viewer data from the entries found by place, as the plain model makes it.
      var bytes: [UInt8] = []
      cached.writePhotoData(of: feed) { bytes += $0 }
      #expect(bytes == plain.photoDataFile(of: user).bytes, "\(user.objectId)")
    }
    #expect(shown > 0)
    let stranger = WallImage(
      objectId: "not-in-index", className: "WallImage", uploaderID: Fixture.ann.objectId,
      file: nil, createdAt: Timestamp(millisecondsSince1970: 0), acl: nil)
    let known = try #require(index.images.first)
    #expect(index.positions(of: [known, stranger]) == [0, -1])
  }
}

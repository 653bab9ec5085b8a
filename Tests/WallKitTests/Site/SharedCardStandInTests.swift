import Testing

// `@testable` for `WallPageModel` and `MediaLookup`, which only the build's stages use.
@testable import WallKit

/// A whole build's wall pages list stand-ins for the cards its model made
/// (`sharedCardStandIn`); each must expand to the very card the page lists without them.
@Suite struct SharedCardStandInTests {
  typealias Fixture = PhotoViewTests

  /// `PhotoDataBytesTests`' fixture (a photo with more comments than a card is keyed for, and
  /// comments only some walls may read), with eight photos more by Bob, every other one with a
  /// comment only Ann may read: walls of pages that mix eager and lazy cards.
  static func model(_ audience: Audience) throws -> WallPageModel {
    var dataset = PhotoDataBytesTests.dataset()
    var catalog = Fixture.catalog()
    for number in 0..<8 {
      let image = Fixture.image(
        "more\(number)", by: Fixture.bob, "2014-03-0\(number + 1)T00:00:00.000Z")
      dataset.images[image.objectId] = image
      catalog.images["files/more\(number).jpg"] = catalog.images["files/pub.jpg"]
      let comment = Fixture.comment(
        "on\(number)", on: image.objectId, by: Fixture.cy, "comment \(number)",
        acl: number.isMultiple(of: 2) ? AccessControl(users: [Fixture.ann.objectId]) : nil)
      dataset.comments[comment.objectId] = comment
    }
    return try Fixture.model(audience, dataset: dataset, catalog: catalog, pageSize: 5).cached()
  }

  /// The elements of a list value.
  static func list(_ value: TemplateValue?) -> [TemplateValue]? {
    if case .array(let elements)? = value { elements } else { nil }
  }

  @Test(
    "each stand-in card expands to the card listed without stand-ins, rendering key included",
    arguments: [Audience.anyone, .owner])
  func standInsExpand(_ audience: Audience) throws {
    let model = try Self.model(audience)
    var standIns = 0
    var eager = 0
    for user in [Fixture.ann, Fixture.bob, Fixture.cy, Fixture.dee] {
      let feed = model.feed(for: user)
      for number in 1...feed.pageCount {
        let whole = model.page(number, of: feed)
        let listed = model.page(number, of: feed, standIns: true)
        #expect(listed.path == whole.path)
        let cards = try #require(Self.list(listed.context["images"]))
        let expected = try #require(Self.list(whole.context["images"]))
        #expect(cards.count == expected.count, "\(listed.path)")
        for (card, wholeCard) in zip(cards, expected) {
          guard case .object(let object) = card, case .object(let wholeObject) = wholeCard else {
            Issue.record("a card that is not an object on \(listed.path)")
            continue
          }
          if object.count == 0 { standIns += 1 }
          if case .object(let photo)? = wholeObject["photo"], photo["lazy"] == .bool(false) {
            eager += 1
          }
          let expanded = model.expandSharedCard(object)
          #expect(expanded == wholeObject, "\(listed.path)")
          #expect(expanded.renderingKey == wholeObject.renderingKey, "\(listed.path)")
        }
      }
    }
    #expect(standIns > 0)
    #expect(eager > 0 && eager < standIns, "pages mix eager and lazy cards")
  }

  @Test(
    "each grid tile's stand-in (its key alone) expands to the tile listed without stand-ins",
    arguments: [Audience.anyone, .owner])
  func tileStandInsExpand(_ audience: Audience) throws {
    let model = try Self.model(audience)
    var keyed = 0
    for user in [Fixture.ann, Fixture.bob, Fixture.cy, Fixture.dee] {
      let listed = try #require(
        Self.list(model.photoGrid(for: user, standIns: true).context["months"]))
      let whole = try #require(Self.list(model.photoGrid(for: user).context["months"]))
      #expect(listed.count == whole.count)
      for (month, wholeMonth) in zip(listed, whole) {
        let tiles = try #require(Self.list(month["photos"]))
        let expected = try #require(Self.list(wholeMonth["photos"]))
        #expect(tiles.count == expected.count)
        for (tile, wholeTile) in zip(tiles, expected) {
          guard case .object(let object) = tile else {
            Issue.record("a tile that is not an object")
            continue
          }
          if object.count == 0 { keyed += 1 }
          #expect(.object(model.expandGridTile(object)) == wholeTile, "\(user.objectId)")
        }
      }
    }
    #expect(keyed > 0)
  }

  @Test("a plain model (no cards made for the build) lists every card whole")
  func plainModelListsCards() throws {
    let model = try Fixture.model(.anyone)
    let feed = model.feed(for: Fixture.ann)
    let cards = try #require(
      Self.list(model.page(1, of: feed, standIns: true).context["images"]))
    #expect(!cards.isEmpty)
    #expect(cards.allSatisfy { if case .object(let card) = $0 { card.count > 0 } else { false } })
  }
}

import Testing

// `@testable` for `WallPageModel` and `MediaLookup`, which only the build's stages use.
@testable import WallKit

/// A wall page's links follow its one audience value.
///
/// Anyone's pages link to the index and to every wall they name, and may be indexed; an
/// owner's (a private wall, a bundle) give no other address and ask not to be indexed. Its
/// media come from one lookup, whichever stage made them.
@Suite struct WallPageAudienceTests {
  static let ann = User(objectId: "ann1", username: "ann", displayName: "Ann")
  static let bob = User(objectId: "bob1", username: "bob", displayName: "Bob")

  /// Ann's wall shows one photo of her friend Bob's.
  static func index() -> WallIndex {
    let photo = WallImage(
      objectId: "img1", className: "WallImage", uploaderID: bob.objectId,
      file: FileReference(path: "files/a.jpg", originalName: "a.jpg"),
      createdAt: Timestamp(millisecondsSince1970: 1_600_000_000_000), acl: nil)
    let dataset = Dataset(
      users: [ann.objectId: ann, bob.objectId: bob], images: [photo.objectId: photo],
      friends: [ann.objectId: [bob.objectId], bob.objectId: [ann.objectId]])
    return WallIndex(dataset: dataset, audience: .anyone)
  }

  /// Bob's photo and avatar as the media step made them.
  static func catalog() -> MediaCatalog {
    var catalog = MediaCatalog()
    catalog.images["files/a.jpg"] = .ready(
      variants: [StoredImage(path: "media/ab/k-w320.jpg", width: 320, height: 240)],
      original: nil)
    catalog.avatars[bob.objectId] = AvatarImage(
      small: "media/cd/b-a64.jpg", large: "media/cd/b-a128.jpg")
    return catalog
  }

  /// The first page of Ann's wall for `audience`, and its one card.
  static func page(_ audience: Audience) throws -> (page: TemplateValue, card: TemplateValue) {
    let index = index()
    let model = WallPageModel(
      index: index, media: MediaLookup(catalog()), layout: try SiteLayout(users: index.users),
      zone: .utc, pageSize: 30, audience: audience)
    let page = try #require(model.pages(for: ann).pages.first).context
    guard case .array(let cards)? = page["images"], let card = cards.first, cards.count == 1
    else {
      Issue.record("Ann's wall shows one card: \(String(describing: page["images"]))")
      return (page, .null)
    }
    return (page, card)
  }

  @Test("anyone's page links to the index and to each wall it names, and may be indexed")
  func publicPage() throws {
    let (page, card) = try Self.page(.anyone)
    #expect(page["noindex"] == .bool(false))
    #expect(page["indexHref"] == .string("../../index.html"))
    #expect(page["owner"]?["href"] == .string("../ann1/index.html"))
    #expect(card["uploader"]?["href"] == .string("../bob1/index.html"))
  }

  @Test("an owner's page links to no other page and asks not to be indexed")
  func ownersPage() throws {
    let (page, card) = try Self.page(.owner)
    #expect(page["noindex"] == .bool(true))
    #expect(page["indexHref"] == .null)
    #expect(page["owner"]?["href"] == .null)
    #expect(card["uploader"]?["href"] == .null)
  }

  @Test("photos and avatars come from the media lookup, for either audience")
  func mediaFromTheLookup() throws {
    for audience in [Audience.anyone, .owner] {
      let (_, card) = try Self.page(audience)
      #expect(card["photo"]?["src"] == .string("../../media/ab/k-w320.jpg"))
      #expect(card["uploader"]?["avatar"]?["small"] == .string("../../media/cd/b-a64.jpg"))
    }
  }
}

import Foundation
import Testing

// `@testable` for the page models and `PageContexts`, which only the build's stages use.
@testable import WallKit

/// `PageContexts` holds exactly the names the page models put in a page's data, and the
/// built-in templates use no other (issue 24, item 7): a model that gains a name fails here
/// until `PageContexts` has it too.
@Suite struct PageContextTests {
  static let ann = User(objectId: "ann1", username: "ann", displayName: "Ann")
  static let bob = User(objectId: "bob1", username: "bob", displayName: "Bob")

  /// Ann and Bob, friends, each with a photo; Bob comments on Ann's.
  static func index() -> WallIndex {
    func photo(_ id: String, by user: User, at seconds: Int64) -> WallImage {
      WallImage(
        objectId: id, className: "WallImage", uploaderID: user.objectId,
        file: FileReference(path: "files/\(id).jpg", originalName: "\(id).jpg"),
        createdAt: Timestamp(millisecondsSince1970: seconds * 1000), acl: nil)
    }
    let images = [photo("i1", by: ann, at: 1_600_000_000), photo("i2", by: bob, at: 1_500_000_000)]
    let comment = Comment(
      objectId: "c1", className: "WallImageComment", imageID: "i1", authorID: bob.objectId,
      text: "Nice", createdAt: Timestamp(millisecondsSince1970: 1_600_000_100_000), acl: nil)
    let dataset = Dataset(
      users: [ann.objectId: ann, bob.objectId: bob],
      images: Dictionary(uniqueKeysWithValues: images.map { ($0.objectId, $0) }),
      comments: [comment.objectId: comment],
      friends: [ann.objectId: [bob.objectId], bob.objectId: [ann.objectId]])
    return WallIndex(dataset: dataset, audience: .anyone)
  }

  /// Every photo made with a WebP copy and an original; every avatar made.
  static func catalog() -> MediaCatalog {
    var catalog = MediaCatalog()
    for id in ["i1", "i2"] {
      catalog.images["files/\(id).jpg"] = .ready(
        variants: [StoredImage(path: "media/\(id)-w320.jpg", width: 320, height: 240, webp: "w")],
        original: StoredImage(path: "media/\(id)-original.jpg", width: 640, height: 480))
    }
    for user in [ann, bob] {
      catalog.avatars[user.objectId] = AvatarImage(small: "a64.jpg", large: "a128.jpg")
    }
    return catalog
  }

  /// The names of the data of every page of each kind, one page per photo and per person so
  /// that pages link to each other, on a public site with a base URL (so pages have `og:`
  /// tags), and an archived wall's download link.
  static func shapes() throws -> [String: TemplateShape] {
    let index = index()
    let layout = try SiteLayout(users: index.users)
    let site = SiteIdentity(
      title: "Walls", description: "Friends", baseURL: try BaseURL("https://example.org/"))
    var wall = TemplateShape()
    var photos = TemplateShape()
    let model = WallPageModel(
      index: index, media: MediaLookup(catalog()), layout: layout, zone: .utc, site: site,
      pageSize: 1, audience: .anyone)
    for user in index.users {
      for page in model.pages(for: user).pages { wall.merge(TemplateShape(of: page.context)) }
      photos.merge(TemplateShape(of: model.photoGrid(for: user).context))
    }
    wall.merge(TemplateShape(of: ["download": model.downloadLink(href: "my-photos.zip", count: 2)]))
    var people = TemplateShape()
    let indexModel = IndexPageModel(
      index: index, catalog: catalog(), layout: layout, pageSize: 1, site: site)
    let entries = indexModel.entries()
    let ranges = indexModel.ranges(entries)
    for (position, var entry) in entries.enumerated() {
      // One a page (pageSize 1); a namesake shows its username.
      entry.sharesName = true
      let page = indexModel.layoutOfPages.page(position + 1, total: entries.count, people: [entry])
      {
        ranges[$0 - 1]
      }
      people.merge(TemplateShape(of: page.context))
    }
    let privateRoot = TemplateShape(of: SiteBuilder.privateRootContext(language: .english))
    return [
      "wall": wall, "photos": photos, "index": people,
      SiteBuilder.privateRootTemplate: privateRoot,
    ]
  }

  @Test(
    "the names of each page's data are those PageContexts lists",
    arguments: ["wall", "photos", "index"])
  func namesMatchTheModels(template: String) throws {
    let made = try #require(try Self.shapes()[template])
    let listed = try #require(PageContexts.pages().first { $0.template == template }).shape
    let (madePaths, listedPaths) = (Set(made.paths), Set(listed.paths))
    #expect(
      madePaths.subtracting(listedPaths).sorted() == [],
      "names the model makes that PageContexts lacks: add them there")
    #expect(
      listedPaths.subtracting(madePaths).sorted() == [],
      "names PageContexts lists that the model never makes")
  }

  /// A private root page names no user: its data is the page's basics, and the layout's
  /// optional names (a description, `og:` tags) stay empty.
  @Test("a private build's root page makes only names PageContexts lists")
  func privateRootNames() throws {
    let made = try #require(try Self.shapes()[SiteBuilder.privateRootTemplate])
    let listed = try #require(
      PageContexts.pages().first { $0.template == SiteBuilder.privateRootTemplate }
    ).shape
    #expect(Set(made.paths).subtracting(listed.paths).sorted() == [])
    #expect(made.paths.contains("t.privateAsk"))
  }

  @Test("the built-in templates use no name their data lacks")
  func builtInTemplatesUseKnownNames() throws {
    let library = try TemplateLibrary(templates: Theme.builtIn.templates)
    for page in PageContexts.pages() {
      #expect(library.unknownNames(in: page.template, context: page.shape) == [])
    }
  }

  @Test("a misspelt name in a partial of the wall is found with the closest real name")
  func misspeltNameInAPartial() throws {
    var templates = Theme.builtIn.templates
    templates["comment"] = try #require(templates["comment"]).replacingOccurrences(
      of: "{{text}}", with: "{{txet}}")
    let library = try TemplateLibrary(templates: templates)
    let wall = try #require(PageContexts.pages().first { $0.template == "wall" }).shape
    let warnings = library.unknownNames(in: "wall", context: wall)
    #expect(
      warnings.map(\.description) == [
        "comment:3:160: warning: unknown name 'txet', which renders as nothing; "
          + "did you mean 'text'?"
      ])
  }
}

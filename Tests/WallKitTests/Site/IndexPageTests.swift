import Foundation
import Testing
import WallKit
import WallKitTestSupport

/// The index of a public site: a cover, name and count per person, pages past
/// `Settings.indexPageSize` people, the search box's list of everyone, none of it in a private
/// build; and the lightbox's data on the cards (the original, where kept).
@Suite(.fullTier) struct IndexPageTests {
  /// Builds the Everything export into `folder/name`; returns the site's path.
  static func build(
    in folder: TemporaryDirectory, name: String = "site", indexPageSize: Int = 200,
    originals: Bool = true, secret: [UInt8]? = nil
  ) throws -> String {
    let export = folder.url("export")
    if FileSystem.kind(of: export) == .missing { try EverythingExport.write(to: export) }
    var settings = SiteBuilder.Settings(export: export, output: folder.url(name))
    settings.pipeline.jobs = 1
    settings.pipeline.pageSize = 5
    settings.indexPageSize = indexPageSize
    settings.copyOriginals = originals
    settings.privateSecret = secret
    _ = try SiteBuilder(settings: settings).build()
    return folder.url(name)
  }

  static func text(_ path: String) throws -> String {
    String(decoding: try FileSystem.readFile(path, limit: 1 << 24), as: UTF8.self)
  }

  /// The `<li>` of the person named `name` on an index page.
  static func entry(named name: String, in html: String) throws -> String {
    let items = html.components(separatedBy: "<li>").dropFirst()
    return try #require(items.first { $0.contains(#"<span class="name">\#(name)</span>"#) })
  }

  /// The value of the first `attribute="…"` in `html` after `marker`.
  static func attribute(_ attribute: String, after marker: String, in html: String) -> String? {
    guard let start = html.range(of: marker) else { return nil }
    let rest = html[start.upperBound...]
    guard let open = rest.range(of: " \(attribute)=\"") else { return nil }
    return rest[open.upperBound...].split(separator: "\"", maxSplits: 1).first.map(String.init)
  }

  @Test("each person's cover is the newest of their own photos that could be made; none without")
  func covers() throws {
    let folder = try TemporaryDirectory("index")
    let site = try Self.build(in: folder)
    let index = try Self.text("\(site)/index.html")
    // Ann's newest own photo on her public wall is imgAlpha (Bob's imgBroken is newer, but not
    // hers; her imgRole is newer, but only role `family` may read it, so a public site leaves
    // it out).
    let annWall = try Self.text("\(site)/walls/uAnn/index.html")
    #expect(!annWall.contains("imgRole"))
    // The card's photo (of one size: it has no srcset, its src is that size).
    let alphaCard = try #require(
      Self.attribute("src", after: #"data-photo-id="imgAlpha""#, in: annWall))
    let ann = try Self.entry(named: "Ann Archivist", in: index)
    let annCover = try #require(Self.attribute("srcset", after: #"<span class="cover">"#, in: ann))
    #expect(annCover.hasPrefix(alphaCard.replacingOccurrences(of: "../../", with: "") + " "))
    // Bob's newest, imgBroken, could not be decoded: his cover is an older photo of his.
    let bob = try Self.entry(named: "Bob Builder", in: index)
    let bobCover = try #require(Self.attribute("srcset", after: #"<span class="cover">"#, in: bob))
    #expect(bobCover.contains("w"), "\(bob)")
    // Dan shows no photo: his avatar stands in.
    let dan = try Self.entry(named: "Dan Alone", in: index)
    #expect(dan.contains(#"<span class="cover"><img class="avatar""#), "\(dan)")
    #expect(dan.contains(#"<span class="count">0 photos on the wall</span>"#))
  }

  @Test(
    "an avatar with a 128 px picture offers it for 2x screens; a generated SVG avatar does not",
    .enabled(if: PageCheckTests.hasDemo, "needs Examples/demo-export"))
  func avatarDensities() throws {
    // The Everything export's pictures are under 64 px: the demo's are not.
    let index = try Self.text("\(try PageCheckTests.site.get())/index.html")
    let ada = try Self.entry(named: "Ada Berg", in: index)
    let srcset = try #require(Self.attribute("srcset", after: #"<span class="who">"#, in: ada))
    #expect(srcset.hasSuffix("-a128.jpg 2x") && srcset.contains("-a64.jpg 1x, "), "\(srcset)")
    let dmitri = try Self.entry(named: "Dmitri Eriksen", in: index)
    #expect(dmitri.contains("-avatar.svg"))
    #expect(Self.attribute("srcset", after: #"<span class="who">"#, in: dmitri) == nil)
  }

  @Test("past indexPageSize people the index has pages, linked both ways, and a list of everyone")
  func pages() throws {
    let folder = try TemporaryDirectory("index")
    let site = try Self.build(in: folder, indexPageSize: 2)
    let names = ["Ann Archivist", "Bob Builder", "Cat", "Dan Alone", "Eve Outsider"]
    let pages = ["index.html", "index-2.html", "index-3.html"]
    var listed: [String] = []
    for (number, page) in pages.enumerated() {
      let html = try Self.text("\(site)/\(page)")
      listed += names.filter { html.contains(#"<span class="name">\#($0)</span>"#) }
      #expect(html.contains("page \(number + 1) of 3</title>"), "\(page)")
      #expect(html.contains(#"data-people="people.js""#), "\(page)")
      for (other, target) in pages.enumerated() where other != number {
        #expect(html.contains(#"<a href="\#(target)" aria-label="Page \#(other + 1): "#), "\(page)")
      }
    }
    #expect(listed == names)
    #expect(FileSystem.kind(of: "\(site)/index-4.html") == .missing)
    let people = try Self.text("\(site)/people.js")
    #expect(
      people.hasPrefix("window.wallgenPeople = [\n[\"Ann Archivist\",\"walls/uAnn/index.html\",4,"))
    #expect(people.components(separatedBy: "\n").count == 8, "\(people)")
    #expect(people.contains(#"["Dan Alone","walls/uDan/index.html",0,"media/"#))
    #expect(people.contains(#"-avatar.svg",""]"#), "Dan has no cover")
    // The same build again writes the same bytes.
    let again = try Self.build(in: folder, name: "again", indexPageSize: 2)
    #expect(try Self.text("\(again)/people.js") == people)
    #expect(try Self.text("\(again)/index-2.html") == (try Self.text("\(site)/index-2.html")))
  }

  @Test("an index that fits one page has no page links and no list of everyone; shrinking prunes")
  func onePage() throws {
    let folder = try TemporaryDirectory("index")
    _ = try Self.build(in: folder, indexPageSize: 2)
    let site = try Self.build(in: folder, indexPageSize: 5)
    let html = try Self.text("\(site)/index.html")
    #expect(!html.contains("pagination"))
    #expect(!html.contains("data-people"))
    #expect(html.contains(#"<form class="search" role="search" hidden>"#))
    #expect(FileSystem.kind(of: "\(site)/index-2.html") == .missing)
    #expect(FileSystem.kind(of: "\(site)/people.js") == .missing)
  }

  @Test("a private build writes no index of walls and no list of people, only a root page")
  func privateHasNoIndex() throws {
    let folder = try TemporaryDirectory("index")
    let site = try Self.build(
      in: folder, indexPageSize: 1, secret: Array("the index page test's secret".utf8))
    let top = Set(FileSystem.contents(of: site))
    #expect(top == ["assets", "index.html", "media", "walls"], "\(top)")
    let root = String(
      decoding: try FileSystem.readFile("\(site)/index.html", limit: 1 << 20), as: UTF8.self)
    #expect(!root.contains("walls/"))
  }

  @Test("the viewer's data names a photo's original when originals are kept, and only then")
  func lightboxOriginals() throws {
    let folder = try TemporaryDirectory("index")
    let entry = WallPageModel.viewerEntryPath(of: "imgAlpha")
    let kept = try Self.text("\(try Self.build(in: folder))/\(entry)")
    let href = try #require(
      kept.components(separatedBy: #""original":""#).dropFirst().first.map {
        String($0.prefix { $0 != "\"" })
      })
    #expect(href.hasPrefix("../../media/") && href.contains("-original."), "\(href)")
    #expect(kept.contains(#""originalWidth":"#))
    let site = try Self.build(in: folder, name: "plain", originals: false)
    let plain = try Self.text("\(site)/\(entry)")
    #expect(plain.hasPrefix("wallgenPhoto("))
    #expect(!plain.contains(#""original":"#))
    // Cards leave the original to the viewer's data.
    #expect(!(try Self.text("\(site)/walls/uAnn/index.html")).contains("data-original"))
  }

}

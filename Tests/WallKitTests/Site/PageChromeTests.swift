import Foundation
import Testing
import WallKit
import WallKitTestSupport

/// What frames every page (issue 45, item 4): the site's icon, linked from every page at every
/// depth and shipped like the stylesheet; the line at the top of a wall's later pages; the side
/// column of a wall's first page; the grid's name; the index's avatars loading lazily.
@Suite(.fullTier) struct PageChromeTests {
  /// The `href` of the page's `<link rel="icon">`, when it has one.
  static func iconLink(_ html: String) -> String? {
    guard let tag = html.components(separatedBy: #"<link rel="icon" href=""#).dropFirst().first
    else { return nil }
    return String(tag.prefix { $0 != "\"" })
  }

  /// The HTML pages of the site folder `root` (not a private site's blank folder pages), by path.
  static func pages(in root: String) throws -> [String: String] {
    try SiteTree.contents(of: root).filter {
      $0.key.hasSuffix(".html") && !SiteTree.isFolderIndex($0.key, in: root)
    }
    .mapValues { String(decoding: $0, as: UTF8.self) }
  }

  /// Expects every page of `root` to link the built-in icon by a relative path that reaches it.
  static func expectIconOnEveryPage(
    in root: String, sourceLocation: SourceLocation = #_sourceLocation
  )
    throws
  {
    let icon = try #require(Theme.builtIn.assets["favicon.svg"])
    let pages = try pages(in: root)
    #expect(pages.count >= 2, "\(pages.keys.sorted())", sourceLocation: sourceLocation)
    for (path, html) in pages {
      guard let href = iconLink(html) else {
        Issue.record("\(path) links no icon", sourceLocation: sourceLocation)
        continue
      }
      #expect(!href.hasPrefix("/") && !href.contains(":"), "\(path): \(href)")
      let folder = URL(fileURLWithPath: "\(root)/\(path)").deletingLastPathComponent()
      let target = folder.appendingPathComponent(href).standardizedFileURL.path
      #expect(
        (try? FileSystem.readFile(target, limit: 1 << 20)) == icon,
        "\(path): \(href) is not the icon", sourceLocation: sourceLocation)
    }
  }

  @Test("the built-in theme ships a small SVG icon")
  func iconAsset() throws {
    let icon = try #require(Theme.builtIn.assets["favicon.svg"])
    let text = String(decoding: icon, as: UTF8.self)
    #expect(text.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    #expect(icon.count < 1024)
  }

  @Test("every page of a public build links the icon, which the manifest lists and the WACZ holds")
  func iconInPublicBuild() throws {
    let folder = try TemporaryDirectory("icon")
    let export = try ArchiveFixture.write(in: folder)
    let site = folder.url("site")
    let wacz = folder.url("site.wacz")
    let built = ArchiveFixture.runCLI(["build", export, "-o", site, "-q", "--wacz", wacz])
    #expect(built.0 == .success, "\(built.err)")
    try Self.expectIconOnEveryPage(in: site)
    let manifest = BuildManifest.load(stateRoot: SiteBuilder.stateFolder(for: site))
    #expect(manifest.files.contains("assets/favicon.svg"))
    #expect(try SiteWACZContentsTests.archivedPaths(wacz).contains("assets/favicon.svg"))
  }

  @Test("every page of a private build and of an archive bundle links the icon")
  func iconInPrivateBuildAndBundle() throws {
    let folder = try TemporaryDirectory("icon-private")
    let site = try PageLayoutTests.build(in: folder, secret: Array("icon secret".utf8))
    try Self.expectIconOnEveryPage(in: site)
    let manifest = BuildManifest.load(stateRoot: SiteBuilder.stateFolder(for: site))
    #expect(manifest.files.contains("assets/favicon.svg"))

    let archived = try TemporaryDirectory("icon-archive")
    let result = try ArchiveFixture.archive(
      try ArchiveFixture.write(in: archived), into: archived.url("out"), zip: false)
    let bundle = try #require(result.bundles.first { $0.userID == "uAnn" })
    try Self.expectIconOnEveryPage(in: "\(bundle.folder)/data")
  }

  /// Ann's wall in `SiteBuildTests`' export has six photos: three pages of two.
  static func threePageSite(in folder: TemporaryDirectory) throws -> String {
    let site = folder.url("site")
    _ = try SiteBuildTests().build(
      try SiteBuildTests().makeExport(in: folder), into: site, pageSize: 2)
    return site
  }

  /// The part of `html` before its first card.
  static func beforeCards(_ html: String) -> String {
    html.components(separatedBy: "<article class=\"card\"").first ?? html
  }

  @Test("page 2 of 3 says so at its top, with links to the newer and the older page")
  func pageTop() throws {
    let folder = try TemporaryDirectory("page-top")
    let site = try Self.threePageSite(in: folder)
    let read = { (name: String) in
      String(
        decoding: try FileSystem.readFile("\(site)/walls/uAnn/\(name)", limit: 1 << 24),
        as: UTF8.self)
    }
    let second = Self.beforeCards(try read("page-2.html"))
    #expect(second.contains("<p class=\"page-number\">Page 2 of 3</p>"))
    #expect(second.contains("<a class=\"step\" rel=\"prev\" href=\"index.html\">← Newer</a>"))
    #expect(second.contains("<a class=\"step\" rel=\"next\" href=\"page-3.html\">Older →</a>"))
    let third = Self.beforeCards(try read("page-3.html"))
    #expect(third.contains("<p class=\"page-number\">Page 3 of 3</p>"))
    #expect(third.contains("rel=\"prev\" href=\"page-2.html\""))
    #expect(!third.contains("rel=\"next\""))
    // The first page needs no such line; its links to the others stay at the bottom.
    let first = try read("index.html")
    #expect(!first.contains("page-number") && !Self.beforeCards(first).contains("rel=\"next\""))
    #expect(first.contains("rel=\"next\" href=\"page-2.html\""))
  }

  @Test(
    "the page line is in the site's language",
    arguments: [
      ("de", "Seite 2 von 3"), ("es", "Página 2 de 3"), ("fr", "Page 2 sur 3"),
      ("ja", "3ページ中2ページ目"),
    ])
  func pageTopTranslated(language: String, line: String) throws {
    let strings = try UIStrings(language: language, theme: .builtIn)
    #expect(strings.text("pageHeading", ["current": "2", "count": "3"]) == line)
    #expect(!strings.missingKeys.contains("pageHeading"))
  }

  @Test("the grid is named for the wall it shows, in every language")
  func gridTitle() throws {
    let folder = try TemporaryDirectory("grid-title")
    let site = try Self.threePageSite(in: folder)
    let grid = String(
      decoding: try FileSystem.readFile("\(site)/walls/uAnn/photos.html", limit: 1 << 24),
      as: UTF8.self)
    #expect(grid.contains("<h1>Photos on Ann’s wall</h1>"))
    #expect(grid.contains("<title>Photos on Ann’s wall</title>"))
    #expect(!grid.contains("Ann’s photos"))
    let titles = try ["de", "es", "fr", "ja"].map {
      try UIStrings(language: $0, theme: .builtIn).text("gridTitle", ["name": "Ann"])
    }
    #expect(
      titles == [
        "Fotos auf der Pinnwand von Ann", "Fotos en el muro de Ann", "Photos sur le mur de Ann",
        "Annさんのウォールの写真",
      ])
  }

  @Test("the index's avatars load lazily, their size given so that nothing moves")
  func lazyAvatars() throws {
    let folder = try TemporaryDirectory("lazy-avatars")
    let site = try Self.threePageSite(in: folder)
    let index = String(
      decoding: try FileSystem.readFile("\(site)/index.html", limit: 1 << 24), as: UTF8.self)
    let avatars = index.components(separatedBy: "<img class=\"avatar\"").dropFirst().map {
      String($0.prefix { $0 != ">" })
    }
    #expect(avatars.count >= 3)
    for avatar in avatars {
      #expect(avatar.contains(" loading=\"lazy\""), "\(avatar)")
      #expect(avatar.contains(" width=\"") && avatar.contains(" height=\""), "\(avatar)")
    }
  }

  /// The side column of a page (`<section class="profile"`), empty when it has none.
  static func profile(_ html: String) -> String {
    guard let start = html.range(of: "<section class=\"profile\"") else { return "" }
    let rest = html[start.lowerBound...]
    guard let end = rest.range(of: "</section>\n{{") ?? rest.range(of: "</main>") else { return "" }
    return String(rest[..<end.lowerBound])
  }

  /// The items of the list `<ul class="name">` in `html`.
  static func list(_ name: String, in html: String) -> String {
    let items = html.components(separatedBy: "<ul class=\"\(name)\">").dropFirst().first ?? ""
    return items.components(separatedBy: "</ul>").first ?? ""
  }

  @Test(
    "a wall's first page has a side column: the owner, counts, faces of the friends who post there linking to their walls, the newest photos linking to the grid"
  )
  func sideColumn() throws {
    let folder = try TemporaryDirectory("side-column")
    let site = try Self.threePageSite(in: folder)
    let read = { (name: String) in
      String(
        decoding: try FileSystem.readFile("\(site)/walls/uAnn/\(name)", limit: 1 << 24),
        as: UTF8.self)
    }
    let column = Self.profile(try read("index.html"))
    #expect(column.contains("aria-label=\"About Ann\""))
    #expect(column.contains("<p class=\"counts\">6 photos on the wall<br>1 friend posts here</p>"))
    // Bob, the one friend whose photos are on Ann's wall, linked to his wall; not Ann herself.
    let faces = Self.list("faces", in: column)
    let faceLinks = faces.components(separatedBy: "<li><a href=\"").dropFirst().map {
      String($0.prefix { $0 != "\"" })
    }
    #expect(faceLinks == ["../uBob/index.html"], "\(faceLinks)")
    // The five photos that could be made (the broken one is left out), newest first, each
    // linking to the grid.
    let recent = Self.list("recent", in: column)
    let tiles = recent.components(separatedBy: "<li><a href=\"photos.html\"><img ").count - 1
    #expect(tiles == 5)
    #expect(column.contains("<a class=\"all-photos\" href=\"photos.html\">See all photos</a>"))
    // Later pages and the grid have none.
    #expect(Self.profile(try read("page-2.html")).isEmpty)
    #expect(Self.profile(try read("photos.html")).isEmpty)
  }

  @Test("a private wall's side column links no other wall")
  func sideColumnPrivate() throws {
    let folder = try TemporaryDirectory("side-column-private")
    let secret = Array("side secret".utf8)
    let site = try PageLayoutTests.build(in: folder, secret: secret)
    let token = SiteLayout.privateToken(secret: secret, userID: "u0")
    let html = String(
      decoding: try FileSystem.readFile("\(site)/walls/\(token)/index.html", limit: 1 << 24),
      as: UTF8.self)
    let column = Self.profile(html)
    #expect(column.contains("2 friends post here"))
    let faces = Self.list("faces", in: column)
    #expect(faces.components(separatedBy: "<img class=\"avatar\"").count == 3, "\(faces)")
    #expect(!column.contains("walls/") && !faces.contains("<a "))
  }
}

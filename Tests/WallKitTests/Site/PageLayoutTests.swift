import Foundation
import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// Pages as people read them: dates with the year where it matters, long names that wrap, tap
/// targets of 44 px, names that link to walls only in public builds.
///
/// The browser checks run `Tests/browser/check_layout.py` in headless Chromium over the demo and
/// over `LongNameExport`, made here; they are skipped, saying so, when Chromium is missing.
@Suite(.fullTier, .serialized) struct PageLayoutTests {
  typealias P = ParseFixtures

  /// Three friends whose names are 200 letters without a space, photos of 2012 and 2014 spread
  /// over several pages, and comments of 200 letters without a space; and Dora, a friend of the
  /// third only, whose wall holds only that friend's photos of 2012.
  enum LongNameExport {
    static let names = ["A", "B", "C"].map { $0 + String(repeating: $0.lowercased(), count: 199) }
    /// Seconds after 2014-01-01 of each photo: newest first is 2014-07-04, then 2014-03-01,
    /// then 2012-05-01 (a Tuesday).
    static let photoTimes = [184 * 86_400 + 73_200, 59 * 86_400 + 32_400, -610 * 86_400 + 36_000]

    static func write(to root: String) throws {
      let export = try ExportWriter(root: root)
      try export.writeClass(
        "_User",
        names.indices.map {
          P.user("u\($0)", username: "user\($0)", fbId: "10\($0)", name: names[$0])
        } + [P.user("u3", username: "dora", fbId: "103", name: "Dora")]
      )
      try export.writeClass(
        "_Join:friends:_User",
        [
          P.friendRow("u0", "u1"), P.friendRow("u0", "u2"), P.friendRow("u1", "u2"),
          P.friendRow("u3", "u2"),
        ])
      var images: [JSONValue] = []
      var comments: [JSONValue] = []
      for number in 0..<9 {
        let uploader = number % names.count
        let at = photoTimes[number % photoTimes.count] + number * 60
        images.append(
          P.image(
            "img\(number)", uploaderFBId: "10\(uploader)", username: "user\(uploader)",
            fileName: "photo\(number).png", at: at))
        let author = (number + 1) % names.count
        comments.append(
          P.comment(
            "cmt\(number)", on: "img\(number)", byFBId: "10\(author)", username: "user\(author)",
            text: String(repeating: "W", count: 200), at: at + 600))
        try export.writeFile(
          "files/photo\(number).png", ImageFixtures.checkerPNG(width: 48, height: 32, alpha: false))
      }
      try export.writeClass("WallImage", images)
      try export.writeClass("WallImageComment", comments)
    }
  }

  /// Builds the long-name export into `folder`; private with a secret when `secret` is given.
  static func build(
    in folder: TemporaryDirectory, secret: [UInt8]? = nil, reuse: Bool = true,
    site siteName: String = "site"
  ) throws -> String {
    let (export, site) = (folder.url("export"), folder.url(siteName))
    if FileSystem.kind(of: export) == .missing { try LongNameExport.write(to: export) }
    var settings = SiteBuilder.Settings(export: export, output: site)
    settings.pipeline.jobs = 1
    settings.pipeline.pageSize = 4
    settings.privateSecret = secret
    settings.reuseRenderings = reuse
    _ = try SiteBuilder(settings: settings).build()
    return site
  }

  /// The wall pages of a site (the feed, not the photo grids), by path.
  static func wallPages(_ site: String) throws -> [String: String] {
    try SiteTree.contents(of: site).filter {
      $0.key.hasPrefix("walls/") && $0.key.hasSuffix(".html")
        && !$0.key.hasSuffix("/" + SiteLayout.photoGridFileName)
        && !SiteTree.isFolderIndex($0.key, in: site)
    }
    .mapValues { String(decoding: $0, as: UTF8.self) }
  }

  /// The links of the names on a page's cards: its uploaders' (in a card's header) and its
  /// commenters' (in a comment's paragraph), styled by where they are, not by a class.
  static func nameLinks(_ html: String) -> [String] {
    ["\n<p><a href=\"", "<div><p><a href=\""].flatMap { opening in
      html.components(separatedBy: opening).dropFirst().compactMap {
        $0.split(separator: "\"", maxSplits: 1).first.map(String.init)
      }
    }
  }

  @Test(
    "in Chromium: no page is wider than 320, 390 or 1280 px, every tap target is 44 px, every card shows its year",
    .enabled(
      if: PageCheckTests.hasBrowser, "needs Chromium, chromedriver, selenium and axe-core-python"))
  func browserLayout() throws {
    let folder = try TemporaryDirectory()
    let site = try Self.build(in: folder)
    let script = RepositoryPaths.path("Tests/browser/check_layout.py")
    let python = try #require(ExternalTool.path("python3"))
    let (status, output) = try PageCheckTests.run(python, [script, site, "--years"])
    #expect(status == 0, "check_layout.py on the long-name export:\n\(output)")
    #expect(output.contains(" passed, 0 failed"))
    // A one-page index: its search box hides the people whose names do not match.
    let index = RepositoryPaths.path("Tests/browser/check_site.py")
    let (indexStatus, indexOutput) = try PageCheckTests.run(python, [index, site, "--index-only"])
    #expect(indexStatus == 0, "check_site.py --index-only on the long-name export:\n\(indexOutput)")
    #expect(indexOutput.contains(" passed, 0 failed"))
  }

  @Test(
    "in Chromium: the demo is no wider than 320, 390 or 1280 px and its tap targets are 44 px",
    .enabled(
      if: PageCheckTests.hasDemo && PageCheckTests.hasBrowser,
      "needs Examples/demo-export, Chromium, chromedriver, selenium and axe-core-python"))
  func browserLayoutDemo() throws {
    let site = try PageCheckTests.site.get()
    let script = RepositoryPaths.path("Tests/browser/check_layout.py")
    let python = try #require(ExternalTool.path("python3"))
    let (status, output) = try PageCheckTests.run(python, [script, site])
    #expect(status == 0, "check_layout.py on the demo:\n\(output)")
    #expect(output.contains(" passed, 0 failed"))
  }

  @Test("in a public build, every uploader's and commenter's name links to their existing wall")
  func publicNamesLink() throws {
    let folder = try TemporaryDirectory()
    let site = try Self.build(in: folder)
    let pages = try Self.wallPages(site)
    #expect(!pages.isEmpty)
    for (path, html) in pages {
      let links = Self.nameLinks(html)
      // Each page shows four cards, each with its uploader and one commenter.
      #expect(links.count >= 2, "\(path) links no name")
      #expect(!html.contains(#"<span class="name">"#), "\(path) has a name that is not a link")
      #expect(!html.contains(#"name="robots""#), "\(path) of a public build is noindex")
      let folderOfPage = (path as NSString).deletingLastPathComponent
      for link in links {
        let target = ("\(site)/\(folderOfPage)/\(link)" as NSString).standardizingPath
        #expect(FileSystem.kind(of: target) == .regular, "\(path) links \(link): no such wall")
        #expect(link.hasPrefix("../u") && link.hasSuffix("/index.html"), "\(link)")
      }
    }
  }

  @Test("in a private build, no name links anywhere and every page is noindex")
  func privateNamesDoNotLink() throws {
    let folder = try TemporaryDirectory()
    let site = try Self.build(in: folder, secret: Array("a secret of the test".utf8))
    let pages = try Self.wallPages(site)
    #expect(pages.count >= 3)
    for (path, html) in pages {
      #expect(Self.nameLinks(html).isEmpty, "\(path) links a name")
      #expect(html.contains(#"<span class="name">"#))
      #expect(!html.contains("walls/"), "\(path) names the address of a wall")
      #expect(html.contains(#"<meta name="robots" content="noindex">"#), "\(path)")
    }
  }

  @Test("every date shows its year, those of the wall's newest year too (issue 24)")
  func yearOnEveryCard() throws {
    let folder = try TemporaryDirectory()
    let site = try Self.build(in: folder)
    let text = try Self.wallPages(site).values.joined()
    #expect(text.contains(#"<time datetime="2012-05-01T10:"#))
    #expect(text.contains(">May 1, 2012, 10:"))
    #expect(text.contains(">Jul 4, 2014, 8:"), "a date of the wall's newest year shows its year")
    #expect(!text.contains(">Jul 4, 8:"))
    // Dora's wall shows the same cards of 2012, 2012 being its newest year: with the year too.
    let dora = try #require(try Self.wallPages(site)["walls/u3/index.html"])
    #expect(dora.contains(">May 1, 2012, 10:"))
    #expect(!dora.contains(">May 1, 10:"))
  }

  @Test("cards of several years reused across walls render as cards made for each wall")
  func yearFormsReuse() throws {
    let folder = try TemporaryDirectory()
    let reused = try Self.build(in: folder)
    let fresh = try Self.build(in: folder, reuse: false, site: "fresh")
    let (a, b) = (try Self.wallPages(reused), try Self.wallPages(fresh))
    #expect(a.count >= 3)
    #expect(a == b)
  }

  @Test("the long form names the weekday, the year and the zone, before 1970 too")
  func longForm() throws {
    let utc = try DisplayTimeZone("UTC")
    let paris = try DisplayTimeZone("+02:00")
    let july = try #require(Timestamp(iso8601: "2014-07-04T20:40:00.000Z"))
    #expect(DateStyle.english.long(july, in: utc) == "Friday, July 4, 2014 at 8:40 PM UTC")
    #expect(DateStyle.english.long(july, in: paris) == "Friday, July 4, 2014 at 10:40 PM +02:00")
    let eve = try #require(Timestamp(iso8601: "1969-12-31T23:59:59.999Z"))
    #expect(DateStyle.english.long(eve, in: utc) == "Wednesday, December 31, 1969 at 11:59 PM UTC")
    #expect(DateStyle.english.long(eve, in: paris) == "Thursday, January 1, 1970 at 1:59 AM +02:00")
    #expect(DateStyle.english.short(july, in: utc) == "Jul 4, 2014, 8:40 PM")
    #expect(DateStyle.english.short(july, in: paris) == "Jul 4, 2014, 10:40 PM")
    let newYear = try #require(Timestamp(iso8601: "2014-12-31T23:30:00.000Z"))
    #expect(DateStyle.year(newYear, in: paris) == 2015, "the year is the zone's")
  }
}

import Testing
import WallKit
import WallKitTestSupport

/// `<html lang>` and the `og:` link-preview metadata (issue 24): on public pages when the site's
/// address is known, never on a private build's pages.
@Suite(.fullTier) struct OpenGraphTests {
  static let base = try? BaseURL("https://example.org/walls/")

  /// Builds the long-name export (4 photos a page) with `configure` applied to its settings.
  static func build(
    in folder: TemporaryDirectory, _ configure: (inout SiteBuilder.Settings) throws -> Void
  ) throws -> [String: String] {
    let export = folder.url("export")
    try PageLayoutTests.LongNameExport.write(to: export)
    var settings = SiteBuilder.Settings(export: export, output: folder.url("site"))
    settings.pipeline.jobs = 1
    settings.pipeline.pageSize = 4
    try configure(&settings)
    _ = try SiteBuilder(settings: settings).build()
    return try SiteTree.contents(of: folder.url("site")).filter { $0.key.hasSuffix(".html") }
      .mapValues { String(decoding: $0, as: UTF8.self) }
  }

  @Test(
    "with a base URL, every public page has og:type, og:title, og:description and og:url; walls their cover"
  )
  func publicPagesWithBaseURL() throws {
    let folder = try TemporaryDirectory()
    let pages = try Self.build(in: folder) {
      $0.pipeline.site = SiteIdentity(
        title: "Class of 2014", description: "Our photos", baseURL: Self.base)
    }
    #expect(pages.count >= 4)
    for (path, html) in pages {
      #expect(html.contains(#"<html lang="en">"#), "\(path)")
      for property in ["og:type", "og:title", "og:description", "og:url"] {
        #expect(html.contains(#"<meta property="\#(property)" content=""#), "\(path): \(property)")
      }
    }
    let index = try #require(pages["index.html"])
    #expect(index.contains(#"<meta property="og:url" content="https://example.org/walls/">"#))
    #expect(index.contains(#"<meta property="og:title" content="Class of 2014">"#))
    #expect(index.contains(#"<meta property="og:description" content="Our photos">"#))
    #expect(index.contains(#"<meta name="description" content="Our photos">"#))
    let wall = try #require(pages["walls/u0/index.html"])
    #expect(
      wall.contains(#"<meta property="og:url" content="https://example.org/walls/walls/u0/">"#))
    #expect(wall.contains(#"<meta property="og:image" content="https://example.org/walls/media/"#))
    #expect(wall.contains(#"<meta property="og:type" content="website">"#))
    let second = try #require(pages["walls/u0/page-2.html"])
    #expect(
      second.contains(
        #"<meta property="og:url" content="https://example.org/walls/walls/u0/page-2.html">"#))
  }

  @Test("without a base URL, no page has og: metadata")
  func noBaseURL() throws {
    let folder = try TemporaryDirectory()
    let pages = try Self.build(in: folder) { _ in }
    #expect(!pages.isEmpty)
    for (path, html) in pages {
      #expect(!html.contains("og:"), "\(path)")
      #expect(html.contains(#"<html lang="en">"#), "\(path)")
    }
  }

  @Test("a private build's pages carry no og: metadata, even with a base URL")
  func privatePages() throws {
    let folder = try TemporaryDirectory()
    let pages = try Self.build(in: folder) {
      $0.pipeline.site = SiteIdentity(baseURL: Self.base)
      $0.privateSecret = Array("a secret of the test, long enough".utf8)
      $0.pipeline.language = SiteLanguage(try UIStrings(language: "es", theme: .builtIn))
    }
    #expect(pages.count >= 3)
    for (path, html) in pages {
      #expect(!html.contains("og:"), "\(path)")
      #expect(!html.contains("example.org"), "\(path)")
      #expect(html.contains(#"<html lang="es">"#), "\(path)")
    }
  }
}

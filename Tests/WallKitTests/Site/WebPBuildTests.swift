import Foundation
import Testing
import WallKit
import WallKitTestSupport

/// WebP siblings in a build: offered through `<picture>` only when made, deterministic, and never
/// taken from a build made with the other setting.
@Suite(.fullTier) struct WebPBuildTests {
  func build(_ export: String, _ output: String, webp: Bool, jobs: Int = 2) throws -> BuildResult {
    var settings = SiteBuilder.Settings(export: export, output: output)
    settings.pipeline.jobs = jobs
    settings.pipeline.pageSize = 30
    settings.pipeline.webp = webp
    return try SiteBuilder(settings: settings).build()
  }

  /// The `srcset` values of the `<source type="image/webp">` elements of a page.
  func webpSources(_ html: String) -> [String] {
    html.components(separatedBy: "<source type=\"image/webp\" srcset=\"").dropFirst().map {
      String($0.prefix { $0 != "\"" })
    }
  }

  func webpFiles(in site: String) -> [String] {
    SiteTree.files(in: site).filter { $0.hasSuffix(".webp") }
  }

  @Test("with WebP on, each photo card offers a WebP srcset of the same widths, every file there")
  func pictureWhenOn() throws {
    let folder = try TemporaryDirectory()
    let (export, site) = (folder.url("export"), folder.url("site"))
    try EverythingExport.write(to: export)
    _ = try build(export, site, webp: true)
    // The cards' images: the side column's thumbnails (JPEG and PNG only) follow them.
    let html = String(
      decoding: try FileSystem.readFile("\(site)/walls/uBob/index.html", limit: 1 << 22),
      as: UTF8.self
    ).components(separatedBy: "<section class=\"profile\"")[0]
    let photos = html.components(separatedBy: "<img ").dropFirst().map { $0.prefix { $0 != ">" } }
      .filter { $0.contains("alt=\"Photo by ") }
    let sources = webpSources(html)
    #expect(!sources.isEmpty && sources.count == photos.count)
    #expect(html.components(separatedBy: "<picture>").count == sources.count + 1)
    for (source, photo) in zip(sources, photos) {
      let widths = { (set: String) in
        set.components(separatedBy: ", ").map { $0.split(separator: " ").last }
      }
      // A photo of one size has no srcset (its src is that size); its WebP list has one too.
      if let jpegSet = photo.components(separatedBy: "srcset=\"").dropFirst().first {
        #expect(widths(source) == widths(String(jpegSet.prefix { $0 != "\"" })))
      } else {
        #expect(widths(source).count == 1)
      }
      for entry in source.components(separatedBy: ", ") {
        let url = String(entry.split(separator: " ")[0])
        #expect(url.hasSuffix(".webp"))
        let bytes = try FileSystem.readFile("\(site)/walls/uBob/\(url)", limit: 1 << 24)
        #expect(try WebPCodec.decode(bytes).width > 0)
      }
    }
  }

  @Test("with WebP off, no page has a WebP source and the site holds no .webp file")
  func noPictureWhenOff() throws {
    let folder = try TemporaryDirectory()
    let (export, site) = (folder.url("export"), folder.url("site"))
    try EverythingExport.write(to: export)
    _ = try build(export, site, webp: false)
    for page in SiteTree.files(in: site) where page.hasSuffix(".html") {
      let html = String(
        decoding: try FileSystem.readFile("\(site)/\(page)", limit: 1 << 22), as: UTF8.self)
      #expect(!html.contains("image/webp") && !html.contains("<picture>"), "\(page)")
    }
    #expect(webpFiles(in: site) == [])
  }

  @Test("turning WebP on rebuilds with siblings, and off again removes them; nothing stale reused")
  func toggling() throws {
    let folder = try TemporaryDirectory()
    let (export, site) = (folder.url("export"), folder.url("site"))
    try EverythingExport.write(to: export)
    _ = try build(export, site, webp: false)
    let offFiles = try SiteTree.contents(of: site)
    let on = try build(export, site, webp: true)
    #expect(on.summary.imagesProcessed > 0)
    let sources = webpSources(
      String(
        decoding: try FileSystem.readFile("\(site)/walls/uBob/index.html", limit: 1 << 22),
        as: UTF8.self))
    #expect(!sources.isEmpty)
    #expect(!webpFiles(in: site).isEmpty)
    _ = try build(export, site, webp: false)
    #expect(webpFiles(in: site) == [])
    #expect(try SiteTree.contents(of: site) == offFiles)
  }

  @Test("with WebP on, builds are byte-identical whatever the number of jobs")
  func deterministic() throws {
    let folder = try TemporaryDirectory()
    let export = folder.url("export")
    try EverythingExport.write(to: export)
    _ = try build(export, folder.url("one"), webp: true, jobs: 1)
    _ = try build(export, folder.url("two"), webp: true, jobs: 2)
    let one = try SiteTree.contents(of: folder.url("one"))
    #expect(!webpFiles(in: folder.url("one")).isEmpty)
    #expect(one == (try SiteTree.contents(of: folder.url("two"))))
  }
}

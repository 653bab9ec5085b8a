import Foundation
import Testing
import WallKit
import WallKitTestSupport

@testable import WallSite

/// `sitemap.xml` (issue 45, item 4).
///
/// Where a base URL is given, a public site lists its index and every wall's first page; a
/// private site never has one. Both engines write the same.
@Suite struct SitemapTests {
  static let base = "https://walls.example.org/demo/"

  /// The site of the `PrivateUserRowTests` export (Bob's row private: no wall) built in one
  /// process, with `baseURL` and `secret`.
  func build(
    in folder: TemporaryDirectory, baseURL: String?, secret: [UInt8]? = nil
  ) throws -> [String: [UInt8]] {
    let export = folder.url("export")
    try PrivateUserRowTests.writeExport(to: export, restriction: .acl)
    var settings = SiteBuilder.Settings(export: export, output: folder.url("site"))
    settings.pipeline.jobs = 2
    settings.pipeline.site.baseURL = try baseURL.map { try BaseURL($0) }
    settings.privateSecret = secret
    _ = try SiteBuilder(settings: settings).build()
    return try SiteTree.contents(of: folder.url("site"))
  }

  static func locations(_ bytes: [UInt8]?) -> [String] {
    let text = String(decoding: bytes ?? [], as: UTF8.self)
    return text.components(separatedBy: "<loc>").dropFirst().compactMap {
      $0.components(separatedBy: "</loc>").first
    }
  }

  @Test("a public site with a base URL lists its index and each wall's first page, nothing else")
  func publicSite() throws {
    let folder = try TemporaryDirectory("sitemap")
    let site = try build(in: folder, baseURL: Self.base)
    let text = String(decoding: try #require(site[Sitemap.path]), as: UTF8.self)
    #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns="))
    #expect(
      Self.locations(site[Sitemap.path]) == [
        Self.base, Self.base + "walls/uA/index.html", Self.base + "walls/uC/index.html",
      ])
  }

  @Test("plan, shards and finalize write the one-process sitemap byte for byte")
  func shardedSitemap() throws {
    let folder = try TemporaryDirectory("sitemap")
    let one = try build(in: folder, baseURL: Self.base)
    let plan = folder.url("plan")
    _ = try PlanPartsTests.planInParts(folder.url("export"), plan: plan, count: 2)
    var settings = ShardFixture.settings(folder.url("sharded"))
    settings.pipeline.site.baseURL = try BaseURL(Self.base)
    for index in [1, 0] {
      let shard = try #require(ShardSpec(index: index, count: 2))
      _ = try ShardBuilder(plan: plan, shard: shard, settings: settings).build()
    }
    _ = try ShardFinalizer(plan: plan, settings: settings).build()
    let sharded = try SiteTree.contents(of: folder.url("sharded"))
    #expect(sharded[Sitemap.path] != nil && sharded[Sitemap.path] == one[Sitemap.path])
  }

  @Test("no base URL, or a private site: no sitemap")
  func noSitemap() throws {
    let folder = try TemporaryDirectory("sitemap")
    #expect(try build(in: folder, baseURL: nil)[Sitemap.path] == nil)
    let secret = Array("a private build's secret, long enough".utf8)
    let other = try TemporaryDirectory("sitemap")
    let site = try build(in: other, baseURL: Self.base, secret: secret)
    #expect(!site.keys.contains { $0.hasPrefix("sitemap") })
  }

  @Test("past the addresses one file may hold, sitemap.xml indexes parts that list them all")
  func parts() throws {
    let folder = try TemporaryDirectory("sitemap")
    let output = folder.url("site")
    try FileSystem.createDirectory(output)
    var pages: [String: String] = [:]
    for number in 0..<7 { pages["u\(number)"] = "walls/u\(number)/index.html" }
    let writer = PageWriter(
      siteRoot: output, staging: nil, templates: try ThemeTemplates(Theme.builtIn))
    let written = try Sitemap.write(
      walls: WallsInMemory(pages: pages), baseURL: try BaseURL(Self.base), audience: .anyone,
      writer: writer, urlsPerFile: 3)
    #expect(
      written.paths == [
        "sitemaps/sitemap-1.xml", "sitemaps/sitemap-2.xml", "sitemaps/sitemap-3.xml",
        Sitemap.path,
      ])
    let site = try SiteTree.contents(of: output)
    #expect(
      Self.locations(site[Sitemap.path])
        == (1...3).map { Self.base + "sitemaps/sitemap-\($0).xml" })
    let listed = (1...3).flatMap { Self.locations(site["sitemaps/sitemap-\($0).xml"]) }
    #expect(listed == [Self.base] + (0..<7).map { Self.base + "walls/u\($0)/index.html" })
    #expect((1...3).allSatisfy { Self.locations(site["sitemaps/sitemap-\($0).xml"]).count <= 3 })
  }
}

import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// One dataset written both ways, as Parse.com exported it and as `mongoexport` writes it from a
/// Parse Server (`ParseServerExport`), builds the same site byte for byte, public and private.
@Suite(.fullTier) struct ParseServerSiteTests {
  static let secret = Array("parse-server-site-tests".utf8)

  func build(_ export: String, into output: String, secret: [UInt8]?) throws -> BuildResult {
    var settings = SiteBuilder.Settings(export: export, output: output)
    settings.pipeline.jobs = 2
    settings.privateSecret = secret
    return try SiteBuilder(settings: settings).build()
  }

  /// Converts `parseCom` with `options`, then builds both public and private, and compares.
  func expectSameSites(
    _ parseCom: String, options: ParseServerExport.Options, in folder: TemporaryDirectory,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let mongo = folder.url("mongo")
    try ParseServerExport(options: options).convert(parseCom: parseCom, to: mongo)
    let imported = try ExportImporter.load(mongo)
    #expect(imported.layout == .parseServer, sourceLocation: sourceLocation)
    #expect(imported.failure == nil, sourceLocation: sourceLocation)
    for (label, secret) in [("public", nil), ("private", Self.secret)] as [(String, [UInt8]?)] {
      let fromParseCom = folder.url("\(label)-parse-com")
      let fromMongo = folder.url("\(label)-mongo")
      let first = try build(parseCom, into: fromParseCom, secret: secret)
      let second = try build(mongo, into: fromMongo, secret: secret)
      #expect(
        first.report.sorted.map(\.description) == second.report.sorted.map(\.description),
        "\(label)", sourceLocation: sourceLocation)
      let expected = try SiteTree.contents(of: fromParseCom)
      let actual = try SiteTree.contents(of: fromMongo)
      #expect(expected.count > 10, "\(label)", sourceLocation: sourceLocation)
      #expect(
        expected.keys.sorted() == actual.keys.sorted(), "\(label)", sourceLocation: sourceLocation)
      let differing = expected.keys.filter { expected[$0] != actual[$0] }.sorted()
      #expect(differing.isEmpty, "\(label): \(differing)", sourceLocation: sourceLocation)
    }
  }

  @Test("the demo written as a Parse Server mongoexport builds the same site, public and private")
  func demo() throws {
    let folder = try TemporaryDirectory("parse-server-demo")
    try expectSameSites(
      RepositoryPaths.path("Examples/demo-export"), options: ParseServerExport.Options(),
      in: folder)
  }

  @Test(
    "a generated export with ACLs and roles, as --jsonArray with canonical Extended JSON, builds the same site"
  )
  func generatedWithACLs() throws {
    let folder = try TemporaryDirectory("parse-server-acl")
    let synthetic = SyntheticExport.generate(
      userCount: 30, edges: (0..<29).map { ($0, $0 + 1) } + [(0, 5), (3, 17), (8, 22)],
      imagesPerUser: 1.5, commentsPerImage: 2, seed: 25)
    #expect(synthetic.images.contains { $0.readers?.contains { $0.hasPrefix("role:") } == true })
    #expect(synthetic.images.contains { $0.readers != nil && $0.readers != ["*"] })
    #expect(synthetic.comments.contains { $0.readers != nil && $0.readers != ["*"] })
    let parseCom = folder.url("parse-com")
    try synthetic.write(to: parseCom) { image in
      try? ImageFixtures.gradientJPEG(width: 8 + image.uploader % 5, height: 6)
    }
    try expectSameSites(
      parseCom, options: ParseServerExport.Options(jsonArray: true, canonical: true), in: folder)
  }

  @Test("the Everything export as relaxed documents per line builds the same site")
  func everything() throws {
    let folder = try TemporaryDirectory("parse-server-everything")
    let parseCom = folder.url("parse-com")
    try EverythingExport.write(to: parseCom)
    try expectSameSites(parseCom, options: ParseServerExport.Options(), in: folder)
  }
}

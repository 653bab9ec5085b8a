import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// Every output shows its audience only what that audience may read, and publishes no file that
/// none of its pages shows: checked on generated exports with random ACLs and roles, against
/// the naive `VisibilityOracle`, for a public build, a private build, a sharded build of each,
/// and archives.
@Suite(.fullTier, .serialized) struct AudiencePropertyTests {
  static let secret = Array("a secret of thirty-two bytes....".utf8)

  /// A 30-user export with random friendships, ACLs and roles, its files tiny JPEGs.
  static func export(seed: UInt64, in folder: TemporaryDirectory) throws -> SyntheticExport {
    var random = SeededRandom(seed: seed)
    let pairs = (0..<75).map { _ in
      (Int.random(in: 0..<30, using: &random), Int.random(in: 0..<30, using: &random))
    }.filter { $0.0 != $0.1 }
    let export = SyntheticExport.generate(
      userCount: 30, edges: pairs, imagesPerUser: 2, commentsPerImage: 2, seed: seed)
    var photos: [String: [UInt8]] = [:]
    for (position, image) in export.images.enumerated() {
      photos[image.objectId] = try ImageFixtures.codedJPEG(position % 48 + 1)
    }
    try export.write(to: folder.url("export")) { photos[$0.objectId] }
    return export
  }

  /// Checks that each wall of `wallPages` (owner objectId → first page, under `root`) shows
  /// exactly the images and comments `audience` may read on it.
  static func expectWalls(
    _ wallPages: [String: String], under root: String, export: SyntheticExport,
    audience: Audience, _ label: String
  ) throws {
    let oracle = VisibilityOracle(export)
    let files = SiteTree.files(in: root)
    let imagePosition = Dictionary(
      uniqueKeysWithValues: export.images.enumerated().map { ($1.objectId, $0) })
    #expect(wallPages.count == export.users.count, "\(label): a wall per user")
    for (user, record) in export.users.enumerated() {
      let page = try #require(
        wallPages[record.objectId], "\(label): no wall for \(record.objectId)")
      let shown = try SiteAudit.objects(
        onPages: SiteAudit.pagesBeside(page, among: files), under: root)
      let expected = oracle.wall(user, audience: audience)
      #expect(shown.images == Set(expected), "\(label): wall of \(record.objectId)")
      var comments = Set<String>()
      for image in expected {
        if let position = imagePosition[image] {
          comments.formUnion(oracle.comments(on: position, user: user, audience: audience))
        }
      }
      #expect(shown.comments == comments, "\(label): comments on the wall of \(record.objectId)")
    }
  }

  @Test(
    "public, private and sharded builds show each audience only what it may read",
    arguments: [3, 8, 21] as [UInt64])
  func builds(seed: UInt64) throws {
    let folder = try TemporaryDirectory("audience")
    let export = try Self.export(seed: seed, in: folder)
    #expect(export.images.contains { $0.readers != nil && !($0.readers ?? []).contains("*") })
    #expect(export.comments.contains { $0.readers != nil && !($0.readers ?? []).contains("*") })
    let plan = folder.url("plan.sqlite")
    _ = try PlanWriter(settings: PlanWriter.Settings(export: folder.url("export"), plan: plan))
      .write()
    let builds: [(Audience, [UInt8]?)] = [(.anyone, nil), (.owner, Self.secret)]
    for (audience, secret) in builds {
      let one = folder.url("one-\(audience)")
      let result = try SiteBuilder(
        settings: ShardFixture.settings(one, export: folder.url("export"), secret: secret)
      ).build()
      try Self.expectWalls(
        try result.walls.pages(), under: one, export: export, audience: audience,
        "one-process \(audience)")
      let audit = try SiteAudit(root: one)
      #expect(audit.unreferencedMedia == [], "one-process \(audience): media on no page")
      #expect(audit.files.contains { $0.hasPrefix("media/") })

      let sharded = folder.url("sharded-\(audience)")
      let (finalized, _) = try ShardFixture.buildSharded(
        plan: plan, output: sharded, count: 3, order: [2, 0, 1], secret: secret)
      #expect(finalized.summary.publicOmissions == result.summary.publicOmissions)
      #expect(try SiteAudit(root: sharded).unreferencedMedia == [], "sharded \(audience)")
      #expect(
        try ShardFixture.digests(of: sharded) == ShardFixture.digests(of: one),
        "sharded \(audience) differs from the one-process build")
    }
  }

  @Test("a public build counts what it leaves out; a private one leaves nothing out")
  func omissionsCounted() throws {
    let folder = try TemporaryDirectory("audience-count")
    let export = try Self.export(seed: 5, in: folder)
    func restricted(_ readers: [String]?) -> Bool { readers.map { !$0.contains("*") } ?? false }
    let photos = export.images.count { restricted($0.readers) }
    let comments = export.comments.count { restricted($0.readers) }
    #expect(photos > 0 && comments > 0)
    let publicBuild = try SiteBuilder(
      settings: ShardFixture.settings(folder.url("public"), export: folder.url("export"))
    ).build()
    #expect(
      publicBuild.summary.publicOmissions == PublicOmissions(photos: photos, comments: comments))
    let privateBuild = try SiteBuilder(
      settings: ShardFixture.settings(
        folder.url("private"), export: folder.url("export"), secret: Self.secret)
    ).build()
    #expect(privateBuild.summary.publicOmissions.isEmpty)
    // A rebuild with nothing to do reports the same count, from the build record.
    let again = try SiteBuilder(
      settings: ShardFixture.settings(folder.url("public"), export: folder.url("export"))
    ).build()
    #expect(again.summary.filesWritten == 0)
    #expect(again.summary.publicOmissions == publicBuild.summary.publicOmissions)
  }

  @Test("every archived wall shows its owner what they may read, and no file it does not show")
  func archives() throws {
    let folder = try TemporaryDirectory("audience-archive")
    let export = try Self.export(seed: 13, in: folder)
    var settings = Archiver.Settings(export: folder.url("export"), output: folder.url("archive"))
    settings.pipeline.jobs = 2
    let result = try Archiver(settings: settings).run()
    #expect(result.bundles.count == export.users.count)
    var wallPages: [String: String] = [:]
    let root = folder.url("archive")
    for bundle in result.bundles {
      let relative = String(bundle.folder.dropFirst(root.count + 1))
      wallPages[bundle.userID] = "\(relative)/data/index.html"
      let audit = try SiteAudit(root: "\(bundle.folder)/data")
      #expect(audit.unreferencedMedia == [], "bundle of \(bundle.userID): media on no page")
    }
    try Self.expectWalls(wallPages, under: root, export: export, audience: .owner, "archive")
  }
}

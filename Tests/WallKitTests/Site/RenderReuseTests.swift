import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// The render step reuses card data and rendered cards across walls; the pages must be exactly
/// those rendered from scratch for each wall.
@Suite(.fullTier) struct RenderReuseTests {
  @Test(
    "reusing cards, grid tiles and viewer data across walls gives byte-identical sites, also with per-reader comment ACLs",
    arguments: [false, true])
  func reuseChangesNoByte(privateBuild: Bool) throws {
    var random = SeededRandom(seed: 11)
    let userCount = 120
    var edges: [(Int, Int)] = []
    for user in 0..<userCount {
      for _ in 0..<6 {
        let friend = Int.random(in: 0..<userCount, using: &random)
        if friend != user { edges.append((user, friend)) }
      }
    }
    let export = SyntheticExport.generate(
      userCount: userCount, edges: edges, imagesPerUser: 2, commentsPerImage: 3, seed: 5)
    #expect(export.comments.contains { $0.readers != nil }, "some comments need an ACL")
    let folder = try TemporaryDirectory()
    let photo = try ImageFixtures.gradientJPEG(width: 24, height: 18)
    // Every third user's images have no usable file, so placeholder cards are reused too.
    // (Dates are whole minutes, so they cannot pick every third image.)
    try export.write(to: folder.url("export")) { image in
      image.uploader % 3 == 0 ? Array(photo.prefix(20)) : photo
    }
    var sites: [[String: [UInt8]]] = []
    for reuse in [true, false] {
      var settings = SiteBuilder.Settings(
        export: folder.url("export"), output: folder.url("site-\(reuse)"))
      settings.pipeline.pageSize = 7
      settings.pipeline.jobs = 2
      settings.reuseRenderings = reuse
      if privateBuild { settings.privateSecret = Array("secret".utf8) }
      let result = try SiteBuilder(settings: settings).build()
      #expect(result.summary.walls == userCount)
      sites.append(try SiteTree.contents(of: folder.url("site-\(reuse)")))
    }
    #expect(sites[0].count > userCount * 2)
    // Photos were made, so cards, tiles and the viewer's data have them.
    // (A public site's in each photo's entry, a private one's in each wall's photos.js.)
    let viewerData = sites[0].filter {
      $0.key.hasSuffix("/photos.js") || $0.key.hasPrefix("viewer/")
    }.values
    #expect(viewerData.contains { String(decoding: $0, as: UTF8.self).contains("\"srcset\":") })
    #expect(sites[0].keys.sorted() == sites[1].keys.sorted())
    let different = sites[0].keys.filter { sites[0][$0] != sites[1][$0] }.sorted()
    #expect(different.isEmpty, "pages differ: \(different.prefix(5))")
  }
}

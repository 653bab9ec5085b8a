import Foundation
import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// Two people with the same name are told apart on the index by their username (issue 45,
/// item 4), across index pages too; one index writer serves both engines.
@Suite struct IndexNamesakeTests {
  typealias P = ParseFixtures

  /// Two "Sam Same"s (one in other case) and an Ann, who is alone in her name.
  static func writeExport(to root: String) throws {
    let export = try ExportWriter(root: root)
    try export.writeClass(
      "_User",
      [
        P.user("u1", username: "samfirst", fbId: "1", name: "Sam Same"),
        P.user("u2", username: "samsecond", fbId: "2", name: "sam same"),
        P.user("u3", username: "annalone", fbId: "3", name: "Ann Alone"),
      ])
    try export.writeClass("WallImage", [])
  }

  /// Every index page and the people list, by path.
  static func indexFiles(_ site: [String: [UInt8]]) -> [String: String] {
    site.filter { $0.key.hasPrefix("index") || $0.key == "people.js" }
      .mapValues { String(decoding: $0, as: UTF8.self) }
  }

  @Test("the usernames of namesakes show under their names, one a page; nobody else's does")
  func namesakesAcrossPages() throws {
    let folder = try TemporaryDirectory("namesakes")
    let export = folder.url("export")
    try Self.writeExport(to: export)
    var settings = SiteBuilder.Settings(export: export, output: folder.url("one"))
    settings.pipeline.jobs = 2
    settings.indexPageSize = 1
    _ = try SiteBuilder(settings: settings).build()
    let one = Self.indexFiles(try SiteTree.contents(of: folder.url("one")))
    // Ann, then the two Sams, one a page (index order: name ignoring case, then objectId).
    #expect(one["index.html"]?.contains("Ann Alone") == true)
    #expect(one["index.html"]?.contains("@annalone") == false)
    #expect(one["index-2.html"]?.contains("@samfirst") == true)
    #expect(one["index-3.html"]?.contains("@samsecond") == true)
    #expect(one["people.js"] != nil)

    let plan = folder.url("plan")
    _ = try PlanPartsTests.planInParts(export, plan: plan, count: 2)
    var sharded = ShardFixture.settings(folder.url("sharded"))
    sharded.indexPageSize = 1
    for index in [0, 1] {
      let shard = try #require(ShardSpec(index: index, count: 2))
      _ = try ShardBuilder(plan: plan, shard: shard, settings: sharded).build()
    }
    _ = try ShardFinalizer(plan: plan, settings: sharded).build()
    #expect(Self.indexFiles(try SiteTree.contents(of: folder.url("sharded"))) == one)
  }
}

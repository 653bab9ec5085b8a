import Foundation
import Testing
import WallKitTestSupport
import WallSynth

@testable import WallKit
@testable import WallPlan

/// Finalize writes the index a page at a time from everyone sorted on disk (`IndexPeople`):
/// in the one-process build's order, to the same bytes.
@Suite(.fullTier, .serialized) struct ShardIndexTests {
  @Test("the scratch database sorts people as the index does: by name ignoring case, then objectId")
  func order() throws {
    let folder = try TemporaryDirectory("index-order")
    let names = [
      "b", "B", "a", "\u{E9}mile", "e\u{301}mile", "Zo\u{EB}", "zoe", "", "\u{C4}rger",
      "\u{E4}rger",
      "Anna", "anna", "ANNA", "\u{1F600}", "z", "Ω", "ω",
    ]
    let users = names.enumerated().map { position, name in
      User(objectId: "u\((position * 7) % names.count)", username: "", displayName: name)
    }
    let people = try IndexPeople(path: folder.url("people"))
    for user in users.reversed() {
      try people.add(user, href: "walls/\(user.objectId)/index.html", avatar: nil)
    }
    try people.add(cover: WallCover(imageCount: 3), of: users[0].objectId, replacing: false)
    try people.add(cover: WallCover(imageCount: 5), of: users[0].objectId, replacing: false)
    try people.add(cover: WallCover(imageCount: 4), of: users[1].objectId, replacing: false)
    try people.add(cover: WallCover(imageCount: 6), of: users[1].objectId, replacing: true)
    try people.sort()
    let expected = users.sorted {
      let (nameA, nameB) = ($0.displayName.lowercased(), $1.displayName.lowercased())
      return nameA != nameB ? nameA < nameB : $0.objectId < $1.objectId
    }
    let next = try people.entries()
    var found: [IndexPageModel.Entry] = []
    while let entry = try next() { found.append(entry) }
    #expect(found.map(\.user.objectId) == expected.map(\.objectId))
    #expect(try people.name(at: 0) == expected[0].displayName)
    let counts = Dictionary(uniqueKeysWithValues: found.map { ($0.user.objectId, $0.imageCount) })
    #expect(counts[users[0].objectId] == 3, "the first cover recorded stays")
    #expect(counts[users[1].objectId] == 6, "a corrected cover replaces it")
    #expect(counts[users[2].objectId] == 0)
  }

  @Test("an index of many pages and its people list: the one-process bytes, from 3 shards")
  func pagedIndex() throws {
    let folder = try TemporaryDirectory("index-pages")
    let root = folder.url("export")
    try ShardFixture.writePredictable(ShardedBuildTests.smallExport(), to: root)
    var one = ShardFixture.settings(folder.url("one"), export: root)
    one.indexPageSize = 7
    _ = try SiteBuilder(settings: one).build()
    let expected = try ShardFixture.digests(of: folder.url("one"))
    #expect(expected["index-3.html"] != nil && expected["people.js"] != nil)

    let plan = try ShardCoverTests.plan(root, in: folder)
    let site = folder.url("site")
    for index in [1, 2, 0] {
      var settings = ShardFixture.settings(site)
      settings.indexPageSize = 7
      _ = try ShardBuilder(
        plan: plan, shard: try #require(ShardSpec(index: index, count: 3)), settings: settings
      ).build()
    }
    var settings = ShardFixture.settings(site)
    settings.indexPageSize = 7
    let first = try ShardFinalizer(plan: plan, settings: settings).build()
    let built = try ShardFixture.digests(of: site)
    #expect(built.keys.sorted() == expected.keys.sorted())
    #expect(expected.keys.filter { built[$0] != expected[$0] }.sorted() == [])
    #expect(first.summary.filesWritten > 0)
    // Again: nothing to write, and no scratch database left.
    let again = try ShardFinalizer(plan: plan, settings: settings).build()
    #expect(again.summary.filesWritten == 0)
    let state = SiteBuilder.stateFolder(for: site)
    #expect(FileSystem.contents(of: state).filter { $0.hasPrefix("index-people") } == [])
  }
}

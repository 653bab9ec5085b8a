import Foundation
import Testing
import WallKitTestSupport
import WallSynth

@testable import WallKit
@testable import WallPlan

/// A shard's memory does not follow its number of files.
///
/// Its media are made a chunk of files at a time and its record's lists are gathered on disk;
/// neither changes what it writes.
@Suite(.fullTier, .serialized) struct ShardSpillTests {
  /// The record of `shard` in `site`'s state folder: the counts of its first line, and its
  /// lists.
  static func record(_ shard: ShardSpec, site: String) throws -> (
    header: [String: JSONValue], lines: [String]
  ) {
    let path = ShardRecord.path(shard, stateRoot: SiteBuilder.stateFolder(for: site))
    let lines = try SortedLinesTests.drain(try LineFileReader(path: path))
    let document = try JSONReader.parse(Array(try #require(lines.first).utf8))
    var header = try #require(document.objectValue)
    // What names the site or the run, not what it made.
    for key in ["fingerprint", "settings"] { header[key] = nil }
    return (header, Array(lines.dropFirst()))
  }

  @Test(
    "shards made a file at a time with their lists spilled every few lines write the same site and records"
  )
  func chunkedShardsWriteTheSame() throws {
    let folder = try TemporaryDirectory("shard-spill")
    let (_, _, plan) = try ShardFixture.plannedSmallExport(in: folder)
    let (whole, spilled) = (folder.url("whole"), folder.url("spilled"))
    for index in 0..<2 {
      let shard = try #require(ShardSpec(index: index, count: 2))
      _ = try ShardBuilder(plan: plan, shard: shard, settings: ShardFixture.settings(whole))
        .build()
      var builder = ShardBuilder(
        plan: plan, shard: shard, settings: ShardFixture.settings(spilled))
      // One file a chunk (the fixture repeats bytes: files of one content stay together) and
      // a run of the lists every line or two.
      builder.mediaFiles = 1
      builder.listBytes = 64
      let result = try builder.build()
      #expect(result.imagesProcessed > 0)
      let (expected, made) = (
        try Self.record(shard, site: whole), try Self.record(shard, site: spilled)
      )
      #expect(made.header == expected.header)
      #expect(made.lines == expected.lines)
      #expect(made.lines == SortedLines.sorted(made.lines))
      #expect(
        made.lines.contains { $0.hasPrefix("c ") } && made.lines.contains { $0.hasPrefix("r ") })
    }
    #expect(try ShardFixture.digests(of: spilled) == ShardFixture.digests(of: whole))
    // No scratch run is left beside the records.
    let records = "\(SiteBuilder.stateFolder(for: spilled))/\(ShardRecord.folder)"
    #expect(FileSystem.contents(of: records).sorted() == ["0-of-2.json", "1-of-2.json"])
    for site in [whole, spilled] {
      _ = try ShardFinalizer(plan: plan, settings: ShardFixture.settings(site)).build()
    }
    #expect(try ShardFixture.digests(of: spilled) == ShardFixture.digests(of: whole))
  }

  @Test("the plan's files come a chunk at a time, every file once, those of one hash together")
  func sourceChunksKeepAHashTogether() throws {
    let folder = try TemporaryDirectory("shard-chunks")
    let (_, _, plan) = try ShardFixture.plannedSmallExport(in: folder)
    let reader = try PlanReader(path: plan)
    let shard = try #require(ShardSpec(index: 0, count: 1))
    var whole: [String] = []
    try reader.forEachSourceChunk(in: shard, audience: .anyone, chunk: 1_000_000) {
      whole += $0.map { "\($0.path) \($0.avatar)" }
    }
    var chunks: [[PlannedSource]] = []
    try reader.forEachSourceChunk(in: shard, audience: .anyone, chunk: 1) { chunks.append($0) }
    #expect(chunks.flatMap { $0.map { "\($0.path) \($0.avatar)" } } == whole)
    #expect(whole.count > 40)
    // The fixture repeats 40 JPEGs: some chunk holds several files of one content.
    #expect(chunks.contains { $0.count > 1 })
    for chunk in chunks { #expect(Set(chunk.map(\.hash)).count == 1) }
    #expect(Set(chunks.map { $0[0].hash }).count == chunks.count)
  }

  @Test("a finished shard read as a stream does nothing; with one of its files gone it runs again")
  func finishedShardCheckedAsAStream() throws {
    let folder = try TemporaryDirectory("shard-done")
    let (_, _, plan) = try ShardFixture.plannedSmallExport(in: folder)
    let site = folder.url("site")
    let shard = try #require(ShardSpec(index: 0, count: 2))
    let builder = ShardBuilder(plan: plan, shard: shard, settings: ShardFixture.settings(site))
    let first = try builder.build()
    #expect(!first.unchanged)
    #expect(try builder.build().unchanged)
    let (_, lines) = try Self.record(shard, site: site)
    let media = try #require(lines.first { $0.hasPrefix("f media/") })
    try FileSystem.removeFile("\(site)/\(BuildManifest.path(of: media))")
    let again = try builder.build()
    #expect(!again.unchanged)
    #expect(FileSystem.kind(of: "\(site)/\(BuildManifest.path(of: media))") == .regular)
    #expect(try builder.build().unchanged)
  }

  @Test(
    "a private run after a killed public one gathers the killed run's claims a few lines at a time: no public wall stays"
  )
  func killedRunsClaimsGatheredOnDisk() throws {
    let folder = try TemporaryDirectory("shard-spill-killed")
    let (export, root, plan, site, shard) = try ShardJournalTests.killedPublicRun(in: folder)
    let state = SiteBuilder.stateFolder(for: site)

    let secret = Array("the journal's secret, 32 bytes".utf8)
    var builder = ShardBuilder(
      plan: plan, shard: shard, settings: ShardFixture.settings(site, secret: secret))
    builder.listBytes = 64
    #expect(!(try builder.build().unchanged))
    _ = try ShardFinalizer(plan: plan, settings: ShardFixture.settings(site, secret: secret))
      .build()
    let tokens = Set(
      export.users.map { SiteLayout.privateToken(secret: secret, userID: $0.objectId) })
    #expect(Set(SiteTree.wallFolders(in: site)) == tokens)
    #expect(FileSystem.contents(of: "\(state)/\(ShardRecord.folder)") == ["0-of-1.json"])
    let one = folder.url("one")
    _ = try SiteBuilder(settings: ShardFixture.settings(one, export: root, secret: secret)).build()
    #expect(try ShardFixture.digests(of: site) == ShardFixture.digests(of: one))
  }
}

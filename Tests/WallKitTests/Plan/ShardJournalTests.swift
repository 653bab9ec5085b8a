import Foundation
import Testing
import WallKitTestSupport
import WallModel
import WallSynth

@testable import WallKit
@testable import WallPlan

/// A shard writes, before anything else, what its earlier runs wrote and where it will write
/// pages: a run killed before its record lists its pages leaves nothing a later run of the
/// shard cannot find.
@Suite(.fullTier, .serialized) struct ShardJournalTests {
  /// A public run of shard 0/1 of the small export into `folder`'s `site`, then its record
  /// made what its journal says when killed while rendering: its media listed, its pages only
  /// by their folders.
  static func killedPublicRun(in folder: TemporaryDirectory) throws -> (
    export: SyntheticExport, root: String, plan: String, site: String, shard: ShardSpec
  ) {
    let (export, root, plan) = try ShardFixture.plannedSmallExport(in: folder)
    let site = folder.url("site")
    let state = SiteBuilder.stateFolder(for: site)
    let shard = try #require(ShardSpec("0/1"))
    _ = try ShardBuilder(plan: plan, shard: shard, settings: ShardFixture.settings(site)).build()
    var journal = try #require(ShardRecord.load(shard, stateRoot: state))
    #expect(journal.finished)
    journal.finished = false
    journal.folders = export.users.map {
      ShardRecords.wallFolder(
        of: User(objectId: $0.objectId, username: "", displayName: ""),
        settings: ShardFixture.settings(site))
    }
    journal.files.removeAll { $0.hasPrefix("walls/") }
    try journal.save(stateRoot: state)
    return (export, root, plan, site, shard)
  }

  @Test("a public run killed after its pages, before its record: the private run removes its walls")
  func killedPublicRunIsCleanedUp() throws {
    let folder = try TemporaryDirectory("shard-journal")
    let (export, root, plan, site, _) = try Self.killedPublicRun(in: folder)
    let planted = "\(site)/walls/\(export.users[0].objectId)/notes.txt"
    try FileSystem.writeAtomically("not wallgen's", to: planted)

    let secret = Array("the journal's secret, 32 bytes".utf8)
    try ShardFixture.buildSharded(plan: plan, output: site, count: 1, order: [0], secret: secret)
    let tokens = Set(
      export.users.map { SiteLayout.privateToken(secret: secret, userID: $0.objectId) })
    // Only a file wallgen did not name as a page stays, in the folder it keeps.
    #expect(
      Set(SiteTree.wallFolders(in: site)) == tokens.union([export.users[0].objectId]))
    #expect(FileSystem.contents(of: "\(site)/walls/\(export.users[0].objectId)") == ["notes.txt"])
    try FileSystem.removeFile(planted)
    _ = try SiteBuilder(
      settings: ShardFixture.settings(folder.url("one"), export: root, secret: secret)
    ).build()
    #expect(try ShardFixture.digests(of: site) == ShardFixture.digests(of: folder.url("one")))
  }

  @Test("setting names and digests: the secret is never in the record, a difference is named")
  func settingsNamed() throws {
    var settings = SiteBuilder.Settings(export: "", output: "site")
    settings.privateSecret = Array("the secret itself".utf8)
    let named = ShardSettings(plan: "p1", settings: settings)
    #expect(!named.json.serialized.contains("the secret itself"))
    #expect(named.values["audience"] == "private")
    settings.privateSecret = nil
    settings.pipeline.pageSize = 12
    let other = ShardSettings(plan: "p2", settings: settings)
    #expect(
      other.differences(from: named) == [
        "another plan", "audience public where finalize's is private",
        "page size 12 where finalize's is 30",
      ])
    #expect(ShardSettings.decode(named.json) == named)
  }
}

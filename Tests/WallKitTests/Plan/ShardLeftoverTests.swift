import Foundation
import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// What a shard wrote is never left behind unlisted: a shard run again with other settings
/// removes what its earlier run wrote, a private build removes the public walls shards left,
/// and a shard that stops because the export changed removes what it made.
@Suite(.fullTier, .serialized) struct ShardLeftoverTests {
  static let secret = "s3cret-s3cret-s3cret"

  /// Runs `wallgen` in this process with `arguments`, quiet and on two workers.
  static func run(_ arguments: [String]) -> (WallCLI.ExitCode, [String]) {
    let captured = CapturedConsole()
    let code = WallCLI.run(arguments + ["--quiet", "--jobs", "2"], console: captured.console)
    return (code, captured.err)
  }

  /// The wall folders of every user of `export` in a private build with `secret`.
  static func privateFolders(_ export: SyntheticExport, secret: String) -> Set<String> {
    Set(
      export.users.map {
        SiteLayout.privateToken(secret: Array(secret.utf8), userID: $0.objectId)
      })
  }

  @Test(
    "plan, shards 0/2 and 1/2 private, 1/2 public, 1/2 private again, finalize private: only private walls, as a one-process build"
  )
  func publicRunOfAShardLeavesNoPublicWall() throws {
    let folder = try TemporaryDirectory("shard-public-once")
    let root = folder.url("export")
    let export = ShardedBuildTests.smallExport()
    try ShardFixture.writePredictable(export, to: root)
    let secretFile = folder.url("s")
    try FileSystem.writeAtomically(Self.secret + "\n", to: secretFile)
    let (plan, site) = (folder.url("plan"), folder.url("site"))
    let secret = ["--private", "--secret-file", secretFile]
    let shard = ["build", "--plan", plan, "-o", site, "--shard"]
    #expect(Self.run(["plan", root, "-o", plan]).0 == .success)
    #expect(Self.run(shard + ["0/2"] + secret).0 == .success)
    #expect(Self.run(shard + ["1/2"] + secret).0 == .success)
    #expect(Self.run(shard + ["1/2"]).0 == .success)
    #expect(Self.run(shard + ["1/2"] + secret).0 == .success)
    #expect(Self.run(["build", "--plan", plan, "--finalize", "-o", site] + secret).0 == .success)
    let walls = Set(SiteTree.wallFolders(in: site))
    let expected = Self.privateFolders(export, secret: Self.secret)
    #expect(walls.subtracting(expected).sorted() == [], "walls of no private build")
    #expect(walls == expected)

    // The same tree as a one-process private build, and it stays so after one.
    let one = folder.url("one")
    #expect(Self.run(["build", root, "-o", one] + secret).0 == .success)
    let oneDigests = try ShardFixture.digests(of: one)
    let built = try ShardFixture.digests(of: site)
    #expect(Set(built.keys).symmetricDifference(oneDigests.keys).sorted() == [])
    #expect(Self.run(["build", root, "-o", site] + secret).0 == .success)
    #expect(Set(SiteTree.wallFolders(in: site)) == expected)
    #expect(try ShardFixture.digests(of: site) == oneDigests)
  }

  @Test("a one-process private build after public shards leaves no public wall and no shard record")
  func onePrivateBuildAfterPublicShards() throws {
    let folder = try TemporaryDirectory("one-after-shards")
    let (export, root, plan) = try ShardFixture.plannedSmallExport(in: folder)
    let site = folder.url("site")
    // A public sharded run that never finalized: its walls are in no manifest.
    try ShardFixture.runShards(plan: plan, output: site, count: 2, order: [1, 0])
    #expect(SiteTree.wallFolders(in: site).contains(export.users[0].objectId))

    let secret = Array(Self.secret.utf8)
    _ = try SiteBuilder(settings: ShardFixture.settings(site, export: root, secret: secret))
      .build()
    let walls = Set(SiteTree.wallFolders(in: site))
    #expect(walls == Self.privateFolders(export, secret: Self.secret))
    let state = SiteBuilder.stateFolder(for: site)
    #expect(FileSystem.contents(of: "\(state)/shards") == [])
    _ = try SiteBuilder(
      settings: ShardFixture.settings(folder.url("one"), export: root, secret: secret)
    ).build()
    #expect(try ShardFixture.digests(of: site) == ShardFixture.digests(of: folder.url("one")))
  }

  @Test("a shard that stops because a file changed since the plan leaves no file no manifest lists")
  func changedExportLeavesNothingUnlisted() throws {
    let folder = try TemporaryDirectory("shard-export-changed")
    let (export, root, plan) = try ShardFixture.plannedSmallExport(in: folder)
    let site = folder.url("site")
    try ShardFixture.buildSharded(plan: plan, output: site, count: 1, order: [0])
    let state = SiteBuilder.stateFolder(for: site)
    let manifest = BuildManifest.load(stateRoot: state)
    let listed = Set(manifest.files)
    #expect(Set(SiteTree.files(in: site)) == listed)

    // One photo changes after the plan; a missing page makes the shard run again.
    let photo = "files/\(export.images[5].fileName)"
    try FileSystem.writeAtomically(
      try ImageFixtures.gradientJPEG(width: 20, height: 14), to: "\(root)/\(photo)")
    let page = try #require(manifest.files.first { $0.hasPrefix("walls/") })
    try FileSystem.removeFile("\(site)/\(page)")
    let shard = try #require(ShardSpec("0/1"))
    let error = #expect(throws: PlanError.self) {
      try ShardBuilder(plan: plan, shard: shard, settings: ShardFixture.settings(site)).build()
    }
    #expect(error?.description.contains("the file changed since the plan was made") == true)
    #expect(Set(SiteTree.files(in: site)).subtracting(listed).sorted() == [])
    let records = Set(manifest.records)
    let unlisted = SiteTree.files(in: state).filter { path in
      path.hasPrefix("media/") && !records.contains(path)
    }
    #expect(unlisted == [], "media records no manifest lists")
  }
}

import Foundation
import Testing
import WallKit
import WallKitTestSupport

/// The takedown list in both engines (issue 45, item 3): the plan's parts drop what the
/// one-process import drops, a rebuild after a name is added prunes that person, and the
/// configuration refuses a malformed list.
@Suite(.fullTier) struct ExclusionBuildTests {
  static let list = ExportExclusion(
    users: ["id:uGoneCarla", "dmitri"],
    images: Array(ExclusionExport.listedImages.prefix(3)))

  static func settings(_ export: String, _ output: String, secret: [UInt8]?)
    -> SiteBuilder.Settings
  {
    var settings = SiteBuilder.Settings(export: export, output: output)
    settings.pipeline.jobs = 2
    settings.pipeline.exclusion = list
    settings.privateSecret = secret
    return settings
  }

  @Test(
    "plan in parts with the list, shards and finalize make the one-process site byte for byte, public and private",
    arguments: [false, true])
  func shardedSiteIsTheSame(isPrivate: Bool) throws {
    let folder = try TemporaryDirectory("exclude-sharded")
    let export = try ExclusionExport.write(in: folder.path, hostile: false)
    let secret = isPrivate ? Array("a private build's secret, long enough".utf8) : nil
    let one = folder.url("one")
    _ = try SiteBuilder(settings: Self.settings(export, one, secret: secret)).build()

    let plan = folder.url("plan")
    for index in [1, 0] {
      var part = PlanWriter.Settings(export: export, plan: plan)
      part.part = ShardSpec(index: index, count: 2)
      part.jobs = 2
      part.exclusion = Self.list
      _ = try PlanWriter(settings: part).write()
    }
    var merge = PlanWriter.Settings(export: export, plan: plan)
    merge.mergeCount = 2
    merge.exclusion = Self.list
    let planned = try PlanWriter(settings: merge).write()
    #expect(planned.wholeImport == nil, "the parts were merged: \(planned.wholeImport ?? "")")
    #expect(planned.users == 2)

    let sharded = folder.url("sharded")
    var options = ShardFixture.settings(sharded, secret: secret)
    options.pipeline.exclusion = Self.list
    for index in [1, 0] {
      let shard = try #require(ShardSpec(index: index, count: 2))
      _ = try ShardBuilder(plan: plan, shard: shard, settings: options).build()
    }
    _ = try ShardFinalizer(plan: plan, settings: options).build()

    let (a, b) = (try SiteTree.contents(of: one), try SiteTree.contents(of: sharded))
    #expect(Set(a.keys) == Set(b.keys))
    for (path, bytes) in a where b[path] != bytes { Issue.record("\(path) differs") }
    for (path, bytes) in a {
      for id in ExclusionExport.forbidden(hostile: false)
      where PrivateUserRowTests.contains(bytes, id) {
        Issue.record("\(path) holds '\(id)'")
      }
    }

    // A shard given another list than the plan's is refused, naming the plan.
    var other = options
    other.pipeline.exclusion = ExportExclusion(users: ["anna"])
    let first = try #require(ShardSpec(index: 0, count: 2))
    #expect(throws: PlanError.exclusionDiffers(path: plan)) {
      try ShardBuilder(plan: plan, shard: first, settings: other).build()
    }
  }

  @Test("adding a person to the list and building again removes their wall folder and media")
  func rebuildPrunesThePerson() throws {
    let folder = try TemporaryDirectory("exclude-rebuild")
    let export = folder.url("export")
    try PrivateUserRowTests.writeExport(to: export, restriction: nil)
    let site = folder.url("site")
    var settings = SiteBuilder.Settings(export: export, output: site)
    settings.pipeline.jobs = 2
    _ = try SiteBuilder(settings: settings).build()
    #expect(FileSystem.kind(of: "\(site)/walls/uB") == .directory)
    let before = SiteTree.files(in: site).filter { $0.hasPrefix("media/") }

    settings.pipeline.exclusion = ExportExclusion(users: [PrivateUserRowTests.bobUsername])
    let rebuilt = try SiteBuilder(settings: settings).build()
    #expect(rebuilt.summary.walls == 2)
    #expect(FileSystem.kind(of: "\(site)/walls/uB") == .missing)
    let after = SiteTree.files(in: site).filter { $0.hasPrefix("media/") }
    #expect(after.count < before.count, "Bob's photo and picture are pruned")

    // The same media as a fresh build with the list.
    var fresh = settings
    fresh.output = folder.url("fresh")
    _ = try SiteBuilder(settings: fresh).build()
    #expect(after == SiteTree.files(in: fresh.output).filter { $0.hasPrefix("media/") })
    for (path, bytes) in try SiteTree.contents(of: site) {
      for text in [PrivateUserRowTests.bobName, PrivateUserRowTests.bobUsername, "Nice one"]
      where PrivateUserRowTests.contains(bytes, text) {
        Issue.record("\(path) holds '\(text)'")
      }
    }
  }

  @Test(
    "a malformed 'exclude' is refused with exit 64 and a message naming the file, the key and the entry"
  )
  func badListIsRefused() throws {
    let folder = try TemporaryDirectory("exclude-config")
    let export = try ExclusionExport.write(in: folder.path, hostile: false)
    let config = folder.url("bad.json")
    let cases: [(String, String)] = [
      (
        #"{"exclude": ["dmitri"]}"#,
        #"'exclude' must be an object such as {"users": ["objectId or username"], "images": ["objectId"]}, not an array"#
      ),
      (
        #"{"exclude": {"user": ["dmitri"]}}"#,
        "unknown key 'exclude.user'; did you mean 'exclude.users'? (the keys of 'exclude' are users, images)"
      ),
      (
        #"{"exclude": {"users": "dmitri"}}"#,
        "'exclude.users' must be an array of strings, not a string"
      ),
      (
        #"{"exclude": {"users": ["anna", 7]}}"#,
        "'exclude.users' entry #2 must be an objectId, a username or 'id:<objectId>', not a number"
      ),
      (
        #"{"exclude": {"images": [""]}}"#,
        #"'exclude.images' entry #1 must be an image's objectId, not """#
      ),
    ]
    for (text, message) in cases {
      try FileSystem.writeAtomically(text, to: config)
      let (code, _, err) = ArchiveFixture.runCLI([
        "build", export, "-o", folder.url("site"), "-q", "--config", config,
      ])
      #expect(code == .usage, "\(text)")
      #expect(err.split(separator: "\n").first == "error: \(config): \(message)", "\(text)")
    }
    #expect(FileSystem.kind(of: folder.url("site")) == .missing)
  }

  @Test("an entry naming two people stops the build, and the hint says how to name one")
  func ambiguousEntryStopsTheBuild() throws {
    let folder = try TemporaryDirectory("exclude-ambiguous")
    let export = try ExclusionImportTests.writeNamesakes(in: folder)
    let config = folder.url("site.json")
    try FileSystem.writeAtomically(#"{"exclude": {"users": ["bob"]}}"#, to: config)
    let site = folder.url("site")
    let (code, _, err) = ArchiveFixture.runCLI([
      "build", export, "-o", site, "-q", "--config", config,
    ])
    #expect(code == .failure)
    let error: String =
      "error: [import] \(config): 'exclude' names the user 'bob', which is the objectId of user "
      + "bob and the username of user uB2, so it names more than one person: write "
      + "'id:<objectId>' for the one meant; nothing is built"
    let hint: String =
      "hint: in \(config), replace 'bob' by 'id:' and the objectId of the person meant, then "
      + "run again; '\(site)' was left as it was"
    let lines = err.split(separator: "\n").suffix(2).map(String.init)
    #expect(lines == [error, hint], "\(err)")
    #expect(FileSystem.kind(of: site) == .missing)
  }
}

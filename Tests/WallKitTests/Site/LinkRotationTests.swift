import Foundation
import Testing
import WallKit
import WallKitTestSupport

/// Revoking one private link (issue 45, item 3): `"rotateLinks"` in `wallgen.json` moves that
/// person's wall to a new folder, prunes the old one, lists the new link, and changes nobody
/// else's; both engines agree.
struct LinkRotationTests {
  static let secret = Array("correct horse battery staple".utf8)

  /// The oracle: a first link is the HMAC of the objectId under the secret; the Nth
  /// replacement's key is the HMAC of "wallgen link rotation N" under the secret.
  static func oracleToken(_ user: String, rotation: Int) -> String {
    let key =
      rotation == 0
      ? secret : HMAC.sha256(key: secret, message: Array("wallgen link rotation \(rotation)".utf8))
    return Hex.encode(HMAC.sha256(key: key, message: Array(user.utf8)))
  }

  @Test("a rotated token is keyed by its count; a count of 0 is the first link", arguments: 0...3)
  func tokens(rotation: Int) {
    let token = SiteLayout.privateToken(secret: Self.secret, userID: "uBob", rotation: rotation)
    #expect(token == Self.oracleToken("uBob", rotation: rotation))
    let others = (0...3).filter { $0 != rotation }.map {
      SiteLayout.privateToken(secret: Self.secret, userID: "uBob", rotation: $0)
    }
    #expect(!others.contains(token))
  }

  @Test("the layout moves only the rotated person's wall")
  func layoutMovesOneWall() throws {
    let users = ["uAnn", "uBob", "uEve"].map {
      User(objectId: $0, username: $0.lowercased(), displayName: $0)
    }
    let rotations = LinkRotations(counts: ["uBob": 2], file: "wallgen.json")
    let first = try SiteLayout(users: users, secret: Self.secret)
    let rotated = try SiteLayout(users: users, secret: Self.secret, rotations: rotations)
    for user in ["uAnn", "uEve"] {
      #expect(rotated.wallPage(userID: user, page: 1) == first.wallPage(userID: user, page: 1))
    }
    #expect(rotated.wallPage(userID: "uBob", page: 1) != first.wallPage(userID: "uBob", page: 1))
    #expect(
      rotated.wallPage(userID: "uBob", page: 1)
        == "walls/\(Self.oracleToken("uBob", rotation: 2))/index.html")
  }

  @Test("unmatched names only the objectIds no wall has, sorted")
  func unmatched() {
    let rotations = LinkRotations(counts: ["uZed": 1, "uBob": 1, "uAl": 3], file: nil)
    #expect(rotations.unmatched(by: ["uBob", "uAnn"]) == ["uAl", "uZed"])
    #expect(LinkRotations().digest == "none")
    #expect(rotations.digest != LinkRotations(counts: ["uBob": 2], file: nil).digest)
  }
}

/// The same, through the command line and the sharded engine.
@Suite(.fullTier) struct LinkRotationBuildTests {
  func text(_ path: String) throws -> String {
    String(decoding: try FileSystem.readFile(path, limit: 1 << 24), as: UTF8.self)
  }

  /// Builds the archive fixture privately with the configuration `config`.
  func build(_ folder: TemporaryDirectory, config: String) throws -> (
    WallCLI.ExitCode, out: String, err: String
  ) {
    if FileSystem.kind(of: folder.url("export")) == .missing {
      _ = try ArchiveFixture.write(in: folder)
      try FileSystem.writeAtomically(LinkRotationTests.secret, to: folder.url("secret"))
    }
    try FileSystem.writeAtomically(Array(config.utf8), to: folder.url("wallgen.json"))
    return ArchiveFixture.runCLI([
      "build", folder.url("export"), "-o", folder.url("site"), "--private", "--secret-file",
      folder.url("secret"), "--config", folder.url("wallgen.json"),
    ])
  }

  @Test("rotating one link moves that wall, prunes the old folder and lists the new link")
  func rotateOne() throws {
    let folder = try TemporaryDirectory("rotate")
    let site = folder.url("site")
    let first = try build(folder, config: "{}")
    #expect(first.0 == .success, "\(first.err)")
    let oldBob = LinkRotationTests.oracleToken("uBob", rotation: 0)
    let oldPages = try SiteTree.contents(of: site)
    #expect(FileSystem.kind(of: "\(site)/walls/\(oldBob)/index.html") == .regular)

    let second = try build(folder, config: #"{"rotateLinks": {"uBob": 1}}"#)
    #expect(second.0 == .success, "\(second.err)")
    let newBob = LinkRotationTests.oracleToken("uBob", rotation: 1)
    #expect(FileSystem.kind(of: "\(site)/walls/\(oldBob)") == .missing)
    #expect(FileSystem.kind(of: "\(site)/walls/\(newBob)/index.html") == .regular)
    let tsv = try text("\(site).urls.tsv")
    #expect(
      tsv
        == ["uAnn", "uBob", "uEve"].map {
          "\($0)\twalls/\(LinkRotationTests.oracleToken($0, rotation: $0 == "uBob" ? 1 : 0))"
            + "/index.html\n"
        }.joined())
    let csv = try text("\(site).urls.csv")
    #expect(csv.contains("\"uBob\",\"bob\",\"Bob Builder\",\"walls/\(newBob)/index.html\""))
    #expect(!csv.contains(oldBob))
    // Everybody else's wall is where it was, byte for byte.
    let newPages = try SiteTree.contents(of: site)
    for (path, bytes) in oldPages where path.hasPrefix("walls/") && !path.contains(oldBob) {
      #expect(newPages[path] == bytes, "\(path)")
    }
    #expect(!newPages.keys.contains { $0.contains(oldBob) })
    // Raising the count again moves the wall again.
    let third = try build(folder, config: #"{"rotateLinks": {"uBob": 2}}"#)
    #expect(third.0 == .success, "\(third.err)")
    #expect(FileSystem.kind(of: "\(site)/walls/\(newBob)") == .missing)
    let newest = LinkRotationTests.oracleToken("uBob", rotation: 2)
    #expect(FileSystem.kind(of: "\(site)/walls/\(newest)/index.html") == .regular)
  }

  @Test("an objectId that no one with a wall has is a warning that says no link was replaced")
  func unmatchedWarns() throws {
    let folder = try TemporaryDirectory("rotate-typo")
    let result = try build(folder, config: #"{"rotateLinks": {"uBbo": 1}}"#)
    #expect(result.0 == .success, "\(result.err)")
    #expect(
      result.err.contains(
        "warning: \(folder.url("wallgen.json")): 'rotateLinks' names uBbo, the objectId of no "
          + "one with a wall: no link was replaced for it"))
    #expect(result.err.contains("1 warning"), "\(result.err)")
  }

  @Test(
    "a count that is not a whole number from 1 is refused, naming the file and the key",
    arguments: [
      (#"{"rotateLinks": {"uBob": 0}}"#, "'rotateLinks.uBob' must be a whole number from 1 to "),
      (#"{"rotateLinks": {"uBob": "1"}}"#, "not a string"),
      (#"{"rotateLinks": {"uBob": 1.5}}"#, "not 1.5"),
      (#"{"rotateLinks": ["uBob"]}"#, "'rotateLinks' must be an object of objectIds and counts"),
    ])
  func refused(config: String, expected: String) throws {
    let folder = try TemporaryDirectory("rotate-refused")
    let result = try build(folder, config: config)
    #expect(result.0 == .usage)
    #expect(result.err.contains(expected), "\(result.err)")
    #expect(FileSystem.kind(of: folder.url("site")) == .missing)
  }

  @Test("plan, shard and finalize put the rotated wall where the one-process build does")
  func shardedAgrees() throws {
    let folder = try TemporaryDirectory("rotate-sharded")
    let export = try ArchiveFixture.write(in: folder)
    let rotations = LinkRotations(counts: ["uEve": 1], file: "wallgen.json")
    var one = SiteBuilder.Settings(export: export, output: folder.url("one"))
    one.pipeline.jobs = 2
    one.pipeline.linkRotations = rotations
    one.privateSecret = LinkRotationTests.secret
    _ = try SiteBuilder(settings: one).build()

    let plan = folder.url("plan")
    _ = try PlanWriter(settings: PlanWriter.Settings(export: export, plan: plan)).write()
    var options = ShardFixture.settings(folder.url("sharded"), secret: LinkRotationTests.secret)
    options.pipeline.linkRotations = rotations
    let shard = try #require(ShardSpec(index: 0, count: 1))
    _ = try ShardBuilder(plan: plan, shard: shard, settings: options).build()
    _ = try ShardFinalizer(plan: plan, settings: options).build()

    let (a, b) = (try SiteTree.contents(of: one.output), try SiteTree.contents(of: options.output))
    #expect(Set(a.keys) == Set(b.keys))
    for (path, bytes) in a where b[path] != bytes { Issue.record("\(path) differs") }
    let eve = LinkRotationTests.oracleToken("uEve", rotation: 1)
    #expect(b["walls/\(eve)/index.html"] != nil)
  }
}

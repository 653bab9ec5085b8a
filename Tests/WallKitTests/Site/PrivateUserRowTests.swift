import Foundation
import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// A `_User` row that anyone may not read (issue 44, item 5).
///
/// A public site gives that person no wall and no place in the index, and shows nothing of the
/// row (name, username, picture) anywhere. Their photos stay where the photos' own ACL allows, credited to "someone". Both
/// engines (one process, and plan + shards + finalize) make the same site.
@Suite struct PrivateUserRowTests {
  typealias P = ParseFixtures

  /// How Bob's `_User` row says that only he may read it.
  enum Restriction: String, CaseIterable, CustomTestStringConvertible {
    case acl, rperm
    var testDescription: String { rawValue }
    var fields: [String: JSONValue] {
      switch self {
      case .acl: ["ACL": ["uB": ["read": true, "write": true]]]
      case .rperm: ["_rperm": ["uB"], "_wperm": ["uB"]]
      }
    }
  }

  static let bobName = "Bobby Hiddenname"
  static let bobUsername = "bobhiddenuser"

  /// Ann, Bob and Cat, all friends; each uploads a public photo, and Bob comments on Ann's.
  ///
  /// Bob has a Graph picture (`graph/2.png`) unless `bobPicture` is false; `restriction`
  /// makes his row readable by him alone (nil: readable by anyone).
  static func writeExport(to root: String, restriction: Restriction?, bobPicture: Bool = true)
    throws
  {
    let export = try ExportWriter(root: root)
    try export.writeClass(
      "_User",
      [
        P.user("uA", username: "ann", fbId: "1", name: "Ann Open"),
        P.user(
          "uB", username: bobUsername, fbId: "2", name: bobName,
          extra: restriction?.fields ?? [:]),
        P.user("uC", username: "cat", fbId: "3", name: "Cat Open"),
      ])
    try export.writeClass("_Join:friends:_User", P.friendRows(among: ["uA", "uB", "uC"]))
    try export.writeClass(
      "WallImage",
      [
        P.image("iA", uploaderFBId: "1", username: "ann", fileName: "a.png", at: 100),
        P.image("iB", uploaderFBId: "2", username: bobUsername, fileName: "b.png", at: 200),
        P.image("iC", uploaderFBId: "3", username: "cat", fileName: "c.png", at: 300),
      ])
    try export.writeClass(
      "WallImageComment",
      [
        P.comment(
          "cB", on: "iA", byFBId: "2", username: bobUsername, text: "Nice one", at: 150)
      ])
    try export.writeCheckerPNGs([("a.png", 8), ("b.png", 10), ("c.png", 12)])
    if bobPicture {
      try export.writeFile(
        "graph/2.png", ImageFixtures.checkerPNG(width: 40, height: 40, alpha: true))
    }
  }

  /// The site of a one-process build of `export` into `output`.
  static func buildOneProcess(_ export: String, into output: String, secret: [UInt8]? = nil)
    throws -> [String: [UInt8]]
  {
    var settings = SiteBuilder.Settings(export: export, output: output)
    settings.pipeline.jobs = 2
    settings.privateSecret = secret
    _ = try SiteBuilder(settings: settings).build()
    return try SiteTree.contents(of: output)
  }

  /// The site of `export` planned in 2 parts (or, `whole`, by the whole importer) and built by
  /// 2 shards and finalize.
  static func buildSharded(
    _ export: String, in folder: TemporaryDirectory, name: String, whole: Bool
  ) throws -> [String: [UInt8]] {
    let plan = folder.url("\(name).plan")
    if whole {
      var settings = PlanWriter.Settings(export: export, plan: plan)
      settings.importWhole = true
      _ = try PlanWriter(settings: settings).write()
    } else {
      _ = try PlanPartsTests.planInParts(export, plan: plan, count: 2)
    }
    let output = folder.url(name)
    try ShardFixture.buildSharded(plan: plan, output: output, count: 2, order: [1, 0])
    return try SiteTree.contents(of: output)
  }

  static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
    let needle = Array(text.utf8)
    guard needle.count <= bytes.count else { return false }
    return (0...(bytes.count - needle.count)).contains { start in
      bytes[start..<start + needle.count].elementsEqual(needle)
    }
  }

  @Test(
    "a public site shows nothing of a _User row anyone may not read: no wall, no index entry, no name or picture; their photo and comment stay, by 'someone'",
    arguments: Restriction.allCases)
  func publicSiteLeavesTheRowOut(restriction: Restriction) throws {
    let folder = try TemporaryDirectory("private-user-row")
    let export = folder.url("export")
    try Self.writeExport(to: export, restriction: restriction)
    let site = try Self.buildOneProcess(export, into: folder.url("site"))

    #expect(!site.keys.contains { $0.hasPrefix("walls/uB/") }, "Bob has no public wall")
    #expect(site.keys.contains("walls/uA/index.html") && site.keys.contains("walls/uC/index.html"))
    for (path, bytes) in site {
      for secret in [Self.bobName, Self.bobUsername, "Bobby", "walls/uB"] {
        #expect(!Self.contains(bytes, secret), "\(path) holds '\(secret)'")
      }
    }
    let ann = String(decoding: try #require(site["walls/uA/index.html"]), as: UTF8.self)
    #expect(ann.contains("iB"), "Bob's public photo stays on Ann's wall")
    #expect(ann.contains("someone"), "credited to someone")
    let index = String(decoding: try #require(site["index.html"]), as: UTF8.self)
    #expect(index.contains("Ann Open") && index.contains("Cat Open"))

    // Bob's picture is not published: the media are those of the same export without it.
    let unpictured = folder.url("export-without-picture")
    try Self.writeExport(to: unpictured, restriction: restriction, bobPicture: false)
    let without = try Self.buildOneProcess(unpictured, into: folder.url("site-without-picture"))
    let media = { (site: [String: [UInt8]]) in site.keys.filter { $0.hasPrefix("media/") }.sorted()
    }
    #expect(media(site) == media(without))
  }

  @Test("the same export with Bob's row readable by anyone gives him a wall, named")
  func publicRowIsNamed() throws {
    let folder = try TemporaryDirectory("private-user-row")
    let export = folder.url("export")
    try Self.writeExport(to: export, restriction: nil)
    let site = try Self.buildOneProcess(export, into: folder.url("site"))
    #expect(site.keys.contains("walls/uB/index.html"))
    let ann = try #require(site["walls/uA/index.html"])
    #expect(Self.contains(ann, Self.bobName))
    #expect(!Self.contains(ann, "someone"))
  }

  @Test(
    "plan (in parts, or whole), shards and finalize make the one-process public site byte for byte",
    arguments: [false, true])
  func shardedSiteIsTheSame(whole: Bool) throws {
    let folder = try TemporaryDirectory("private-user-row")
    let export = folder.url("export")
    try Self.writeExport(to: export, restriction: .acl)
    let one = try Self.buildOneProcess(export, into: folder.url("one"))
    let sharded = try Self.buildSharded(export, in: folder, name: "sharded", whole: whole)
    #expect(Set(sharded.keys) == Set(one.keys))
    for (path, bytes) in one where sharded[path] != bytes {
      Issue.record("\(path) differs between the engines")
    }
  }

  @Test("both engines count the person left out, and the summary line says so")
  func omissionsCountThePerson() throws {
    let folder = try TemporaryDirectory("private-user-row")
    let export = folder.url("export")
    try Self.writeExport(to: export, restriction: .acl)
    var settings = SiteBuilder.Settings(export: export, output: folder.url("one"))
    settings.pipeline.jobs = 2
    let one = try SiteBuilder(settings: settings).build().summary
    #expect(one.publicOmissions == PublicOmissions(photos: 0, comments: 0, people: 1))
    #expect(one.walls == 2)
    let line = try #require(one.publicOmissions.line)
    #expect(
      line
        == "a public site leaves out 1 person (no wall; named 'someone'): the ACL of their _User "
        + "row does not let anyone read it; a --private build gives each person their own wall "
        + "with what they may read")
    let mixed = PublicOmissions(photos: 2, comments: 1, people: 3).line
    #expect(
      mixed?.hasPrefix(
        "a public site leaves out 3 people (no wall; named 'someone'), 2 photos and 1 comment "
          + "that their ACL does not let anyone read; ") == true)
    let plan = folder.url("plan")
    _ = try PlanPartsTests.planInParts(export, plan: plan, count: 2)
    let sharded = try ShardFixture.buildSharded(
      plan: plan, output: folder.url("sharded"), count: 2, order: [0, 1]
    ).result.summary
    #expect(sharded.publicOmissions == one.publicOmissions)
    #expect(sharded.walls == one.walls)
  }

  @Test("a private build still gives Bob his own wall, with his name on it")
  func privateBuildKeepsHisWall() throws {
    let folder = try TemporaryDirectory("private-user-row")
    let export = folder.url("export")
    try Self.writeExport(to: export, restriction: .acl)
    let secret = Array("a private build's secret, long enough".utf8)
    let site = try Self.buildOneProcess(export, into: folder.url("site"), secret: secret)
    let named = site.filter { $0.key.hasPrefix("walls/") && Self.contains($0.value, Self.bobName) }
    #expect(!named.isEmpty, "Bob's name is on his private wall")
  }
}

import Foundation
import Testing
import WallKit
import WallKitTestSupport
import WallSynth

@testable import WallPlan

/// Rows that are faulty on their own (no objectId, a bad date, a missing file, a malformed
/// ACL, no text) or name what is not there (a missing image, an unknown uploader or author)
/// are reported by a plan made in parts, not sent to the whole import: the merged plan is the
/// whole import's, row for row, problems, samples and counts included.
@Suite(.fullTier, .serialized) struct PlanFaultyRowsTests {
  /// A JSON object from `members`.
  static func object(_ members: [String: JSONValue]) -> JSONValue { .object(members) }

  /// The rows of `<className>.json` in `root`.
  static func rows(_ className: String, in root: String) throws -> [JSONValue] {
    let bytes = try FileSystem.readFile("\(root)/\(className).json", limit: 1 << 24)
    return try JSONReader.parse(Array(bytes))["results"]?.arrayValue ?? []
  }

  /// `row` with `members` set (a nil value removes the member).
  static func with(_ row: JSONValue, _ members: [String: JSONValue?]) -> JSONValue {
    var fields = row.objectValue ?? [:]
    for (key, value) in members { fields[key] = value }
    return .object(fields)
  }

  /// The small synthetic export with faulty rows of every kind a part hands on, some rows
  /// with two faults (where the whole import reports only the first), and `flood` comments on
  /// a missing image.
  /// - Parameter oddRows: Whether rows that are no object or have no objectId are among them
  ///   (a Parse Server export cannot hold them).
  static func writeFaultyExport(in folder: TemporaryDirectory, flood: Int, oddRows: Bool = true)
    throws -> String
  {
    let root = folder.url("export")
    try ShardFixture.write(ShardedBuildTests.smallExport(), to: root)
    let writer = try ExportWriter(root: root)
    let unknown: [String: JSONValue?] = ["userFBId": .string("nobody"), "user": .string("ghost")]
    let badDate: [String: JSONValue?] = ["createdAt": .string("yesterday")]

    var users = try rows("_User", in: root)
    users[4] = with(users[4], ["ACL": .integer(5)])
    // A later user with the Facebook id of a user who has a Graph file of friends: records by
    // it go to the first; both take the Graph file's name and friends.
    let graphed = FileSystem.contents(of: "\(root)/graph").sorted().first { $0.hasSuffix(".json") }
    let shared = try #require(graphed.map { String($0.dropLast(5)) })
    #expect(users.contains { $0["fbId"]?.stringValue == shared })
    users.append(
      object(["objectId": .string("twin"), "username": .string("twin"), "fbId": .string(shared)]))
    // Its Graph file also lists a friend without an id and one who is no user; a Graph file no
    // user has; a user whose Facebook id is no file name.
    let graphFile = "\(root)/graph/\(shared).json"
    var graph = try JSONReader.parse(Array(try FileSystem.readFile(graphFile, limit: 1 << 20)))
    var listed = graph["friends"]?["data"]?.arrayValue ?? []
    listed += [object([:]), object(["id": .string("nobody-fb")])]
    graph = with(graph, ["friends": object(["data": .array(listed)])])
    // With a repeated key: reported once for each of the two users who have the file.
    let repeated = graph.serialized.replacingOccurrences(
      of: "{", with: #"{"name":"First","#, options: .anchored)
    try writer.writeFile("graph/\(shared).json", Array(repeated.utf8))
    try writer.writeFile(
      "graph/999999.json",
      Array(#"{"id":"999999","name":"Stray","friends":{"data":[{"id":"1"}]}}"#.utf8))
    // A user's Graph file that is no JSON, and one no user has, which the import never reads.
    let others = FileSystem.contents(of: "\(root)/graph").sorted().filter {
      $0.hasSuffix(".json") && $0 != "\(shared).json" && $0 != "999999.json"
    }
    let broken = try #require(others.first)
    try writer.writeFile("graph/\(broken)", Array(#"{"name":"Cut","friends":{"data":["#.utf8))
    try writer.writeFile("graph/888888.json", Array("not JSON".utf8))
    users.append(
      object(["objectId": .string("slash"), "username": .string("slash"), "fbId": .string("a/b")]))
    // An objectId given twice in a file: the first row is kept, the second reported and not
    // read further (its username, its bad ACL).
    users.append(with(users[1], ["username": .string("second"), "ACL": .integer(1)]))
    if oddRows { users += [.integer(7), object(["username": .string("no-id")])] }
    try writer.writeClass("_User", users)

    // Friend and role rows naming who is not there (a deleted user), given twice, labelled by
    // their own objectId or not, and a role without a name.
    var friends = try rows("_Join:friends:_User", in: root)
    let userID = friends[0]["owningId"]?.stringValue ?? ""
    friends += [
      object(["owningId": .string("gone"), "relatedId": .string(userID)]),
      object(["owningId": .string(userID), "relatedId": .string("gone")]),
      object(["owningId": .string("gone"), "relatedId": .string(userID)]),
      object(
        ["owningId": .string(userID), "relatedId": .string("left"), "objectId": .string("f1")]),
      object(["owningId": .string(userID)]),
    ]
    try writer.writeClass("_Join:friends:_User", friends)
    var roles = try rows("_Role", in: root)
    #expect(!roles.isEmpty)
    let roleID = roles.first?["objectId"]?.stringValue ?? ""
    roles.append(object(["objectId": .string("nameless")]))
    roles.append(object(["objectId": .string(roleID)]))
    try writer.writeClass("_Role", roles)
    var members = try rows("_Join:users:_Role", in: root)
    members += [
      object(["owningId": .string("nameless"), "relatedId": .string(userID)]),
      object(["owningId": .string(roleID), "relatedId": .string("gone")]),
    ]
    try writer.writeClass("_Join:users:_Role", members)
    try writer.writeClass(
      "_Join:roles:_Role",
      [
        object(["owningId": .string(roleID), "relatedId": .string("nameless")]),
        object(["owningId": .string("nameless"), "relatedId": .string(roleID)]),
      ])

    var images = try rows("WallImage", in: root)
    #expect(images.count > 12)
    let imageIDs = images.map { $0["objectId"]?.stringValue ?? "" }
    images[1] = with(images[1], badDate)
    images[2] = with(images[2], unknown.merging(badDate) { a, _ in a })
    images[3] = with(
      images[3], ["image": object(["__type": .string("File"), "name": .string("gone.jpg")])])
    images[4] = with(images[4], unknown.merging(["ACL": .string("bad")]) { a, _ in a })
    images[5] = with(images[5], ["ACL": .array([])])
    images.append(with(images[6], unknown.merging(["ACL": .string("bad")]) { a, _ in a }))
    if oddRows { images.append(object(["createdAt": .string("2015-01-01T00:00:00.000Z")])) }
    try writer.writeClass("WallImage", images)

    var comments = try rows("WallImageComment", in: root)
    #expect(comments.count > 12)
    comments[0] = with(comments[0], ["imageObjectId": .string("nope")])
    comments[1] = with(comments[1], ["imageObjectId": .string(imageIDs[1])])
    comments[2] = with(comments[2], badDate)
    comments[3] = with(comments[3], unknown.merging(badDate) { a, _ in a })
    comments[4] = with(comments[4], ["imageObjectId": nil])
    comments[5] = with(comments[5], ["comment": nil])
    comments[6] = with(
      comments[6], ["imageObjectId": .string(imageIDs[4]), "ACL": .string("bad")])
    comments[7] = with(comments[7], ["ACL": .bool(true), "comment": .string("")])
    comments.append(with(comments[9], ["imageObjectId": nil, "ACL": .string("bad")]))
    // Images of the older class sharing objectIds with WallImage rows: one whose WallImage is
    // kept (reported, its caption not shown, its bad ACL not read), one whose WallImage is kept and whose uploader is
    // unknown (reported only as sharing it), one whose WallImage is not (read as its own).
    // Comments with a caption's objectId: one kept (it stands in the caption's place), one on
    // a missing image (the caption stays).
    let caption = { (text: String) -> [String: JSONValue?] in ["comment": .string(text)] }
    try writer.writeClass(
      "WallImageObject",
      [
        with(images[0], ["ACL": .string("bad")].merging(caption("hidden caption")) { a, _ in a }),
        with(images[7], unknown.merging(caption("hidden too")) { a, _ in a }),
        with(
          images[8], ["objectId": .string(imageIDs[2])].merging(caption("replaced")) { a, _ in a }),
        with(images[9], ["objectId": .string("wio-a")].merging(caption("kept")) { a, _ in a }),
      ])
    comments[10] = with(
      comments[10],
      ["objectId": .string("\(imageIDs[2]):caption"), "imageObjectId": .string(imageIDs[2])])
    comments[11] = with(
      comments[11], ["objectId": .string("wio-a:caption"), "imageObjectId": .string("nope")])
    for index in 0..<flood {
      comments.append(
        with(comments[8], ["objectId": .string("flood\(index)"), "imageObjectId": .string("x")]))
    }
    try writer.writeClass("WallImageComment", comments)
    return root
  }

  @Test(
    "faulty rows are reported by the parts and the merge in the whole import's words; no whole import",
    arguments: [1, 3])
  func faultyRowsMergeAsTheWholeImport(_ count: Int) throws {
    let folder = try TemporaryDirectory("plan-faulty-rows")
    let root = try Self.writeFaultyExport(in: folder, flood: 1_500)
    var whole = PlanWriter.Settings(export: root, plan: folder.url("whole.sqlite"))
    whole.importWhole = true
    let expected = try PlanWriter(settings: whole).write()
    let reasons = expected.report.problems.map(\.reason)
    for words in [
      "is not an ISO-8601 date; the image is not shown", "unknown uploader", "missing file",
      "nobody is shown the object", "comment on missing image", "unknown author",
      "is not an ISO-8601 date; the comment is not shown", "has no imageObjectId",
      "the comment has no text", "has no string objectId", "not an object",
      "more comments on missing images", "owningId \"gone\" is no user",
      "relatedId \"gone\" is no user", "relatedId \"left\" is no user", "role has no name",
      "owningId \"nameless\" is no role", "a side of the row is no role",
      "lacks a string owningId or relatedId", "records by that id go to", "has no id",
      "friend id \"nobody-fb\" is no user", "which no _User has", "not a safe file name",
      "the first one is kept", "invalid JSON at", "objectId is also a WallImage's",
    ] {
      #expect(reasons.contains { $0.contains(words) }, "the whole import reports \(words)")
    }
    // Once for each user who has the Graph file; never for the file no user has.
    #expect(reasons.filter { $0.hasPrefix("key \"name\" appears more than once") }.count == 2)
    #expect(
      !expected.report.problems.contains {
        $0.file == "graph/888888.json" && $0.reason.contains("JSON")
      })
    // The oracle itself: a comment stands in a caption's place, a shadowed caption is not shown.
    let comments = try PlanTables.rows(of: folder.url("whole.sqlite"))["comments"] ?? []
    #expect(comments.contains { $0.hasPrefix("wio-a:caption\tWallImageObject\t") })
    #expect(comments.contains { $0.contains(":caption\tWallImageComment\t") })
    #expect(!comments.contains { $0.contains("hidden") })
    let result = try PlanPartsTests.planInParts(
      root, plan: folder.url("parts.sqlite"), count: count, order: Array((0..<count).reversed()))
    #expect(result.wholeImport == nil, "\(result.wholeImport ?? "")")
    let (a, b) = (
      try PlanTables.rows(of: folder.url("whole.sqlite")),
      try PlanTables.rows(of: folder.url("parts.sqlite"))
    )
    for table in a.keys.sorted() {
      let (x, y) = (a[table] ?? [], b[table] ?? [])
      let difference = zip(x, y).first { $0 != $1 }
      #expect(
        x.count == y.count && difference == nil,
        "\(table): \(x.count) rows whole, \(y.count) merged; first difference \(difference.map { "\($0)" } ?? "in the count")"
      )
    }
    let (listed, merged) = (expected.report.problems, result.report.problems)
    let difference = zip(listed, merged).first { $0 != $1 }
    #expect(
      listed.count == merged.count && difference == nil,
      "\(listed.count) problems whole, \(merged.count) merged; first difference \(difference.map { "\($0)" } ?? "in the count")"
    )
    #expect(
      (result.users, result.images, result.comments, result.sources)
        == (expected.users, expected.images, expected.comments, expected.sources))
  }

  @Test(
    "a flood of rows without an objectId: each part lists 1,000 and counts the rest; the merge reports them as the whole import does"
  )
  func floodIsBoundedInEachPart() throws {
    let folder = try TemporaryDirectory("plan-faulty-flood")
    let root = folder.url("export")
    let (rows, _) = try FloodExport.write(to: root, commentBytes: 60_000)
    try ExportWriter(root: root).writeFile("files/a", try ImageFixtures.codedJPEG(1))
    #expect(rows > 3 * ProblemReport.sampleLimit)
    var whole = PlanWriter.Settings(export: root, plan: folder.url("whole.sqlite"))
    whole.importWhole = true
    let expected = try PlanWriter(settings: whole).write()
    let plan = folder.url("parts.sqlite")
    var written = 0
    for index in 0..<3 {
      var settings = PlanWriter.Settings(export: root, plan: plan)
      settings.part = ShardSpec(index: index, count: 3)
      _ = try PlanWriter(settings: settings).write()
      let part = try SQLiteDatabase(
        path: "\(plan).parts/\(index)-of-3.sqlite", create: false)
      try part.prepare("SELECT count(*) FROM problems").forEach([]) { row in
        let count = Int(row.integer(0))
        #expect(count <= ProblemReport.sampleLimit, "part \(index): \(count) problems written")
        written += count
      }
    }
    #expect(written == 3 * ProblemReport.sampleLimit)
    var settings = PlanWriter.Settings(export: root, plan: plan)
    settings.mergeCount = 3
    let merged = try PlanWriter(settings: settings).write()
    #expect(merged.wholeImport == nil, "\(merged.wholeImport ?? "")")
    #expect(merged.report.problems == expected.report.problems)
    #expect(merged.report.errorCount == rows)
    #expect(
      try PlanTables.rows(of: plan)["problems"]
        == PlanTables.rows(of: folder.url("whole.sqlite"))["problems"])
  }

  @Test("a site built from the merged plan of a faulty export is the one-process build's")
  func faultySiteMatchesOneProcess() throws {
    let folder = try TemporaryDirectory("plan-faulty-site")
    let root = try Self.writeFaultyExport(in: folder, flood: 20)
    try Self.expectShardedSiteMatches(root, in: folder)
  }

  /// Plans `root` in 2 parts (no whole import), builds it in 2 shards and finalize, and checks
  /// that the site and its problems are the one-process build's.
  static func expectShardedSiteMatches(
    _ root: String, in folder: TemporaryDirectory,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let plan = folder.url("plan.sqlite")
    let planned = try PlanPartsTests.planInParts(root, plan: plan, count: 2)
    #expect(
      planned.wholeImport == nil, "\(planned.wholeImport ?? "")", sourceLocation: sourceLocation)
    let sharded = folder.url("sharded")
    let settings = SiteBuilder.Settings(export: root, output: sharded)
    for index in 0..<2 {
      guard let shard = ShardSpec(index: index, count: 2) else { continue }
      _ = try ShardBuilder(plan: plan, shard: shard, settings: settings).build()
    }
    let finalized = try ShardFinalizer(plan: plan, settings: settings).build()
    let one = folder.url("one")
    let built = try SiteBuilder(settings: SiteBuilder.Settings(export: root, output: one)).build()
    #expect(finalized.report.sorted == built.report.sorted, sourceLocation: sourceLocation)
    let expected = try ShardFixture.digests(of: one)
    #expect(expected.count > 50, sourceLocation: sourceLocation)
    #expect(try ShardFixture.digests(of: sharded) == expected, sourceLocation: sourceLocation)
  }
}

import Foundation
import Testing
import WallKitTestSupport

@testable import WallKit
@testable import WallPlan

/// What a shard record claims is read as a stream, never loaded whole: by a shard run again
/// after a kill (its leftovers), by a run of another shard count (a record set aside onto an
/// older one) and by finalize (the records set aside).
@Suite(.fullTier) struct ShardRecordClaimsTests {
  /// Shard 0 of 2, the shard of every record here.
  static func shard() throws -> ShardSpec { try #require(ShardSpec(index: 0, count: 2)) }

  /// A site with the pages of walls `u1` (two pages and a file wallgen did not name) and `u3`.
  static func site(in folder: TemporaryDirectory) throws -> String {
    let site = folder.url("site")
    for file in ["walls/u1/index.html", "walls/u1/page-2.html", "walls/u1/notes.txt"]
      + ["walls/u3/index.html"]
    {
      try FileSystem.createDirectory(
        "\(site)/\(file.split(separator: "/").dropLast().joined(separator: "/"))")
      try FileSystem.writeAtomically("x", to: "\(site)/\(file)")
    }
    return site
  }

  /// A record of `shard` listing files, a record, a folder and leftovers of every kind.
  static func record() throws -> ShardRecord {
    var record = ShardRecord(
      plan: "p", fingerprint: "f", settings: ShardSettings(values: [:]), shard: try shard())
    record.files = ["media/a.jpg", "walls/u2/index.html", "../outside.html"]
    record.records = ["media/a.json"]
    record.folders = ["walls/u1"]
    record.leftovers = ShardClaims(
      files: ["media/old.jpg"], records: ["media/old.json"], folders: ["walls/u3"])
    record.covers = ["u2": WallCover(imageCount: 1)]
    return record
  }

  /// The lines `forEachClaim` gives for the record at `path`.
  static func claims(_ path: String, siteRoot: String?, shard: ShardSpec? = nil) throws
    -> [String]
  {
    var lines: [String] = []
    try ShardRecord.forEachClaim(path: path, shard: try shard ?? Self.shard(), siteRoot: siteRoot) {
      lines.append($0)
    }
    return lines
  }

  @Test("a record's claims, read as a stream: its lists and leftovers, a folder as its wall pages")
  func claimsReadAsAStream() throws {
    let folder = try TemporaryDirectory("record-claims")
    let site = try Self.site(in: folder)
    let state = folder.url("state")
    try Self.record().save(stateRoot: state)
    let path = ShardRecord.path(try Self.shard(), stateRoot: state)
    let common =
      ["f media/a.jpg", "f walls/u2/index.html", "r media/a.json"]
      + ["f media/old.jpg", "r media/old.json"]
    #expect(
      try Self.claims(path, siteRoot: site).sorted()
        == (common + [
          "f walls/u1/index.html", "f walls/u1/page-2.html", "f walls/u3/index.html",
        ]).sorted())
    #expect(
      try Self.claims(path, siteRoot: nil).sorted()
        == (common + ["d walls/u1", "d walls/u3"]).sorted())
    // Not a record of this shard, or no record: nothing.
    #expect(
      try Self.claims(path, siteRoot: site, shard: try #require(ShardSpec(index: 1, count: 2)))
        == [])
    #expect(try Self.claims(folder.url("none.json"), siteRoot: site) == [])
  }

  @Test("an older wallgen's record, all JSON, claims the same")
  func olderRecordClaims() throws {
    let folder = try TemporaryDirectory("record-claims-older")
    let site = try Self.site(in: folder)
    let path = folder.url("0-of-2.json")
    let document: JSONValue = [
      "shard": 0, "count": 2, "plan": "p", "state": "finished",
      "files": ["media/a.jpg", "../outside.html"], "records": ["media/a.json"],
      "folders": ["walls/u1"], "leftovers": ["files": ["media/old.jpg"]],
    ]
    try FileSystem.writeAtomically(document.serialized + "\n", to: path)
    #expect(
      try Self.claims(path, siteRoot: site).sorted() == [
        "f media/a.jpg", "f media/old.jpg", "f walls/u1/index.html", "f walls/u1/page-2.html",
        "r media/a.json",
      ])
  }

  @Test("a record set aside onto an older one keeps both's lists, and leaves no scratch file")
  func setAsideOntoAnOlderRecord() throws {
    let folder = try TemporaryDirectory("record-aside")
    let state = folder.url("state")
    let shard = try Self.shard()
    var older = ShardRecord(
      plan: "old", fingerprint: "f", settings: ShardSettings(values: [:]), shard: shard)
    older.files = ["media/b.jpg"]
    older.folders = ["walls/u4"]
    older.leftovers = ShardClaims(files: ["media/c.jpg"], records: ["media/c.json"])
    try older.save(
      to: ShardRecord.supersededPath(shard, stateRoot: state), stateRoot: state)
    let record = try Self.record()
    try record.save(stateRoot: state)
    let before = try Self.claims(ShardRecord.path(shard, stateRoot: state), siteRoot: nil)

    try ShardRecords.supersede(otherThan: 9, stateRoot: state)
    #expect(FileSystem.contents(of: "\(state)/\(ShardRecord.folder)") == ["0-of-2.superseded.json"])
    let aside = ShardRecord.supersededPath(shard, stateRoot: state)
    let merged = try #require(ShardRecord.load(path: aside, shard: shard))
    // The newer record as it was, with the older one's claims as leftovers.
    #expect(merged.plan == "p")
    #expect(merged.files == ["media/a.jpg", "walls/u2/index.html"])
    #expect(merged.folders == ["walls/u1"])
    #expect(merged.covers == record.covers)
    #expect(merged.leftovers.files == ["media/b.jpg", "media/c.jpg", "media/old.jpg"])
    #expect(merged.leftovers.records == ["media/c.json", "media/old.json"])
    #expect(merged.leftovers.folders == ["walls/u3", "walls/u4"])
    #expect(
      try Self.claims(aside, siteRoot: nil).sorted()
        == Set(before + ["f media/b.jpg", "d walls/u4", "f media/c.jpg", "r media/c.json"])
        .sorted())
    let head = try #require(ShardRecord.load(path: aside, shard: shard, lists: false))
    #expect(head.listedLeftovers > 0)
  }

  @Test("every line a record writes is taken apart into its kind, leftover or not, and path")
  func listLinesTakenApart() throws {
    let record = try Self.record()
    var kinds: [ShardRecord.ListKind: [String]] = [:]
    var leftovers: [ShardRecord.ListKind: [String]] = [:]
    for text in record.lines {
      let line = try #require(ShardRecord.ListLine(text), "\(text)")
      if line.isLeftover {
        leftovers[line.kind, default: []].append(line.path)
      } else {
        kinds[line.kind, default: []].append(line.kind == .cover ? text : line.path)
      }
    }
    #expect(kinds[.file]?.sorted() == record.files.sorted())
    #expect(kinds[.record] == record.records)
    #expect(kinds[.folder] == record.folders)
    #expect(kinds[.cover]?.count == record.covers.count)
    #expect(leftovers[.file] == record.leftovers.files)
    #expect(leftovers[.record] == record.leftovers.records)
    #expect(leftovers[.folder] == record.leftovers.folders)
    #expect(leftovers[.cover] == nil)
    // Lines of no kind a record holds, a leftover cover among them.
    for text in ["", "l", "x media/a.jpg", "lc [\"u2\",1,null]", "lx a", "f", "media/a.jpg"] {
      #expect(ShardRecord.ListLine(text) == nil, "\(text)")
    }
  }
}

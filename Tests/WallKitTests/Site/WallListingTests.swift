import Foundation
import Testing
import WallKitTestSupport

@testable import WallKit

/// The walls of a build read as a stream: the build record written from the stream has the
/// bytes of the one written from memory, and the private lists of links are written a row at
/// a time to the bytes of the in-memory CSV.
@Suite(.fullTier) struct WallListingTests {
  /// Walls whose objectIds and names hold what JSON and CSV escape, and a name that spells the
  /// members the streamed record is cut at.
  static let walls = WallsInMemory(
    pages: [
      "u1": "walls/u1/index.html", "b\"q": "walls/x1/index.html",
      "e\u{301}": "walls/x2/index.html", "f": "walls/f/index.html", "<&>": "walls/x3/index.html",
    ],
    owners: [
      "u1": OwnerNames(username: "ann", displayName: #""owners":{}"wallPages":{}"#),
      "b\"q": OwnerNames(username: "@evil", displayName: "=cmd|' /C calc'!A0"),
      "e\u{301}": OwnerNames(username: "zoë", displayName: "Line\nbreak, \"quoted\""),
      "<&>": OwnerNames(username: "", displayName: "\u{2028}"),
      "f": OwnerNames(username: "fay", displayName: "Fay"),
    ])

  /// A record with a summary and a problem, and `walls` held in memory.
  static func record(fingerprint: String, holding walls: WallsInMemory = WallsInMemory())
    -> BuildRecord
  {
    var summary = BuildSummary()
    summary.walls = 5
    summary.pages = 7
    return BuildRecord(
      fingerprint: fingerprint, summary: summary,
      problems: [
        Problem(.warning, file: "_User.json", objectId: "u1", reason: "odd \"owners\":{}")
      ],
      wallPages: walls.pages, owners: walls.owners)
  }

  /// The record's file name in a state folder.
  static let recordFile = "last-build.json"

  func bytes(_ path: String) throws -> [UInt8] { try FileSystem.readFile(path, limit: 1 << 24) }

  @Test(
    "the build record written from a stream of walls has the bytes of the one written from memory",
    arguments: [false, true])
  func streamedRecord(empty: Bool) throws {
    let folder = try TemporaryDirectory("record-walls")
    let walls = empty ? WallsInMemory() : Self.walls
    try Self.record(fingerprint: "sharded x", holding: walls).save(
      stateRoot: folder.url("memory"), fileCount: 12)
    try Self.record(fingerprint: "sharded x").save(
      stateRoot: folder.url("stream"), fileCount: 12, walls: walls)
    let expected = try bytes(folder.url("memory/\(Self.recordFile)"))
    #expect(try bytes(folder.url("stream/\(Self.recordFile)")) == expected)
    #expect(String(decoding: expected, as: UTF8.self).contains(empty ? "\"wallPages\":{}" : "u1"))
  }

  @Test("a record that holds walls itself is not also given a stream of them")
  func recordWithWallsRefused() throws {
    let folder = try TemporaryDirectory("record-walls-twice")
    let record = Self.record(
      fingerprint: "x", holding: WallsInMemory(pages: ["u1": "walls/u1/index.html"]))
    let error = #expect(throws: WriteError.self) {
      try record.save(stateRoot: folder.path, fileCount: 1, walls: Self.walls)
    }
    #expect(error?.path == folder.url(Self.recordFile))
    #expect(FileSystem.kind(of: folder.url(Self.recordFile)) == .missing)
  }

  @Test("the URL list and the CSV of links are written a row at a time, mode 600")
  func streamedLinkLists() throws {
    let folder = try TemporaryDirectory("link-lists")
    let base = try BaseURL("https://example.org/site")
    let (tsv, csv) = (folder.url("site.urls.tsv"), folder.url("site.urls.csv"))
    try FileSystem.writeAtomically("older and longer text than the list", to: csv)
    try WallCLI.writeURLList(Self.walls, to: tsv)
    try WallCLI.writeLinkList(Self.walls, baseURL: base, to: csv)
    let expectedCSV = PrivateLinkList.csv(
      pages: Self.walls.pages, owners: Self.walls.owners, baseURL: base)
    #expect(String(decoding: try bytes(csv), as: UTF8.self) == expectedCSV)
    let lines = Self.walls.pages.sorted { $0.key < $1.key }.map { "\($0.key)\t\($0.value)\n" }
    #expect(String(decoding: try bytes(tsv), as: UTF8.self) == lines.joined())
    // Swift's order: "e" and U+0301 compose to "é" (U+00E9), after "u".
    #expect(lines.map { $0.split(separator: "\t")[0] } == ["<&>", "b\"q", "f", "u1", "\u{e9}"])
    for file in [tsv, csv] {
      let attributes = try FileManager.default.attributesOfItem(atPath: file)
      #expect((attributes[.posixPermissions] as? Int) == 0o600, "\(file)")
    }
  }
}

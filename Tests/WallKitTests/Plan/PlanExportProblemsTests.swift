import Foundation
import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// What concerns a whole export (what its opening refused, what the takedown list names that is
/// not there, a `files/` that holds nothing) is handed on by the first part of a plan and
/// reported by the merge where and as the whole import reports it: no part falls back to the
/// whole import for it.
@Suite(.fullTier, .serialized) struct PlanExportProblemsTests {
  /// Plans `root` whole (the oracle), then in 1 and 3 parts, and checks that each plan in parts
  /// was read in parts and equals the whole import's, row for row, problems included; returns
  /// the whole import's problems.
  @discardableResult
  static func expectPartsEqualWhole(
    _ root: String, in folder: TemporaryDirectory,
    exclusion: ExportExclusion = ExportExclusion(),
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> [Problem] {
    var whole = PlanWriter.Settings(export: root, plan: folder.url("whole.sqlite"))
    whole.importWhole = true
    whole.exclusion = exclusion
    let expected = try PlanWriter(settings: whole).write()
    let rows = try PlanTables.rows(of: folder.url("whole.sqlite"))
    for count in [1, 3] {
      let plan = folder.url("parts-\(count).sqlite")
      let result = try PlanPartsTests.planInParts(
        root, plan: plan, count: count, exclusion: exclusion)
      #expect(
        result.wholeImport == nil, "\(count) parts: \(result.wholeImport ?? "")",
        sourceLocation: sourceLocation)
      let (merged, listed) = (try PlanTables.rows(of: plan), result.report.problems)
      // Compared apart, so that a failure names the difference, not every row.
      let differing = Set(rows.keys).union(merged.keys).filter { rows[$0] != merged[$0] }
      #expect(
        differing.isEmpty, "\(count) parts: tables that differ: \(differing.sorted())",
        sourceLocation: sourceLocation)
      let sameProblems = listed == expected.report.problems
      #expect(
        sameProblems,
        "\(count) parts: \(listed.count) problems merged, \(expected.report.problems.count) whole; first difference \(zip(listed, expected.report.problems).first { $0 != $1 }.map { "\($0)" } ?? "in the count")",
        sourceLocation: sourceLocation)
    }
    return expected.report.problems
  }

  @Test(
    "an export without files/, or with an empty one, is planned in parts; its photos are counted once, as the whole import counts them",
    arguments: [false, true])
  func unfilledFilesFolder(empty: Bool) throws {
    let folder = try TemporaryDirectory("plan-no-files")
    let root = folder.url("export")
    // Floods of comments without an objectId and of Graph friends without an id, besides.
    try FloodExport.write(to: root, commentBytes: 6_000, graphFiles: 2, graphBytes: 3_000)
    let export = try ExportWriter(root: root)
    try export.writeClass(
      "WallImageObject",
      (0..<5).map {
        ParseFixtures.image(
          "o\($0)", uploaderFBId: "\(1000 + $0 % 4)", username: "user\($0 % 4)",
          fileName: "o\($0).jpg", at: $0)
      })
    if empty {
      try FileManager.default.createDirectory(
        atPath: "\(root)/files", withIntermediateDirectories: false)
    }
    let problems = try Self.expectPartsEqualWhole(root, in: folder)
    let files = try #require(problems.first { $0.file == "files/" })
    // u3 (Facebook id 1003) is no user: its image is not counted.
    #expect(files.reason.contains("the 5 photos that WallImage.json and WallImageObject.json name"))
    #expect(files.reason.contains(empty ? "files/ folder is empty" : "has no files/ folder"))
  }

  @Test(
    "a zip whose opening refused entries is planned in parts, each refused entry reported once")
  func refusedZipEntries() throws {
    let folder = try TemporaryDirectory("plan-refused-entries")
    let root = folder.url("export")
    try ShardFixture.write(ShardedBuildTests.smallExport(), to: root)
    var entries: [RawZipEntry] = []
    func add(_ path: String, as name: String) throws {
      for entry in FileSystem.contents(of: path).sorted() {
        let inner = name.isEmpty ? entry : "\(name)/\(entry)"
        if FileSystem.kind(of: "\(path)/\(entry)") == .directory {
          try add("\(path)/\(entry)", as: inner)
        } else {
          entries.append(
            RawZipEntry(
              inner, data: Array(try Data(contentsOf: URL(fileURLWithPath: "\(path)/\(entry)")))))
        }
      }
    }
    try add(root, as: "")
    let repeated = try #require(entries.first { $0.name.starts(with: Array("files/".utf8)) })
    entries += [
      RawZipEntry("../outside.json", data: Array("[]".utf8)),
      RawZipEntry("graph/a//b.json", data: Array("{}".utf8)), repeated,
    ]
    let zip = folder.url("export.zip")
    try Data(ZipFixtures.rawArchive(entries)).write(to: URL(fileURLWithPath: zip))
    let problems = try Self.expectPartsEqualWhole(zip, in: folder)
    let refused = problems.filter { $0.reason.hasPrefix("zip entry refused") }
    #expect(refused.count == 3, "\(refused)")
  }

  @Test(
    "class files walls do not use are checked by the parts, each problem reported once where the whole import reports it"
  )
  func otherClassFiles() throws {
    let folder = try TemporaryDirectory("plan-other-class-files")
    // Faulty rows besides, whose problems come before these.
    let root = try PlanFaultyRowsTests.writeFaultyExport(in: folder, flood: 5)
    let export = try ExportWriter(root: root)
    for (name, text) in [
      ("Audit.json", "{not JSON"), ("Good.json", "[]"), ("Zeta.json", "[1, 2"),
      ("Lines.json", "{\"_id\":\"a\"}\n{\"_id\":\"b\"}\n{bad\n{\"_id\":\"c\"}\n[\n"),
    ] {
      try export.writeFile(name, Array(text.utf8))
    }
    let problems = try Self.expectPartsEqualWhole(root, in: folder)
    let other = problems.filter { $0.reason.hasSuffix("the class is not used by walls") }
    #expect(other.map(\.file) == ["Audit.json", "Lines.json", "Lines.json", "Zeta.json"])
  }

  @Test(
    "a takedown list naming people and images the export does not hold is planned in parts, each warned of once"
  )
  func takedownListNamingNobody() throws {
    let folder = try TemporaryDirectory("plan-exclusion-warnings")
    let root = folder.url("export")
    try ShardFixture.write(ShardedBuildTests.smallExport(), to: root)
    let exclusion = ExportExclusion(users: ["nobody", "id:nothing"], images: ["no-such-image"])
    let problems = try Self.expectPartsEqualWhole(root, in: folder, exclusion: exclusion)
    #expect(problems.filter { $0.file == exclusion.file }.count == 3, "\(problems)")
  }
}

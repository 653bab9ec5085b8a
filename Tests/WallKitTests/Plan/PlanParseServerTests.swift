import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// A Parse Server export (`mongoexport`: documents one per line, or `--jsonArray`; with or
/// without `_SCHEMA.json`) is planned in parts, streamed like a Parse.com export, and the
/// merged plan is the whole import's, row for row, problems included.
@Suite(.fullTier, .serialized) struct PlanParseServerTests {
  /// The layouts written, by name.
  static let layouts: [(String, ParseServerExport.Options)] = [
    ("documents per line", ParseServerExport.Options()),
    ("--jsonArray, canonical", ParseServerExport.Options(jsonArray: true, canonical: true)),
    ("no _SCHEMA.json", ParseServerExport.Options(schema: false)),
  ]

  @Test(
    "a Parse Server export merges from parts into the whole import's plan, without a whole import",
    arguments: 0..<3)
  func parseServerPlansInParts(_ index: Int) throws {
    let (name, options) = Self.layouts[index]
    let folder = try TemporaryDirectory("plan-parse-server")
    let parseCom = try PlanFaultyRowsTests.writeFaultyExport(
      in: folder, flood: 0, oddRows: false)
    let root = folder.url("mongo")
    try ParseServerExport(options: options).convert(parseCom: parseCom, to: root)
    #expect(try ExportImporter.load(root).layout == .parseServer, "\(name)")
    var whole = PlanWriter.Settings(export: root, plan: folder.url("whole.sqlite"))
    whole.importWhole = true
    let expected = try PlanWriter(settings: whole).write()
    #expect(expected.users > 50 && expected.images > 50, "\(name)")
    for count in [1, 3] {
      let plan = folder.url("parts-\(count).sqlite")
      let result = try PlanPartsTests.planInParts(root, plan: plan, count: count)
      #expect(result.wholeImport == nil, "\(name), \(count): \(result.wholeImport ?? "")")
      let (a, b) = (
        try PlanTables.rows(of: folder.url("whole.sqlite")), try PlanTables.rows(of: plan)
      )
      for table in a.keys.sorted() {
        let (x, y) = (a[table] ?? [], b[table] ?? [])
        let difference = zip(x, y).first { $0 != $1 }
        #expect(
          x.count == y.count && difference == nil,
          "\(name), \(count), \(table): \(x.count) rows whole, \(y.count) merged; first difference \(difference.map { "\($0)" } ?? "in the count")"
        )
      }
      let (listed, merged) = (expected.report.problems, result.report.problems)
      #expect(
        listed.count == merged.count && zip(listed, merged).allSatisfy { $0 == $1 },
        "\(name), \(count): \(listed.count) problems whole, \(merged.count) merged")
    }
  }

  @Test(
    "a site built in shards from a Parse Server export's plan in parts is the one-process build's")
  func parseServerSiteMatchesOneProcess() throws {
    let folder = try TemporaryDirectory("plan-parse-server-site")
    let parseCom = try PlanFaultyRowsTests.writeFaultyExport(in: folder, flood: 5, oddRows: false)
    let root = folder.url("mongo")
    try ParseServerExport().convert(parseCom: parseCom, to: root)
    try PlanFaultyRowsTests.expectShardedSiteMatches(root, in: folder)
  }
}

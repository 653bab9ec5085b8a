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

  /// Zips the folder `root` into `zip`, every entry under `export/`.
  static func zipFolder(_ root: String, to zip: String) throws {
    let writer = try ZipWriter(path: zip)
    func add(_ folder: String, as name: String) throws {
      for entry in FileSystem.contents(of: folder).sorted() {
        let path = "\(folder)/\(entry)"
        if FileSystem.kind(of: path) == .directory {
          try add(path, as: "\(name)/\(entry)")
        } else {
          try writer.addFile(
            named: "\(name)/\(entry)", contentsOf: path, modified: ZipTimestamp(unixSeconds: 0))
        }
      }
    }
    try add(root, as: "export")
    try writer.finish()
  }

  @Test(
    "a zipped export's class files over classFileBytes are streamed by the parts, as from a folder"
  )
  func zippedClassFilesStream() throws {
    let folder = try TemporaryDirectory("plan-zip-stream")
    let root = try PlanFaultyRowsTests.writeFaultyExport(in: folder, flood: 50, oddRows: false)
    let mongo = folder.url("mongo")
    try ParseServerExport().convert(parseCom: root, to: mongo)
    for (name, source) in [("Parse.com", root), ("Parse Server", mongo)] {
      let zip = folder.url("\(name).zip")
      try Self.zipFolder(source, to: zip)
      var whole = PlanWriter.Settings(export: zip, plan: folder.url("\(name)-whole.sqlite"))
      whole.importWhole = true
      _ = try PlanWriter(settings: whole).write()
      var small = ImportLimits()
      small.classFileBytes = 1_024
      #expect((FileSystem.size(of: "\(source)/WallImageComment.json") ?? 0) > 1_024)
      let plan = folder.url("\(name)-parts.sqlite")
      let result = try PlanPartsTests.planInParts(zip, plan: plan, count: 3, limits: small)
      #expect(result.wholeImport == nil, "\(name): \(result.wholeImport ?? "")")
      #expect(
        try PlanTables.rows(of: plan).filter { $0.key != "meta" }
          == PlanTables.rows(of: folder.url("\(name)-whole.sqlite")).filter { $0.key != "meta" },
        "\(name)")
    }
  }
}

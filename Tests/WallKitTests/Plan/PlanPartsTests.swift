import Foundation
import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// A plan made in parts (`wallgen plan --part K/N`, then `--merge N`) is the plan of the whole
/// import, row for row, and a sharded site built from it is the one-process site.
@Suite(.fullTier, .serialized) struct PlanPartsTests {
  /// The exports the tests plan, each written into `folder` by name.
  static let exports = ["demo", "everything", "synthetic", "hostile"]

  /// Writes export `name` into `folder` and returns its path.
  static func write(_ name: String, in folder: TemporaryDirectory) throws -> String {
    switch name {
    case "demo": return RepositoryPaths.path("Examples/demo-export")
    case "everything":
      try EverythingExport.write(to: folder.url("export"))
      return folder.url("export")
    case "hostile": return try HostileExport.write(in: folder.path)
    default:
      try ShardFixture.write(ShardedBuildTests.smallExport(), to: folder.url("export"))
      return folder.url("export")
    }
  }

  /// Writes parts `0..<count` of the plan of `root` into `plan`, in `order`, then merges them.
  static func planInParts(
    _ root: String, plan: String, count: Int, order: [Int]? = nil,
    limits: ImportLimits = ImportLimits(), exclusion: ExportExclusion = ExportExclusion()
  ) throws -> PlanWriter.Result {
    for index in order ?? Array(0..<count) {
      var settings = PlanWriter.Settings(export: root, plan: plan)
      settings.part = ShardSpec(index: index, count: count)
      settings.jobs = 2
      settings.importLimits = limits
      settings.exclusion = exclusion
      _ = try PlanWriter(settings: settings).write()
    }
    var settings = PlanWriter.Settings(export: root, plan: plan)
    settings.mergeCount = count
    settings.importLimits = limits
    settings.exclusion = exclusion
    return try PlanWriter(settings: settings).write()
  }

  @Test(
    "plans merged from 1, 3 and 4 parts equal the whole import's, row for row, problems included",
    arguments: exports)
  func partsEqualWholeImport(_ name: String) throws {
    // The hostile export links to the folder holding it: the plans go elsewhere.
    let exportFolder = try TemporaryDirectory("plan-parts-export")
    let folder = try TemporaryDirectory("plan-parts")
    let root = try Self.write(name, in: exportFolder)
    var whole = PlanWriter.Settings(export: root, plan: folder.url("whole.sqlite"))
    whole.importWhole = true
    let expected = try PlanWriter(settings: whole).write()
    let rows = try PlanTables.rows(of: folder.url("whole.sqlite"))
    #expect((rows["users"] ?? []).count > 2)
    for count in [1, 3, 4] {
      let plan = folder.url("parts-\(count).sqlite")
      let result = try Self.planInParts(
        root, plan: plan, count: count, order: [count - 1] + Array(0..<(count - 1)))
      // The hostile export's problems (links out of it among them) are handed on too.
      #expect(result.wholeImport == nil, "\(name): \(result.wholeImport ?? "")")
      let merged = try PlanTables.rows(of: plan)
      for table in rows.keys.sorted() {
        let (a, b) = (rows[table] ?? [], merged[table] ?? [])
        #expect(
          a == b,
          "\(name), \(count) parts, \(table): \(a.count) rows whole, \(b.count) merged; first difference \(zip(a, b).first { $0 != $1 }.map { "\($0)" } ?? "in the count")"
        )
      }
      #expect(result.report.sorted == expected.report.sorted, "\(name), \(count) parts")
      #expect(
        (result.users, result.images, result.comments, result.sources)
          == (expected.users, expected.images, expected.comments, expected.sources))
      #expect(FileSystem.kind(of: "\(plan).parts") == .missing, "the parts are removed")
    }
  }

  /// The plan of `root` imported whole under `limits`: its tables but `meta` (which names the
  /// limits).
  static func wholePlanRows(_ root: String, plan: String, limits: ImportLimits = ImportLimits())
    throws -> [String: [String]]
  {
    var whole = PlanWriter.Settings(export: root, plan: plan)
    whole.importWhole = true
    whole.importLimits = limits
    _ = try PlanWriter(settings: whole).write()
    return try PlanTables.rows(of: plan).filter { $0.key != "meta" }
  }

  @Test(
    "class files larger than classFileBytes are streamed by the parts, row for row as a whole import reads them"
  )
  func classFilesOverTheLimitStream() throws {
    let folder = try TemporaryDirectory("plan-parts-stream")
    let root = try Self.write("synthetic", in: folder)
    let expected = try Self.wholePlanRows(root, plan: folder.url("whole"))
    var small = ImportLimits()
    small.classFileBytes = 1_024
    for name in ["_User.json", "WallImage.json", "WallImageComment.json"] {
      #expect((FileSystem.size(of: "\(root)/\(name)") ?? 0) > small.classFileBytes, "\(name)")
    }
    let result = try Self.planInParts(root, plan: folder.url("parts"), count: 3, limits: small)
    #expect(result.wholeImport == nil, "\(result.wholeImport ?? "")")
    #expect(try PlanTables.rows(of: folder.url("parts")).filter { $0.key != "meta" } == expected)
  }

  /// `_User.json` rewritten from its rows (the text of each) in a way a part does not read in
  /// parts, and the words its reason must hold; the limits of the case.
  static var unreadInParts: [(String, ([String]) -> String, String, ImportLimits)] {
    var short = ImportLimits()
    short.rowBytes = 64
    let normal = ImportLimits()
    func first(_ rows: [String], _ members: String) -> [String] {
      [rows[0].replacingOccurrences(of: "{", with: "{" + members, options: .anchored)]
        + rows.dropFirst()
    }
    return [
      (
        "lines",
        {
          $0.map { $0.replacingOccurrences(of: "{", with: "{\"_id\":1,", options: .anchored) }
            .joined(separator: "\n")
        }, "mix two layouts", normal
      ),
      (
        "second results", { "{\"results\":[" + $0.joined(separator: ",") + "],\"results\":[]}" },
        "another member", normal
      ),
      (
        "another shape", { "{\"rows\":[" + $0.joined(separator: ",") + "]}" }, "not open with",
        normal
      ),
      ("row too long", { "[" + $0.joined(separator: ",") + "]" }, "longer than 64 bytes", short),
      (
        "bytes between rows", { "[" + $0.joined(separator: " x,") + "]" }, "'x' after a row", normal
      ),
      ("truncated", { "[" + $0.joined(separator: ",") }, "ends before its rows", normal),
    ]
  }

  @Test(
    "a class file a part does not fully understand makes the merge import the export whole, naming why",
    arguments: 0..<6)
  func unreadInPartsImportsWhole(_ index: Int) throws {
    let (name, rewrite, reason, limits) = Self.unreadInParts[index]
    let folder = try TemporaryDirectory("plan-parts-fallback")
    let root = try Self.write("synthetic", in: folder)
    let users = try JSONReader.parse(
      Array(try FileSystem.readFile("\(root)/_User.json", limit: 1 << 24)))
    let rows = (users["results"]?.arrayValue ?? []).map(\.serialized)
    #expect(rows.count > 3)
    try FileSystem.writeAtomically(rewrite(rows), to: "\(root)/_User.json")
    // Some of these the build refuses (nothing is built): the merge must refuse them alike.
    let expected = Self.outcome {
      try Self.wholePlanRows(root, plan: folder.url("whole"), limits: limits)
    }
    var reasons: [String] = []
    for index in 0..<3 {
      var settings = PlanWriter.Settings(export: root, plan: folder.url("parts"))
      settings.part = ShardSpec(index: index, count: 3)
      settings.importLimits = limits
      reasons.append(try PlanWriter(settings: settings).write().wholeImport ?? "")
    }
    #expect(
      reasons.contains { $0.contains("_User.json") && $0.contains(reason) }, "\(name): \(reasons)")
    let merged = Self.outcome {
      var settings = PlanWriter.Settings(export: root, plan: folder.url("parts"))
      settings.mergeCount = 3
      settings.importLimits = limits
      _ = try PlanWriter(settings: settings).write()
      return try PlanTables.rows(of: folder.url("parts")).filter { $0.key != "meta" }
    }
    #expect(merged == expected, "\(name)")
  }

  @Test(
    "a row's repeated keys and lone surrogates are handed on by its part and reported as the whole import reports them"
  )
  func rowFindingsAreHandedOn() throws {
    let folder = try TemporaryDirectory("plan-parts-findings")
    let root = try Self.write("synthetic", in: folder)
    for className in ["_User", "WallImageComment"] {
      let file = "\(root)/\(className).json"
      let document = try JSONReader.parse(Array(try FileSystem.readFile(file, limit: 1 << 24)))
      var rows = (document["results"]?.arrayValue ?? []).map(\.serialized)
      #expect(rows.count > 3)
      // Rows taken by different parts; the second without its objectId.
      rows[0] = rows[0].replacingOccurrences(
        of: "{", with: #"{"zz":1,"zz":2,"zz":3,"#, options: .anchored)
      rows[2] = #"{"note":"\ud800","zz":1,"zz":2}"#
      rows[3] = rows[3].replacingOccurrences(
        of: "{", with: #"{"note":"a\udc00b","#, options: .anchored)
      try FileSystem.writeAtomically("[" + rows.joined(separator: ",") + "]", to: file)
    }
    let problems = try PlanExportProblemsTests.expectPartsEqualWhole(root, in: folder)
    #expect(problems.filter { $0.reason.contains("zz") }.count == 6, "\(problems)")
    #expect(problems.filter { $0.reason.contains("surrogate") }.count == 4, "\(problems)")
  }

  /// The tables `body` gives, or the text of the error it throws.
  static func outcome(_ body: () throws -> [String: [String]]) -> [String: [String]] {
    do {
      return try body()
    } catch {
      return ["error": ["\(error)"]]
    }
  }

  @Test("a generated export's flood of unseen comments is sampled as the whole import samples it")
  func sampledProblemsMatch() throws {
    let folder = try TemporaryDirectory("plan-parts-flood")
    let root = folder.url("export")
    // Few friends and many restricted comments: more than ProblemReport.sampleLimit unseen.
    let export = ShardFixture.randomGraph(
      edges: 40, edgeSeed: 9, imagesPerUser: 6, commentsPerImage: 8, seed: 11)
    try ShardFixture.write(export, to: root)
    var whole = PlanWriter.Settings(export: root, plan: folder.url("whole.sqlite"))
    whole.importWhole = true
    let expected = try PlanWriter(settings: whole).write()
    let merged = try Self.planInParts(root, plan: folder.url("parts.sqlite"), count: 3)
    #expect(merged.wholeImport == nil)
    #expect(merged.report.sorted == expected.report.sorted)
    #expect(
      try PlanTables.rows(of: folder.url("parts.sqlite"))["problems"]
        == PlanTables.rows(of: folder.url("whole.sqlite"))["problems"])
  }

  @Test("a site sharded from a plan made in 3 parts equals the one-process build, byte for byte")
  func shardsOfPartsEqualOneBuild() throws {
    let folder = try TemporaryDirectory("plan-parts-site")
    let root = try Self.write("everything", in: folder)
    _ = try SiteBuilder(settings: ShardFixture.settings(folder.url("one"), export: root)).build()
    let expected = try ShardFixture.digests(of: folder.url("one"))
    let plan = folder.url("plan")
    let merged = try Self.planInParts(root, plan: plan, count: 3, order: [2, 0, 1])
    #expect(merged.wholeImport == nil)
    let site = folder.url("sharded")
    _ = try ShardFixture.buildSharded(plan: plan, output: site, count: 3, order: [1, 2, 0])
    let built = try ShardFixture.digests(of: site)
    #expect(built.keys.sorted() == expected.keys.sorted())
    #expect(expected.keys.filter { built[$0] != expected[$0] }.sorted() == [])
  }

  /// Runs the built wallgen with `arguments`; its exit status and what it printed.
  static func wallgen(_ arguments: [String]) throws -> (status: Int32, output: String) {
    try ExternalTool.run(try #require(BuiltProduct.wallgen), arguments)
  }

  @Test(
    "a merge without part 1/3 exits 1 naming it and writes no plan; a part killed, then run again, completes it",
    .enabled(if: BuiltProduct.wallgen != nil, "no wallgen executable beside the test bundle"))
  func missingAndKilledPart() throws {
    let folder = try TemporaryDirectory("plan-parts-missing")
    let root = try Self.write("synthetic", in: folder)
    let plan = folder.url("plan")
    for part in ["0/3", "2/3"] {
      #expect(try Self.wallgen(["plan", root, "--part", part, "-o", plan, "--quiet"]).status == 0)
    }
    // What a part killed while writing leaves: its temporary file, never the part itself.
    let leftover = "\(plan).parts/1-of-3.sqlite.wallgen-tmp-999999"
    try FileSystem.writeAtomically("half a part", to: leftover)
    let refused = try Self.wallgen(["plan", root, "--merge", "3", "-o", plan])
    #expect(refused.status == 1, "\(refused.output)")
    #expect(
      refused.output.contains("part 1/3 of the plan has not been written"), "\(refused.output)")
    #expect(refused.output.contains("1-of-3.sqlite"), "\(refused.output)")
    #expect(FileSystem.kind(of: plan) == .missing)
    // A real kill: the part is stopped at once, then run again to its end.
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(BuiltProduct.wallgen))
    process.arguments = ["plan", root, "--part", "1/3", "-o", plan, "--quiet"]
    try process.run()
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(try Self.wallgen(["plan", root, "--part", "1/3", "-o", plan, "--quiet"]).status == 0)
    let merged = try Self.wallgen(["plan", root, "--merge", "3", "-o", plan])
    #expect(merged.status == 0, "\(merged.output)")
    #expect(FileSystem.kind(of: "\(plan).parts") == .missing, "parts and leftovers are removed")
    var whole = PlanWriter.Settings(export: root, plan: folder.url("whole"))
    whole.importWhole = true
    _ = try PlanWriter(settings: whole).write()
    // The whole plan is written by this test process, another program than the wallgen that
    // merged: their identities differ by design (`ProgramIdentity`), every other row is equal.
    let program = { (path: String) throws in
      var tables = try PlanTables.rows(of: path)
      tables["meta"]?.removeAll { $0.hasPrefix("identity\t") }
      return tables
    }
    #expect(try program(plan) == program(folder.url("whole")))
    // Run again, a part and the merge find the plan up to date.
    let again = try Self.wallgen(["plan", root, "--part", "0/3", "-o", plan])
    #expect(again.output.contains("is up to date"), "\(again.output)")
    #expect(FileSystem.kind(of: "\(plan).parts") == .missing)
  }

  @Test(
    "a merge with a part of another export exits 1 naming the part and writes no plan",
    .enabled(if: BuiltProduct.wallgen != nil, "no wallgen executable beside the test bundle"))
  func partOfAnotherExport() throws {
    let folder = try TemporaryDirectory("plan-parts-other")
    let root = try Self.write("synthetic", in: folder)
    let other = try TemporaryDirectory("plan-parts-other-export")
    let otherRoot = try Self.write("everything", in: other)
    let plan = folder.url("plan")
    for index in 0..<2 {
      #expect(
        try Self.wallgen(["plan", root, "--part", "\(index)/2", "-o", plan, "--quiet"]).status == 0)
    }
    // Part 1/2 of the other export, in this plan's place.
    #expect(
      try Self.wallgen(["plan", otherRoot, "--part", "1/2", "-o", plan, "--quiet"]).status == 0)
    let refused = try Self.wallgen(["plan", root, "--merge", "2", "-o", plan])
    #expect(refused.status == 1, "\(refused.output)")
    #expect(
      refused.output.contains("part 1/2 of the plan was made from another export"),
      "\(refused.output)")
    #expect(refused.output.contains("1-of-2.sqlite"), "\(refused.output)")
    #expect(FileSystem.kind(of: plan) == .missing)
    let usage = try Self.wallgen(["plan", root, "--part", "2/2", "-o", plan])
    #expect(usage.status == 64, "\(usage.output)")
  }
}

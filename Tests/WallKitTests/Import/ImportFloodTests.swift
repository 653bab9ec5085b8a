import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// Files full of bad elements give a bounded report: a sample of each kind, and a count.
@Suite struct ImportFloodTests {
  @Test("a Graph file of 5,000 friends without an id lists 1,000 and counts the rest")
  func graphFlood() throws {
    let folder = try TemporaryDirectory("flood-graph")
    let written = try FloodExport.write(to: folder.path, graphFiles: 2, graphBytes: 15_000)
    let friends = written.friendsPerGraph
    #expect(friends > 4_900)
    let result = try ExportImporter.load(folder.path)
    let lines = result.report.sorted.filter { $0.file == "graph/1000.json" }
    #expect(lines.count == ProblemReport.sampleLimit + 1)
    #expect(lines.first?.description == "graph/1000.json: 1000: friend #1 has no id")
    #expect(
      lines.last?.description
        == "graph/1000.json: 1000: … and 3,\(friends - 4_000) more friends without an id")
    #expect(lines.last?.omitted == friends - 1_000)
    // And the photo's missing file.
    #expect(result.report.errorCount == 2 * friends + 1)
  }

  @Test("a class file of empty rows lists 1,000 and counts the rest")
  func classFileFlood() throws {
    let folder = try TemporaryDirectory("flood-rows")
    let written = try FloodExport.write(to: folder.path, commentBytes: 9_000)
    let result = try ExportImporter.load(folder.path)
    let lines = result.report.sorted.filter { $0.file == "WallImageComment.json" }
    #expect(lines.count == ProblemReport.sampleLimit + 1)
    #expect(
      lines.last?.description
        == "WallImageComment.json: WallImageComment: … and 1,\(written.commentRows - 2_000) more entries without a string objectId"
    )
    #expect(result.report.errorCount == written.commentRows + 1)
    #expect(result.failure == nil)
  }

  @Test("a plan keeps the count of the problems it does not list")
  func planKeepsCounts() throws {
    let folder = try TemporaryDirectory("flood-plan")
    let flood = try FloodExport.write(to: folder.url("export"), graphFiles: 1, graphBytes: 6_000)
    var settings = PlanWriter.Settings(
      export: folder.url("export"), plan: folder.url("plan.sqlite"))
    settings.jobs = 1
    let written = try PlanWriter(settings: settings).write()
    #expect(!written.upToDate)
    let again = try PlanWriter(settings: settings).write()
    #expect(again.upToDate)
    #expect(again.report.errorCount == written.report.errorCount)
    #expect(again.report.sorted == written.report.sorted)
    let counting = again.report.problems.filter { $0.omitted > 0 }
    #expect(
      counting.map(\.reason) == [
        "… and \(flood.friendsPerGraph - 1_000) more friends without an id"
      ])
  }

  @Test("a row longer than rowBytes is checked, reported and skipped; the rows around it are read")
  func tooLongRow() throws {
    let folder = try TemporaryDirectory("flood-long-row")
    try FloodExport.write(to: folder.path)
    let long = String(repeating: "x", count: 300)
    let comments = """
      {"results":[
      {"objectId":"c1","imageObjectId":"i1","userFBId":"1001","comment":"a","createdAt":"2014-01-01T00:00:01.000Z"},
      {"objectId":"c2","imageObjectId":"i1","userFBId":"1001","comment":"\(long)","createdAt":"2014-01-01T00:00:02.000Z"},
      {"objectId":"c3","imageObjectId":"i1","userFBId":"1001","comment":"b","createdAt":"2014-01-01T00:00:03.000Z"}
      ]}
      """
    try ExportWriter(root: folder.path).writeFile("WallImageComment.json", Array(comments.utf8))
    let result = ExportImporter.load(
      from: try ExportOpener.open(folder.path), limits: ImportLimits(rowBytes: 260))
    #expect(result.failure == nil)
    #expect(Set(result.dataset.comments.keys) == ["c1", "c3"])
    #expect(
      result.report.problems.map(\.description).contains(
        "WallImageComment.json: WallImageComment: entry #2 is 408 bytes long, more than the 260 bytes a row may have; it is not read"
      ))
  }
}

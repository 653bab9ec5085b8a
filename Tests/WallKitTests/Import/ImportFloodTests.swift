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
}

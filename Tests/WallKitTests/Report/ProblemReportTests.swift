import Testing
import WallKit

/// A report lists a bounded sample of each kind of problem in each file and counts the rest.
@Suite struct ProblemReportTests {
  @Test("of one kind in one file, the first 1,000 are listed and the rest counted in one line")
  func samplesOneKind() {
    var report = ProblemReport()
    for position in 1...2_500 {
      report.error(
        "graph/1.json", "", "1", "friend #\(position) has no id", kind: "friends without an id")
    }
    let problems = report.problems
    #expect(problems.count == ProblemReport.sampleLimit + 1)
    #expect(problems.first?.reason == "friend #1 has no id")
    #expect(problems[999].reason == "friend #1000 has no id")
    #expect(
      problems.last
        == Problem(
          .error, file: "graph/1.json", objectId: "1",
          reason: "… and 1,500 more friends without an id", omitted: 1_500))
    #expect(problems.last?.description == "graph/1.json: 1: … and 1,500 more friends without an id")
    #expect(report.errorCount == 2_500)
    #expect(report.warningCount == 0)
  }

  @Test("each file and each kind has its own sample; the call site is the kind when none is named")
  func kindsAndFiles() {
    var report = ProblemReport()
    for position in 1...1_200 {
      for file in ["a.json", "b.json"] {
        report.warning(file, "C", "o\(position)", "first \(position)")
        report.warning(file, "C", "o\(position)", "second \(position)")
      }
    }
    let counting = report.problems.filter { $0.omitted > 0 }
    #expect(report.problems.count == 4 * 1_000 + 4)
    #expect(
      counting.map(\.description) == [
        "a.json: C: warning: … and 200 more like \"first 1\"",
        "a.json: C: warning: … and 200 more like \"second 1\"",
        "b.json: C: warning: … and 200 more like \"first 1\"",
        "b.json: C: warning: … and 200 more like \"second 1\"",
      ])
    #expect(report.warningCount == 4_800)
  }

  @Test("an unlisted problem's reason is never made")
  func reasonsAreLazy() {
    var report = ProblemReport()
    var made = 0
    func reason() -> String {
      made += 1
      return "bad"
    }
    for _ in 1...5_000 { report.error("x.json", "X", "", reason(), kind: "bad rows") }
    #expect(made == ProblemReport.sampleLimit)
    #expect(report.errorCount == 5_000)
  }

  @Test("past 100,000 listed problems, each new one is only counted")
  func listLimit() {
    var report = ProblemReport()
    for file in 0..<101 {
      for position in 0..<1_000 {
        report.error("graph/\(file).json", "", "", "friend #\(position)", kind: "friends")
      }
    }
    let problems = report.problems
    #expect(problems.count(where: { $0.omitted == 0 }) == ProblemReport.listLimit)
    #expect(
      problems.last
        == Problem(
          .error, file: "graph/100.json",
          reason: "1,000 friends, not listed: a report lists at most 100,000 problems",
          omitted: 1_000))
    #expect(report.errorCount == 101_000)
  }

  @Test("sorted puts a file's counting lines after its other problems")
  func sortedOrder() {
    var report = ProblemReport()
    for position in 0..<1_001 { report.error("b.json", "B", "z", "late \(position)", kind: "k") }
    report.error("a.json", "A", "", "first")
    report.error("b.json", "B", "a", "early")
    let sorted = report.sorted
    #expect(sorted.first?.file == "a.json")
    #expect(sorted[1].objectId == "a")
    #expect(sorted.last?.reason == "… and 1 more k")
    #expect(sorted.last?.objectId == "z")
  }

  @Test("appended problems keep their counts")
  func appendKeepsCounts() {
    var report = ProblemReport()
    report.append(contentsOf: [
      Problem(.warning, file: "a.json", reason: "… and 7 more things", omitted: 7),
      Problem(.error, file: "a.json", reason: "bad"),
    ])
    #expect(report.warningCount == 7)
    #expect(report.errorCount == 1)
    #expect(!report.isEmpty)
  }
}

import Testing
import WallKit

@Suite struct BuildSummaryTests {
  @Test("the summary line puts each noun in the number it counts")
  func plurals() {
    var one = BuildSummary()
    (one.walls, one.pages, one.filesWritten, one.errors, one.warnings) = (1, 1, 1, 1, 1)
    #expect(
      one.line
        == "1 wall, 1 page (1 file written, 0 unchanged, 0 removed); "
        + "images: 0 processed, 0 reused, 0 failed; 1 error, 1 warning")
    var many = BuildSummary()
    (many.walls, many.pages, many.filesWritten) = (12, 14, 3)
    #expect(many.line.hasPrefix("12 walls, 14 pages (3 files written,"))
    #expect(many.line.hasSuffix("0 errors, 0 warnings"))
  }
}

import Foundation
import Testing
import WallKit
import WallKitTestSupport

/// Golden files: equal passes, a difference fails with a unified diff, recording fails too.
@Suite struct SnapshotTests {
  @Test("an equal file passes; a different one fails with a unified diff of the changed lines")
  func compare() throws {
    let folder = try TemporaryDirectory("snapshot")
    let golden = (1...20).map { "line \($0)" }.joined(separator: "\n") + "\n"
    try FileSystem.writeAtomically(golden, to: folder.url("page.html"))
    #expect(Snapshot.failure(golden, named: "page.html", in: folder.path, record: false) == nil)
    let changed = golden.replacingOccurrences(of: "line 10\n", with: "line ten\n")
    let failure = try #require(
      Snapshot.failure(changed, named: "page.html", in: folder.path, record: false))
    #expect(
      failure.hasSuffix(
        """
        --- golden/page.html
        +++ actual/page.html
        @@ -7,7 +7,7 @@
         line 7
         line 8
         line 9
        -line 10
        +line ten
         line 11
         line 12
         line 13
        """))
    // One byte more (a final newline) is a difference too.
    #expect(
      Snapshot.failure(golden + "\n", named: "page.html", in: folder.path, record: false) != nil)
  }

  @Test("a missing golden file fails, saying how to record it")
  func missing() throws {
    let folder = try TemporaryDirectory("snapshot")
    let failure = Snapshot.failure("x", named: "absent.html", in: folder.path, record: false)
    #expect(failure?.contains("RECORD_SNAPSHOTS=1") == true)
  }

  @Test("recording writes the file and still fails; the next comparison passes")
  func recording() throws {
    let folder = try TemporaryDirectory("snapshot")
    let failure = Snapshot.failure("<p>new</p>\n", named: "new.html", in: folder.path, record: true)
    #expect(failure?.hasPrefix("recorded ") == true)
    #expect(
      try FileSystem.readFile(folder.url("new.html"), limit: 100) == Array("<p>new</p>\n".utf8))
    #expect(
      Snapshot.failure("<p>new</p>\n", named: "new.html", in: folder.path, record: false) == nil)
  }

  @Test("a long diff is cut after its first lines")
  func longDiffIsCut() {
    let old = (1...200).map { "a\($0)" }.joined(separator: "\n")
    let new = (1...200).map { "b\($0)" }.joined(separator: "\n")
    let diff = LineDiff.unified(old, new, maxLines: 10)
    let lines = diff.split(separator: "\n")
    #expect(lines.count == 11)
    #expect(lines.last == "… 393 more lines")
    #expect(LineDiff.unified(old, old) == "")
  }

  @Test("separate changes give separate hunks; insertions and deletions count their lines")
  func hunks() {
    let old = (1...30).map { "\($0)" }.joined(separator: "\n")
    var lines = (1...30).map { "\($0)" }
    lines.remove(at: 4)
    lines.insert("new", at: 24)
    let diff = LineDiff.unified(old, lines.joined(separator: "\n"), context: 1)
    #expect(
      diff == """
        --- old
        +++ new
        @@ -4,3 +4,2 @@
         4
        -5
         6
        @@ -25,2 +24,3 @@
         25
        +new
         26
        """)
  }
}

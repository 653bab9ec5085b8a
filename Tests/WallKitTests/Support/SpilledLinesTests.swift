import Foundation
import Testing
import WallKit
import WallKitTestSupport

/// Lines gathered in any order and read back sorted with a bounded part of them in memory
/// (`SpilledLines`): what a shard's record lists are made of.
@Suite struct SpilledLinesTests {
  /// `count` unsorted paths drawn by a seeded generator from a small space, so some repeat.
  static func shuffledPaths(count: Int, seed: UInt64) -> [String] {
    var generator = SeededGenerator(seed: seed)
    return (0..<count).map { _ in
      "f walls/u\(Int.random(in: 0..<3_000, using: &generator))/page-\(Int.random(in: 1..<4, using: &generator)).html"
    }
  }

  @Test("lines added in any order come back sorted, each once, past the fan-in of runs")
  func sortedAcrossRuns() throws {
    let folder = try TemporaryDirectory()
    let added = Self.shuffledPaths(count: 6_000, seed: 5)
    do {
      // About 3 lines a run: far more runs than the merge's fan-in, so they are merged.
      let lines = SpilledLines(scratch: folder.url("scratch/lines"), byteBudget: 200)
      for line in added { try lines.append(line) }
      let first = try SortedLinesTests.drain(try lines.sorted())
      #expect(first == SortedLines.sorted(added))
      #expect(lines.runCount <= MergedLineSource.fanIn)
      #expect(!FileSystem.contents(of: folder.url("scratch")).isEmpty)
      // Read, then added to, then read again: the union.
      let more = Self.shuffledPaths(count: 500, seed: 6) + ["a first", "z last"]
      for line in more { try lines.append(line) }
      #expect(try SortedLinesTests.drain(try lines.sorted()) == SortedLines.sorted(added + more))
    }
    // The runs go with the list.
    #expect(FileSystem.contents(of: folder.url("scratch")) == [])
  }

  @Test("lines that fit the budget are read back sorted from one run; none gives an empty list")
  func smallList() throws {
    let folder = try TemporaryDirectory()
    let lines = SpilledLines(scratch: folder.url("lines"))
    #expect(try SortedLinesTests.drain(try lines.sorted()) == [])
    for line in ["r b", "f a", "f a", "d c"] { try lines.append(line) }
    #expect(try SortedLinesTests.drain(try lines.sorted()) == ["d c", "f a", "r b"])
    #expect(lines.runCount == 1)
  }
}

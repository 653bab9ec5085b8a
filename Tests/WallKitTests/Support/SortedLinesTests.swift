import Foundation
import Testing
import WallKit
import WallKitTestSupport

/// The sorted streams a sharded build's finalize step merges and compares (its manifest, the
/// shards' lists): a k-way merge and a difference that hold one line per stream.
@Suite struct SortedLinesTests {
  /// Every line of `source`.
  static func drain(_ source: any LineSource) throws -> [String] {
    var lines: [String] = []
    while let line = try source.next() { lines.append(line) }
    return lines
  }

  /// Writes `lines` to a file, one a line, and returns its path.
  static func write(_ lines: [String], to path: String, lastNewline: Bool = true) throws -> String {
    var text = lines.joined(separator: "\n")
    if lastNewline && !lines.isEmpty { text += "\n" }
    try FileSystem.writeAtomically(text, to: path)
    return path
  }

  /// `count` sorted paths drawn by a seeded generator from a small space, so that streams
  /// share some.
  static func paths(count: Int, seed: UInt64) -> [String] {
    var generator = SeededGenerator(seed: seed)
    let lines = (0..<count).map { _ in
      "f walls/u\(Int.random(in: 0..<400, using: &generator))/page-\(Int.random(in: 1..<4, using: &generator)).html"
    }
    return SortedLines.sorted(lines)
  }

  @Test("a k-way merge of sorted files gives their sorted union, each line once, past the fan-in")
  func mergeFiles() throws {
    let folder = try TemporaryDirectory()
    // More streams than are ever open at once, an empty one, and lines shared across them.
    let streams = (0..<(MergedLineSource.fanIn * 2 + 5)).map { index in
      index == 7 ? [] : Self.paths(count: 40, seed: UInt64(index + 1))
    }
    var openers: [any LineSourceOpener] = []
    for (index, lines) in streams.enumerated() {
      openers.append(
        LineFileOpener(path: try Self.write(lines, to: folder.url("in/\(index)"))))
    }
    openers.append(ArrayLineSource(["a first", "f walls/u1/page-1.html", "z last"]))
    let expected = SortedLines.sorted(
      streams.flatMap { $0 } + ["a first", "f walls/u1/page-1.html", "z last"])
    do {
      let merged = try MergedLineSource.merging(openers, scratch: folder.url("scratch/merge"))
      // A first round merged the streams in groups, into scratch files.
      #expect(FileSystem.contents(of: folder.url("scratch")).count == 3)
      #expect(try Self.drain(merged) == expected)
    }
    // The scratch files go with the merge.
    #expect(FileSystem.contents(of: folder.url("scratch")) == [])
  }

  @Test("a merge refuses a stream that is not sorted, naming its file")
  func unsortedStream() throws {
    let folder = try TemporaryDirectory()
    let path = try Self.write(["f b", "f a"], to: folder.url("bad"))
    let merged = MergedLineSource([ArrayLineSource(["f a"]), try LineFileReader(path: path)])
    let error = #expect(throws: WriteError.self) { _ = try Self.drain(merged) }
    #expect(error?.path == path)
  }

  @Test("the difference of two sorted streams is the lines only the first holds")
  func difference() throws {
    let old = Self.paths(count: 300, seed: 11)
    let new = Self.paths(count: 300, seed: 12)
    let gone = DifferenceLineSource(ArrayLineSource(old), removing: ArrayLineSource(new))
    #expect(try Self.drain(gone) == old.filter { !Set(new).contains($0) })
    let none = DifferenceLineSource(ArrayLineSource(old), removing: ArrayLineSource(old))
    #expect(try Self.drain(none) == [])
    let all = DifferenceLineSource(ArrayLineSource(old), removing: ArrayLineSource([]))
    #expect(try Self.drain(all) == old)
  }

  @Test("a file is read line by line: lines longer than the buffer, no newline at the end")
  func longLines() throws {
    let folder = try TemporaryDirectory()
    let long = String(repeating: "x", count: 200_000)
    let path = try Self.write(["a", long, "", "é b"], to: folder.url("f"), lastNewline: false)
    #expect(try Self.drain(try LineFileReader(path: path)) == ["a", long, "", "é b"])
  }

  @Test("a sorted writer refuses disorder and newlines, and leaves an equal file untouched")
  func writer() throws {
    let folder = try TemporaryDirectory()
    let path = folder.url("list")
    let first = try SortedLineWriter(path: path, header: "h")
    for line in ["a", "b", "b", "c"] { try first.append(line) }
    #expect(first.count == 3)
    #expect(try first.install())
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "h\na\nb\nc\n")
    let identity = FileSystem.identity(of: path)
    let again = try SortedLineWriter(path: path, header: "h")
    for line in ["a", "b", "c"] { try again.append(line) }
    #expect(try !again.install())
    #expect(FileSystem.identity(of: path) == identity)
    let bad = try SortedLineWriter(path: path)
    try bad.append("b")
    #expect(throws: WriteError.self) { try bad.append("a") }
    #expect(throws: WriteError.self) { try bad.append("c\nd") }
    bad.discard()
    #expect(FileSystem.contents(of: folder.path) == ["list"])
  }
}

/// A small deterministic generator (SplitMix64) for test data.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// The lines of several sorted sources as one sorted stream, each line once: a k-way merge
/// holding one line per source (a binary heap of them), whatever the sources' lengths.
public final class MergedLineSource: LineSource {
  private let sources: [any LineSource]
  /// The next line of each source not yet given, as a min-heap by line then source.
  private var heap: [(line: String, source: Int)] = []
  private var started = false
  private var last: String?
  /// Kept alive as long as the merge: the scratch files it reads (`SortedLineWriter`s that
  /// delete their file when they go).
  private let retained: [AnyObject]

  /// A merge of `sources`, each sorted (`SortedLines.precedes`).
  public init(_ sources: [any LineSource], retaining: [AnyObject] = []) {
    self.sources = sources
    retained = retaining
  }

  /// The most sources read at once by `merging(_:scratch:)`: each holds a file and a buffer.
  public static let fanIn = 64

  /// A merge of many sorted sources, each opened when needed, that never holds more than
  /// `fanIn` open at once: past that, groups of `fanIn` are merged first into scratch files
  /// (deleted when the merge goes), and those merged in turn.
  /// - Parameters:
  ///   - openers: Each makes one sorted source (an `ArrayLineSource` is one too).
  ///   - scratch: A path prefix for the scratch files (`<scratch>-<n>` and a temporary
  ///     suffix, which `BuildManifest.removeStaleTemporaries` removes if the process is killed).
  /// - Throws: `WriteError` when a source cannot be opened or read, or a scratch file written.
  public static func merging(
    _ openers: [any LineSourceOpener], scratch: String
  ) throws(WriteError) -> MergedLineSource {
    var openers = openers
    var retained: [AnyObject] = []
    var round = 0
    while openers.count > fanIn {
      var next: [any LineSourceOpener] = []
      var kept: [AnyObject] = []
      for start in stride(from: 0, to: openers.count, by: fanIn) {
        var sources: [any LineSource] = []
        for opener in openers[start..<min(start + fanIn, openers.count)] {
          sources.append(try opener.open())
        }
        let writer = try SortedLineWriter(path: "\(scratch)-\(round)-\(next.count)")
        try writer.append(contentsOf: MergedLineSource(sources))
        try writer.close()
        kept.append(writer)
        next.append(LineFileOpener(path: writer.temporaryPath))
      }
      // The scratch files of the round before are read: they can go.
      retained = kept
      openers = next
      round += 1
    }
    var sources: [any LineSource] = []
    for opener in openers { sources.append(try opener.open()) }
    return MergedLineSource(sources, retaining: retained)
  }

  /// The next line of the merge (a line several sources hold comes once), or nil at the end.
  /// - Throws: `WriteError` when a source cannot be read, or is not sorted.
  public func next() throws(WriteError) -> String? {
    if !started {
      started = true
      for index in sources.indices {
        if let line = try sources[index].next() { push((line, index)) }
      }
    }
    while let top = heap.first {
      if let line = try sources[top.source].next() {
        guard !SortedLines.precedes(line, top.line) else {
          throw WriteError(
            path: (sources[top.source] as? LineFileReader)?.path ?? "a list",
            reason: "is not sorted: '\(line)' after '\(top.line)'")
        }
        heap[0] = (line, top.source)
        siftDown(0)
      } else {
        heap[0] = heap[heap.count - 1]
        heap.removeLast()
        if !heap.isEmpty { siftDown(0) }
      }
      if top.line != last {
        last = top.line
        return top.line
      }
    }
    return nil
  }

  private func less(_ a: (line: String, source: Int), _ b: (line: String, source: Int)) -> Bool {
    a.line == b.line ? a.source < b.source : SortedLines.precedes(a.line, b.line)
  }

  private func push(_ entry: (line: String, source: Int)) {
    heap.append(entry)
    var child = heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard less(heap[child], heap[parent]) else { break }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  private func siftDown(_ start: Int) {
    var parent = start
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var smallest = parent
      if left < heap.count, less(heap[left], heap[smallest]) { smallest = left }
      if right < heap.count, less(heap[right], heap[smallest]) { smallest = right }
      guard smallest != parent else { return }
      heap.swapAt(parent, smallest)
      parent = smallest
    }
  }
}

/// What makes a sorted source when a merge needs it (`MergedLineSource.merging`), so that a
/// merge of many does not hold them all open at once.
public protocol LineSourceOpener {
  /// A new source, from its first line.
  /// - Throws: `WriteError` when it cannot be opened.
  func open() throws(WriteError) -> any LineSource
}

/// Opens a sorted file of lines (`LineFileReader`).
public struct LineFileOpener: LineSourceOpener {
  /// The file.
  public var path: String

  /// An opener of the file at `path`.
  public init(path: String) {
    self.path = path
  }

  /// A reader of the file.
  public func open() throws(WriteError) -> any LineSource {
    try LineFileReader(path: path)
  }
}

/// The lines of a sorted source that another sorted source does not hold, in order: the
/// difference of two sorted lists in one pass over both, holding one line of each.
public final class DifferenceLineSource: LineSource {
  private let source: any LineSource
  private let removing: any LineSource
  private var pending: String?
  private var removingDone = false

  /// The lines of `source` that `removing` does not hold; both sorted (`SortedLines.precedes`).
  public init(_ source: any LineSource, removing: any LineSource) {
    self.source = source
    self.removing = removing
  }

  /// The next line only `source` holds, or nil at the end.
  /// - Throws: `WriteError` when a source cannot be read.
  public func next() throws(WriteError) -> String? {
    while let line = try source.next() {
      while !removingDone {
        if pending == nil { pending = try removing.next() }
        guard let other = pending else {
          removingDone = true
          break
        }
        if SortedLines.precedes(other, line) {
          pending = nil
          continue
        }
        break
      }
      if let other = pending, other == line { continue }
      return line
    }
    return nil
  }
}

/// Finds the lines of a file of documents one per line (`mongoexport`'s layout) in a window
/// over a stream of its bytes, without reading them: the caller reads the lines it wants
/// (`JSONLinesReader.read`), so that several callers can share a file's lines.
///
/// Lines are numbered as `JSONLinesReader` numbers them (from 1, blank lines counted); blank
/// lines are skipped, a `\r` before a line's `\n` is dropped, and a line longer than `lineBytes`
/// is skipped and reported as `tooLarge`, with its length.
///
/// Memory: the window, which starts at `windowBytes` and grows only to hold one line, to at
/// most `lineBytes + 2` bytes. Nothing grows with the file.
public struct JSONLineScanner {
  /// One step through the lines.
  public enum Step: Equatable {
    /// Non-blank line `number` is at `bytes` of `window` (without its end), until the next
    /// call.
    case line(number: Int, bytes: Range<Int>)
    /// Non-blank line `number` is `bytes` long, more than `lineBytes`; it is skipped.
    case tooLarge(number: Int, bytes: Int)
    /// The file ended.
    case end
  }

  /// The window of the file's bytes; a `.line`'s range is in it.
  public private(set) var window: [UInt8]
  private var start = 0
  private var end = 0
  private var atEnd = false
  private var lineNumber = 0
  private let lineBytes: Int

  /// Prepares to scan a file.
  /// - Parameters:
  ///   - lineBytes: The longest line given; a longer one is `tooLarge`.
  ///   - windowBytes: The window's first size (it grows to hold a line up to `lineBytes`).
  public init(lineBytes: Int, windowBytes: Int = JSONRowScanner.defaultWindowBytes) {
    self.lineBytes = max(lineBytes, 1)
    window = [UInt8](repeating: 0, count: max(2, min(windowBytes, self.lineBytes + 2)))
  }

  /// The next non-blank line, a line too long to give, or the end.
  /// - Parameter read: Reads the file's next bytes into a buffer and returns how many it read, 0
  ///   only at the end of the file.
  /// - Throws: What `read` throws.
  public mutating func next<Failure: Error>(
    reading read: (UnsafeMutableRawBufferPointer) throws(Failure) -> Int
  ) throws(Failure) -> Step {
    while true {
      if let newline = window[start..<end].firstIndex(of: 0x0A) {
        let line = start..<newline
        start = newline + 1
        lineNumber += 1
        if let step = given(line) { return step }
        continue
      }
      if atEnd {
        guard start < end else { return .end }
        let line = start..<end
        start = end
        lineNumber += 1
        if let step = given(line) { return step }
        continue
      }
      if start == 0, end == window.count, window.count >= lineBytes + 2 {
        lineNumber += 1
        if let step = try skipLongLine(read) { return step }
        continue
      }
      try fill(read)
    }
  }

  /// The step of line `range` of the window (its `\n` left out): nil for a blank line.
  private func given(_ range: Range<Int>) -> Step? {
    var line = range
    if !line.isEmpty, window[line.upperBound - 1] == 0x0D {
      line = line.lowerBound..<line.upperBound - 1
    }
    guard window[line].contains(where: { !JSONLinesReader.isBlank($0) }) else { return nil }
    guard line.count <= lineBytes else { return .tooLarge(number: lineNumber, bytes: line.count) }
    return .line(number: lineNumber, bytes: line)
  }

  /// Skips the rest of a line that fills the whole window, to its `\n` or the file's end; its
  /// `tooLarge` step, or nil when it was blank.
  private mutating func skipLongLine<Failure: Error>(
    _ read: (UnsafeMutableRawBufferPointer) throws(Failure) -> Int
  ) throws(Failure) -> Step? {
    var length = 0
    var blank = true
    var last: UInt8 = 0
    while true {
      let chunk = window[start..<end]
      let newline = chunk.firstIndex(of: 0x0A)
      let taken = chunk[..<(newline ?? end)]
      length += taken.count
      if blank, taken.contains(where: { !JSONLinesReader.isBlank($0) }) { blank = false }
      if let byte = taken.last { last = byte }
      if let newline {
        start = newline + 1
        break
      }
      (start, end) = (0, 0)
      guard try fill(read) else { break }
    }
    if last == 0x0D { length -= 1 }
    return blank ? nil : .tooLarge(number: lineNumber, bytes: length)
  }

  /// Reads more of the file into the window (`StreamWindow.refill`, up to `lineBytes + 2`
  /// bytes); false when nothing more was read.
  @discardableResult
  private mutating func fill<Failure: Error>(
    _ read: (UnsafeMutableRawBufferPointer) throws(Failure) -> Int
  ) throws(Failure) -> Bool {
    try StreamWindow.refill(
      &window, start: &start, end: &end, atEnd: &atEnd, largest: lineBytes + 2, read) != nil
  }
}

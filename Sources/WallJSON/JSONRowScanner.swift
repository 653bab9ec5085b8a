#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds the rows of a class file, `{"results": [row, ...]}` or a top-level `[row, ...]`, in a
/// window over a stream of its bytes, without reading the rows: each row's byte span is found
/// by counting brackets outside strings (as `CSimdjsonShim`'s pieces do), and only the caller
/// reads the rows it wants (with `JSONReader`).
///
/// It checks what lies between the rows (the opening, the commas, the closing, blanks), not the
/// rows: a row is valid JSON exactly when `JSONReader` reads it so, so a caller that reads every
/// row, or several callers that share the rows between them, check the whole file. Anything it
/// does not fully understand is `unsupported`, never guessed at: another shape, an object with
/// another member than `results` (or a second one), a row longer than `rowBytes`, bytes out of
/// place between rows, a file that ends early, and a file whose first two non-blank lines
/// `JSONLinesReader.holdsDocumentsPerLine` would take for documents one per line.
///
/// Memory: the window, which starts at `windowBytes` and grows only to hold a row, to at most
/// `rowBytes + 1` bytes; plus, for a file that opens with `{`, its second non-blank line while it
/// is at most `rowBytes + 1` long. Nothing grows with the file.
public struct JSONRowScanner {
  /// One step through the rows.
  public enum Step: Equatable {
    /// Row `number` (1-based) is at `bytes` of `window`, until the next call.
    case row(number: Int, bytes: Range<Int>)
    /// The file ended after its last row, as it should.
    case end
    /// The file is not what the scanner reads (the reason, a phrase); no further row is given.
    case unsupported(reason: String)
  }

  /// The shape of a class file.
  public enum Shape: Sendable, Equatable {
    /// `{"results": [...]}`, Parse.com's.
    case results
    /// A top-level array.
    case array
  }

  private enum Phase {
    case opening, firstRow, afterRow, closing, over
  }

  /// The window of the file's bytes; a `.row`'s range is in it.
  public private(set) var window: [UInt8]
  /// The shape found, once the opening has been read.
  public private(set) var shape: Shape?
  private var start = 0
  private var end = 0
  private var atEnd = false
  private var phase = Phase.opening
  private var rowNumber = 0
  private let rowBytes: Int
  private var lines = FirstLines()

  /// The window's first size by default (1 MiB).
  public static let defaultWindowBytes = 1 << 20

  /// Prepares to scan a file.
  /// - Parameters:
  ///   - rowBytes: The longest row given; a longer one is `unsupported`.
  ///   - windowBytes: The window's first size (it grows to hold a row up to `rowBytes`).
  public init(rowBytes: Int, windowBytes: Int = JSONRowScanner.defaultWindowBytes) {
    self.rowBytes = max(rowBytes, 1)
    window = [UInt8](repeating: 0, count: max(1, min(windowBytes, self.rowBytes + 1)))
  }

  /// The next row, the end, or why the file is not read in this way.
  /// - Parameter read: Reads the file's next bytes into a buffer and returns how many it read, 0
  ///   only at the end of the file.
  /// - Throws: What `read` throws.
  public mutating func next<Failure: Error>(
    reading read: (UnsafeMutableRawBufferPointer) throws(Failure) -> Int
  ) throws(Failure) -> Step {
    let step = try advance(read)
    if case .unsupported = step { phase = .over }
    if case .end = step, let reason = try linesReason(read) {
      phase = .over
      return .unsupported(reason: reason)
    }
    return step
  }

  private mutating func advance<Failure: Error>(
    _ read: (UnsafeMutableRawBufferPointer) throws(Failure) -> Int
  ) throws(Failure) -> Step {
    switch phase {
    case .opening:
      if let reason = try opening(read) { return .unsupported(reason: reason) }
      phase = .firstRow
      return try advance(read)
    case .firstRow, .afterRow:
      guard let byte = try nextNonBlank(read) else { return ended() }
      if byte == UInt8(ascii: "]") {
        start += 1
        phase = .closing
        return try advance(read)
      }
      if phase == .firstRow { return try row(read) }
      guard byte == UInt8(ascii: ",") else { return misplaced(byte, after: "a row") }
      start += 1
      guard try nextNonBlank(read) != nil else { return ended() }
      return try row(read)
    case .closing:
      if shape == .results {
        guard let byte = try nextNonBlank(read) else { return ended() }
        guard byte == UInt8(ascii: "}") else {
          return .unsupported(reason: "its object has another member after \"results\"")
        }
        start += 1
      }
      if let byte = try nextNonBlank(read) { return misplaced(byte, after: "the rows") }
      phase = .over
      return .end
    case .over:
      return .end
    }
  }

  /// Reads `{"results": [` or `[`; the reason when the file opens otherwise.
  private mutating func opening<Failure: Error>(
    _ read: (UnsafeMutableRawBufferPointer) throws(Failure) -> Int
  ) throws(Failure) -> String? {
    guard let first = try nextNonBlank(read) else { return "it holds no JSON value" }
    start += 1
    if first == UInt8(ascii: "[") {
      shape = .array
      lines.isNeeded = false
      return nil
    }
    guard first == UInt8(ascii: "{") else { return "it holds no object or array" }
    let expected = Array("\"results\"".utf8)
    guard try nextNonBlank(read) != nil, try available(expected.count, read),
      window[start..<start + expected.count].elementsEqual(expected)
    else { return "its object does not open with a \"results\" member" }
    start += expected.count
    guard try nextNonBlank(read) == UInt8(ascii: ":") else {
      return "its \"results\" has no colon"
    }
    start += 1
    guard try nextNonBlank(read) == UInt8(ascii: "[") else {
      return "its \"results\" is no array"
    }
    start += 1
    shape = .results
    return nil
  }

  /// The row starting at `start`.
  private mutating func row<Failure: Error>(
    _ read: (UnsafeMutableRawBufferPointer) throws(Failure) -> Int
  ) throws(Failure) -> Step {
    let first = window[start]
    if first == UInt8(ascii: "]") || first == UInt8(ascii: "}") || first == UInt8(ascii: ",")
      || first == UInt8(ascii: ":")
    {
      return misplaced(first, after: "a comma")
    }
    while true {
      let found = valueEnd()
      if let last = found.end {
        guard last - start <= rowBytes else { return tooLong(last - start) }
        rowNumber += 1
        let range = start..<last
        start = last
        phase = .afterRow
        return .row(number: rowNumber, bytes: range)
      }
      guard found.scanned <= rowBytes else { return tooLong(found.scanned) }
      guard try fill(read) else {
        if atEnd { return ended() }
        return tooLong(end - start)
      }
    }
  }

  /// Just past the value at `start` when the window holds all of it (for a number or literal,
  /// the byte after it too, or the file's end); else nil, with how many bytes were looked at.
  private func valueEnd() -> (end: Int?, scanned: Int) {
    window.withUnsafeBufferPointer { bytes in
      var at = start
      let first = bytes[at]
      if first == UInt8(ascii: "\"") {
        guard let close = Self.stringEnd(bytes, from: at, to: end) else {
          return (nil, end - start)
        }
        return (close, close - start)
      }
      if first != UInt8(ascii: "[") && first != UInt8(ascii: "{") {
        while at < end, !Self.isBlank(bytes[at]), !Self.isStructural(bytes[at]) { at += 1 }
        return at < end || atEnd ? (at, at - start) : (nil, at - start)
      }
      var depth = 0
      while at < end {
        let byte = bytes[at]
        if byte == UInt8(ascii: "\"") {
          guard let close = Self.stringEnd(bytes, from: at, to: end) else {
            return (nil, end - start)
          }
          at = close
          continue
        }
        if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
          depth += 1
        } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
          depth -= 1
          if depth == 0 { return (at + 1, at + 1 - start) }
        }
        at += 1
      }
      return (nil, end - start)
    }
  }

  /// Just past the string whose opening quote is at `at`, or nil when it does not close
  /// before `end`.
  private static func stringEnd(_ bytes: UnsafeBufferPointer<UInt8>, from at: Int, to end: Int)
    -> Int?
  {
    var at = at + 1
    while at < end {
      let byte = bytes[at]
      if byte == UInt8(ascii: "\\") {
        at += 2
      } else if byte == UInt8(ascii: "\"") {
        return at + 1
      } else {
        at += 1
      }
    }
    return nil
  }

  /// The first non-blank byte from `start` on (blanks are passed), or nil at the file's end.
  private mutating func nextNonBlank<Failure: Error>(
    _ read: (UnsafeMutableRawBufferPointer) throws(Failure) -> Int
  ) throws(Failure) -> UInt8? {
    while true {
      while start < end, Self.isBlank(window[start]) { start += 1 }
      if start < end { return window[start] }
      guard try fill(read) else { return nil }
    }
  }

  /// Whether the window holds `count` bytes from `start` (reading more if needed).
  private mutating func available<Failure: Error>(
    _ count: Int, _ read: (UnsafeMutableRawBufferPointer) throws(Failure) -> Int
  ) throws(Failure) -> Bool {
    while end - start < count {
      guard try fill(read) else { return false }
    }
    return true
  }

  /// Reads more of the file into the window (`StreamWindow.refill`, up to `rowBytes + 1`
  /// bytes), noting what the first lines need; false when nothing more was read (the file
  /// ended, or the window is full at its largest).
  private mutating func fill<Failure: Error>(
    _ read: (UnsafeMutableRawBufferPointer) throws(Failure) -> Int
  ) throws(Failure) -> Bool {
    guard
      let range = try StreamWindow.refill(
        &window, start: &start, end: &end, atEnd: &atEnd, largest: rowBytes + 1, read)
    else { return false }
    if lines.isNeeded { lines.take(window[range], rowBytes: rowBytes) }
    return true
  }

  /// Why the file is left to the whole reading when its first two non-blank lines look like
  /// documents one per line; read to the second line's end when the rows did not get there.
  private mutating func linesReason<Failure: Error>(
    _ read: (UnsafeMutableRawBufferPointer) throws(Failure) -> Int
  ) throws(Failure) -> String? {
    guard lines.isNeeded else { return nil }
    while !lines.isComplete {
      start = end
      guard try fill(read) else { break }
    }
    guard JSONLinesReader.holdsDocumentsPerLine(lines.probe, lineBytes: rowBytes) else {
      return nil
    }
    return "its first lines hold documents one per line (Parse Server's mongoexport)"
  }

  private func ended() -> Step {
    .unsupported(reason: "it ends before its rows are closed (after row #\(rowNumber))")
  }

  private func misplaced(_ byte: UInt8, after place: String) -> Step {
    let shown =
      byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte \(byte)"
    return .unsupported(reason: "\(shown) after \(place) (row #\(rowNumber))")
  }

  private func tooLong(_ bytes: Int) -> Step {
    .unsupported(
      reason: "row #\(rowNumber + 1) is longer than \(rowBytes) bytes (\(bytes) bytes or more)")
  }

  static func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
  }

  static func isStructural(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: ",") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "[")
      || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}")
      || byte == UInt8(ascii: "\"")
  }
}

/// Reads a JSON Lines document (one JSON value per line, as `mongoexport` writes) one line at a
/// time, each line through its own `JSONReader`, so that a bad line costs only itself.
///
/// Blank lines are skipped and a `\r` before a line's `\n` is dropped. Memory: the caller's
/// bytes, plus one line's copy and index at a time.
public struct JSONLinesReader {
  /// One step through the lines.
  public enum Step: Equatable {
    /// The value of line `number` (1-based, counting blank lines), with what the reader
    /// noticed in it.
    case value(JSONLine)
    /// Line `number` is not valid JSON: `error` gives its column (its line is always 1).
    case invalid(number: Int, error: JSONSyntaxError)
    /// Line `number` is longer than the reader's `lineBytes`; it is not read.
    case tooLarge(number: Int, bytes: Int)
    /// There is no further line.
    case end
  }

  private let bytes: [UInt8]
  private let maximumDepth: Int
  private let lineBytes: Int
  private let checksOnly: Bool
  private var offset = 0
  private var lineNumber = 0

  /// Prepares to read `bytes` line by line.
  /// - Parameters:
  ///   - bytes: The document (kept, not copied).
  ///   - maximumDepth: The deepest nesting accepted in a line.
  ///   - lineBytes: A longer line is reported as `tooLarge`, not read.
  ///   - checksOnly: Only check each line, building no value (each `.value` then holds null):
  ///     for files whose content is not used.
  public init(
    _ bytes: [UInt8], maximumDepth: Int = JSONReader.defaultMaximumDepth,
    lineBytes: Int = JSONReader.defaultPieceBytes, checksOnly: Bool = false
  ) {
    self.bytes = bytes
    self.maximumDepth = maximumDepth
    self.lineBytes = lineBytes
    self.checksOnly = checksOnly
  }

  /// The next non-blank line.
  public mutating func next() -> Step {
    while let range = nextLine() {
      guard range.contains(where: { !Self.isBlank(bytes[$0]) }) else { continue }
      guard range.count <= lineBytes else {
        return .tooLarge(number: lineNumber, bytes: range.count)
      }
      return Self.read(
        Array(bytes[range]), number: lineNumber, maximumDepth: maximumDepth,
        checksOnly: checksOnly)
    }
    return .end
  }

  /// Reads one line's bytes (without its end) as line `number`.
  ///
  /// Its value, or why it is no valid JSON. The one reading of a line, for a document in memory and a stream of lines
  /// (`JSONLineScanner`) alike.
  /// - Parameter checksOnly: Only check the line; the value is then null.
  public static func read(
    _ line: [UInt8], number: Int, maximumDepth: Int = JSONReader.defaultMaximumDepth,
    checksOnly: Bool = false
  ) -> Step {
    let reader = JSONReader(line, maximumDepth: maximumDepth)
    do throws(JSONSyntaxError) {
      if checksOnly {
        try reader.check()
        return .value(
          JSONLine(number: number, value: .null, repeatedKeys: [], loneSurrogates: []))
      }
      let value = try reader.document()
      return .value(
        JSONLine(
          number: number, value: value, repeatedKeys: reader.repeatedKeys,
          loneSurrogates: reader.loneSurrogates))
    } catch {
      return .invalid(number: number, error: error)
    }
  }

  /// The byte range of the next line without its end (`\n`, `\r\n`), or nil at the end.
  private mutating func nextLine() -> Range<Int>? {
    guard offset < bytes.count else { return nil }
    let start = offset
    var end = start
    while end < bytes.count, bytes[end] != 0x0A { end += 1 }
    offset = end + 1
    lineNumber += 1
    if end > start, bytes[end - 1] == 0x0D { end -= 1 }
    return start..<end
  }

  /// Whether `byte` is a JSON blank (space, tab, carriage return, line feed).
  package static func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
  }

  /// Whether `bytes` hold MongoDB documents one per line rather than one JSON document: one of
  /// their first two non-blank lines, each at most `lineBytes` long, is an object with an
  /// `_id` member (which `mongoexport` always writes and a Parse.com row never has).
  ///
  /// A Parse.com class file (`{"results": [...]}` on one line or many, or an array) is never
  /// taken for one; a file whose first two lines are both broken is read as one document, so
  /// that its fault is reported with its line and column.
  /// - Parameters:
  ///   - bytes: The file.
  ///   - lineBytes: Longer lines are not looked at.
  public static func holdsDocumentsPerLine(
    _ bytes: [UInt8], lineBytes: Int = JSONReader.defaultPieceBytes
  ) -> Bool {
    guard let first = bytes.first(where: { !isBlank($0) }), first == UInt8(ascii: "{") else {
      return false
    }
    var lines = JSONLinesReader(bytes, lineBytes: lineBytes)
    for _ in 0..<2 {
      switch lines.next() {
      case .value(let line):
        if line.value["_id"] != nil { return true }
      case .invalid, .tooLarge: continue
      case .end: return false
      }
    }
    return false
  }
}

/// A line of a JSON Lines document that held a JSON value.
public struct JSONLine: Equatable {
  /// The line's 1-based number in the file.
  public var number: Int
  /// Its value.
  public var value: JSONValue
  /// The keys repeated in it (the first value kept).
  public var repeatedKeys: [JSONRepeatedKey]
  /// Its strings that held a lone UTF-16 surrogate escape.
  public var loneSurrogates: [JSONLoneSurrogate]
}

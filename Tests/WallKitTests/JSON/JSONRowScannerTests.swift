import Testing
import WallKit

/// `JSONRowScanner` finds the rows of a class file in a small window over a stream: the rows it
/// finds are the rows `JSONReader` reads, whatever the window, and what it does not understand
/// is `unsupported`, never guessed at.
@Suite struct JSONRowScannerTests {
  /// Windows from one byte (it grows to each row) to more than any document here.
  static let windows = [1, 2, 3, 5, 8, 13, 40, 1 << 20]

  /// What the scanner reads: results objects and arrays, with brackets, quotes and escaped
  /// quotes inside strings, blanks everywhere blanks may be.
  static let accepted = [
    #"{"results":[{"a":1},{"b":[1,2,{"c":"x,]}"}]},{"d":"\"q\\\"}"}]}"#,
    "[{\"a\":1}, {\"b\":2} ,\n {\"c\":3}\n]", #"{"results":[]}"#, "[]", " [ ] ",
    #"{"results":[[],{},"",0,true,null,-1.5e3]}"#, "\n{ \"results\" :\r\n[ {\"a\":\"]\"} ] }\n",
    #"[{"deep":[[[[{"e":[{"f":"g"}]}]]]]},{"long":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}]"#,
    #"[{"s":"{[\"]}\\"},"\\\"",{"t":"}}}]]]"},{"u":"\\\\"}]"#, #"[1,"two",{"3":[3]},[4],null]"#,
  ]

  /// Runs `scanner` over `bytes`, read at most `chunk` bytes at a time: the rows' bytes, and
  /// "end" or the reason it gave up.
  static func scan(_ bytes: [UInt8], rowBytes: Int = 1 << 20, window: Int, chunk: Int = 1 << 20)
    -> (rows: [[UInt8]], outcome: String)
  {
    var scanner = JSONRowScanner(rowBytes: rowBytes, windowBytes: window)
    let source = ChunkedBytes(bytes, chunk: chunk)
    var rows: [[UInt8]] = []
    while rows.count < 10_000 {
      let step = scanner.next(reading: source.read)
      switch step {
      case .row(let number, let range):
        #expect(number == rows.count + 1)
        rows.append(Array(scanner.window[range]))
      case .end: return (rows, "end")
      case .unsupported(let reason): return (rows, reason)
      }
    }
    return (rows, "runaway")
  }

  /// The rows `JSONReader` reads from the whole document.
  static func readerRows(_ bytes: [UInt8]) throws -> [JSONValue] {
    let reader = JSONReader(bytes)
    var rows: [JSONValue] = []
    while case .row(let value) = try reader.nextRow() { rows.append(value) }
    return rows
  }

  @Test(
    "the rows found in any window and any read size are the rows the reader reads",
    arguments: accepted)
  func sameRows(text: String) throws {
    let bytes = Array(text.utf8)
    let expected = try Self.readerRows(bytes)
    for window in Self.windows {
      for chunk in [1, 3, 1 << 20] {
        let found = Self.scan(bytes, window: window, chunk: chunk)
        #expect(found.outcome == "end", "window \(window), chunk \(chunk)")
        let rows = try found.rows.map { try JSONReader.parse($0) }
        #expect(rows == expected, "window \(window), chunk \(chunk)")
      }
    }
  }

  @Test("rows split across the window's boundary many times over are found whole")
  func rowsAcrossBoundaries() throws {
    var rows: [String] = []
    for number in 0..<300 {
      let text = String(repeating: "x\\\"]}", count: number % 7)
      rows.append(#"{"n":\#(number),"s":"\#(text)","a":[{"b":"[{"},\#(number)]}"#)
    }
    let bytes = Array(("{\"results\": [\n" + rows.joined(separator: ",\n") + "\n]}\n").utf8)
    let expected = try Self.readerRows(bytes)
    #expect(expected.count == 300)
    for (window, chunk) in [(16, 5), (64, 64), (100, 7), (4096, 1000)] {
      let found = Self.scan(bytes, window: window, chunk: chunk)
      #expect(found.outcome == "end")
      #expect(try found.rows.map { try JSONReader.parse($0) } == expected, "window \(window)")
    }
  }

  @Test(
    "an invalid document is unsupported, or one of its rows is invalid",
    arguments: JSONPiecesTests.invalid)
  func invalidNeverPasses(text: String) {
    for window in Self.windows {
      let found = Self.scan(Array(text.utf8), window: window, chunk: 3)
      let rowsValid = found.rows.allSatisfy { (try? JSONReader.parse($0)) != nil }
      #expect(found.outcome != "end" || !rowsValid, "window \(window): \(found)")
    }
  }

  @Test(
    "what the scanner does not understand is unsupported, with its reason",
    arguments: [
      (#"{"a":1}"#, "does not open with a \"results\" member"), (#""x""#, "no object or array"),
      ("", "no JSON value"), (#"{"results":{}}"#, "is no array"),
      (#"{"results":[1],"results":[2]}"#, "another member"),
      (#"{"results":[1],"a":2}"#, "another member"), (#"{"res\u0075lts":[1]}"#, "does not open"),
      ("[{\"a\":1} x,{\"b\":2}]", "'x' after a row"),
      ("[{\"a\":1}\u{7F},{\"b\":2}]", "byte 127 after a row"),
      ("[1,2,]", "']' after a comma"), ("[{\"a\":1},{\"b\":", "ends before its rows"),
      ("[1] 2", "'2' after the rows"),
      (#"[{"a":"0123456789012345678901234567890"}]"#, "longer than"),
      ("{\"_id\":\"a\",\"n\":1}\n{\"_id\":\"b\",\"n\":2}\n", "does not open"),
      ("{\"results\":[\n{\"_id\":\"a\"}\n]}\n", "documents one per line"),
    ])
  func unsupported(text: String, reason: String) {
    for window in [1, 7, 1 << 20] {
      let found = Self.scan(Array(text.utf8), rowBytes: 32, window: window)
      #expect(found.outcome.contains(reason), "window \(window): \(found.outcome)")
    }
  }
}

/// Bytes handed to a scanner at most `chunk` at a time, as a stream that returns short reads.
final class ChunkedBytes {
  private let bytes: [UInt8]
  private let chunk: Int
  private var offset = 0

  init(_ bytes: [UInt8], chunk: Int) {
    self.bytes = bytes
    self.chunk = chunk
  }

  /// Copies the next bytes into `buffer`; 0 at the end.
  func read(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
    let count = min(buffer.count, chunk, bytes.count - offset)
    for index in 0..<count { buffer[index] = bytes[offset + index] }
    offset += count
    return count
  }
}

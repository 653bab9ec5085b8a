import Testing
import WallKit

/// `JSONLineScanner` finds the lines of a file of documents one per line in a small window over
/// a stream: its lines, their numbers, and the lines too long to give, are `JSONLinesReader`'s,
/// whatever the window and however the stream is cut.
@Suite struct JSONLineScannerTests {
  /// Files of lines: blank lines, `\r\n`, a last line without its end, lines of blanks, lines
  /// that are no JSON, and lines longer than the 12 bytes the tests allow (some of them blank,
  /// some ending in `\r`).
  static let files = [
    "{\"_id\":1}\n{\"_id\":2}\n", "{\"a\":1}\r\n\r\n  \n{\"b\":2}", "", "\n\n\n", "   \t ",
    "{\"long\":\"aaaaaaaaaaaaaa\"}\n{\"c\":3}\n", "x\n{\"d\"\n{}\n",
    "{\"long\":\"bbbbbbbbbbbbbb\"}\r\n{\"e\":5}\r\n{\"longer\":\"cccccccccccccccccccc\"}",
    "                         \n{\"f\":6}\n", "{\"g\":7}\n\r\n{\"h\":8}\r",
  ]

  /// What `JSONLinesReader` reads of `text` with lines of at most `lineBytes`: each non-blank
  /// line's number and bytes, or its number and length when too long.
  static func expected(_ text: String, lineBytes: Int) -> [String] {
    var reader = JSONLinesReader(Array(text.utf8), lineBytes: lineBytes, checksOnly: true)
    var lines: [String] = []
    let raw = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
      line.last == 0x0D ? Array(line.dropLast()) : Array(line)
    }
    while true {
      switch reader.next() {
      case .value(let line):
        lines.append("\(line.number): \(String(decoding: raw[line.number - 1], as: UTF8.self))")
      case .invalid(let number, _):
        lines.append("\(number): \(String(decoding: raw[number - 1], as: UTF8.self))")
      case .tooLarge(let number, let bytes): lines.append("\(number): too large, \(bytes)")
      case .end: return lines
      }
    }
  }

  /// What the scanner finds in `text`, with a first window of `window` bytes, reading at most
  /// `chunk` bytes at a time.
  static func scanned(_ text: String, lineBytes: Int, window: Int, chunk: Int) -> [String] {
    var scanner = JSONLineScanner(lineBytes: lineBytes, windowBytes: window)
    let source = ChunkedBytes(Array(text.utf8), chunk: chunk)
    var lines: [String] = []
    while lines.count < 1_000 {
      let step = scanner.next(reading: source.read)
      switch step {
      case .line(let number, let range):
        lines.append("\(number): \(String(decoding: scanner.window[range], as: UTF8.self))")
      case .tooLarge(let number, let bytes): lines.append("\(number): too large, \(bytes)")
      case .end: return lines
      }
    }
    return lines + ["runaway"]
  }

  @Test(
    "the lines found are JSONLinesReader's, whatever the window and the reads", arguments: 0..<10)
  func linesMatchTheReader(_ index: Int) {
    let text = Self.files[index]
    let expected = Self.expected(text, lineBytes: 12)
    for window in [1, 2, 5, 13, 1 << 16] {
      for chunk in [1, 3, 7, 1 << 16] {
        #expect(
          Self.scanned(text, lineBytes: 12, window: window, chunk: chunk) == expected,
          "window \(window), chunk \(chunk)")
      }
    }
  }

  @Test("a line too long is skipped whole, and the next line is found after it")
  func longLineIsSkipped() {
    let text = String(repeating: "x", count: 1_000) + "\n{\"_id\":1}\n"
    #expect(
      Self.scanned(text, lineBytes: 20, window: 4, chunk: 5) == [
        "1: too large, 1000", "2: {\"_id\":1}",
      ])
  }
}

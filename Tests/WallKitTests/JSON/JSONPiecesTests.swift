import Testing
import WallKit

/// A document longer than `pieceBytes` is checked and its rows read in pieces; whatever the
/// piece size, a document is valid exactly when it is whole, and gives the same rows.
@Suite struct JSONPiecesTests {
  /// Piece sizes from one byte (every value alone) to more than any document here (whole).
  static let pieceSizes = [1, 2, 3, 5, 8, 13, 40, 1 << 20]

  static let valid = [
    #"{"results":[{"a":1},{"b":[1,2,{"c":"x,]}"}]},{"d":"\"q\\\"}"}]}"#,
    "[{\"a\":1}, {\"b\":2} ,\n {\"c\":3}\n]",
    #"{"x":[1,{"y":null}],"results":[{"a":1},{"b":2}],"z":"s"}"#,
    #"{"results":[]}"#, "[]", " [ ] ", #"{"results":[[],{},"",0,true,null,-1.5e3]}"#,
    #"{"results":[1,2],"results":[3]}"#, #"{"res\u0075lts":[{"k\u0065y":"v\n"}],"a":{}}"#,
    #"[{"deep":[[[[{"e":[{"f":"g"}]}]]]]},{"long":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}]"#,
    #"[{"c":"cut \ud83d"},{"\udc00":1}]"#, #"{"\ud800":[1],"results":[{"a":"é😀"}]}"#,
  ]

  static let notRows = [#"{}"#, #"{"results":{}}"#, #"{"a":[1,2,3],"b":{"c":[]}}"#]

  static let invalid = [
    "[1,2,]", "{\"a\":1,\n}", "[1,,2]", "[1 2]", #"{"a":1 "b":2}"#, #"[{"a":1}}"#, "[1,2]]",
    #"{"a" 1}"#, "[1, tru]", #"["a\x"]"#, #"["\ud800\u12"]"#, "[1,2",
    #"{"results":[{"a":1},{"b":2}]"#,
    "[1] 2", "[01]", "[1e400]", #"{"results":[{"a":1},{"b":2},]}"#, #"{"results":[{"a":1}],}"#,
    "[\"a\tb\"]", "{'a':1}", #"[{"a":[1,2}]"#, #"{"a":1,"b"}"#, "[\"abc", #"{"a":{"b":[1,2]]}"#,
    "[{},{},{},{},{},{}}", #"{"k\x":[1,2,3,4,5,6,7,8]}"#,
  ]

  private func steps(_ reader: JSONReader) -> [String] {
    var seen: [String] = []
    while seen.count < 100 {
      do {
        switch try reader.nextRow() {
        case .row(let value): seen.append("row \(value.serialized)")
        case .tooLarge(let bytes): seen.append("tooLarge \(bytes)")
        case .end: return seen + ["end \(reader.repeatedResults)"]
        case .notRows(let found): return seen + ["notRows \(found.serialized)"]
        }
      } catch {
        return seen + ["error"]
      }
    }
    return seen
  }

  @Test(
    "a valid document gives the same rows in pieces, rows longer than a piece excepted",
    arguments: valid + notRows)
  func sameRows(text: String) throws {
    let bytes = Array(text.utf8)
    let whole = steps(JSONReader(bytes, pieceBytes: Int.max))
    #expect(whole.last?.hasPrefix("error") == false, "\(whole)")
    for size in Self.pieceSizes {
      try JSONReader(bytes, pieceBytes: size).check()
      let pieces = steps(JSONReader(bytes, pieceBytes: size))
      #expect(pieces.count == whole.count, "\(size): \(pieces)")
      for (piece, expected) in zip(pieces, whole) where !piece.hasPrefix("tooLarge") {
        #expect(piece == expected, "piece size \(size)")
      }
    }
  }

  @Test("an invalid document is invalid in pieces of any size, before any row", arguments: invalid)
  func stillInvalid(text: String) {
    let bytes = Array(text.utf8)
    let whole = #expect(throws: JSONSyntaxError.self) {
      try JSONReader(bytes, pieceBytes: Int.max).check()
    }
    for size in Self.pieceSizes {
      let error = #expect(throws: JSONSyntaxError.self, "piece size \(size)") {
        try JSONReader(bytes, pieceBytes: size).check()
      }
      #expect(steps(JSONReader(bytes, pieceBytes: size)) == ["error"], "piece size \(size)")
      if size >= bytes.count { #expect(error == whole) }
    }
  }

  @Test("mutants of valid documents are valid in pieces exactly when they are whole")
  func mutants() {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let alphabet = Array(#"[]{}",:\ 0a"#.utf8) + [0xC3, 0xFF]
    var differences: [String] = []
    for round in 0..<3_000 {
      var bytes = Array(Self.valid[round % Self.valid.count].utf8)
      for _ in 0...next(3) {
        let at = next(bytes.count + 1)
        switch next(3) {
        case 0 where at < bytes.count: bytes.remove(at: at)
        case 1 where at < bytes.count: bytes[at] = alphabet[next(alphabet.count)]
        default: bytes.insert(alphabet[next(alphabet.count)], at: at)
        }
      }
      let whole = steps(JSONReader(bytes, pieceBytes: Int.max))
      let wholeValid = (try? JSONReader(bytes, pieceBytes: Int.max).check()) != nil
      for size in [1, 3, 7, 16] {
        let valid = (try? JSONReader(bytes, pieceBytes: size).check()) != nil
        let pieces = steps(JSONReader(bytes, pieceBytes: size))
        let sameRows =
          pieces.count == whole.count
          && zip(pieces, whole).allSatisfy { $0.hasPrefix("tooLarge") || $0 == $1 }
        if valid != wholeValid || !sameRows {
          differences.append("\(size): \(String(decoding: bytes, as: UTF8.self))")
        }
      }
    }
    #expect(differences.isEmpty, "\(differences.prefix(10))")
  }

  @Test("common faults are named and placed as in a whole reading")
  func sameFaults() {
    for text in ["[1,2,]", "{\"a\":1,\n}", "[1] 2", "[1,2", #"[{"a":1},{"b":"\x"}]"#] {
      let bytes = Array(text.utf8)
      let whole = #expect(throws: JSONSyntaxError.self) { try JSONReader(bytes).check() }
      let pieces = #expect(throws: JSONSyntaxError.self) {
        try JSONReader(bytes, pieceBytes: 1).check()
      }
      #expect(pieces == whole, "\(text)")
    }
  }

  @Test("nesting deeper than the cap is refused in pieces too")
  func depth() {
    let deep = String(repeating: "[", count: 40) + "1" + String(repeating: "]", count: 40)
    for size in Self.pieceSizes {
      let bytes = Array(deep.utf8)
      #expect(throws: JSONSyntaxError.self) {
        try JSONReader(bytes, maximumDepth: 39, pieceBytes: size).check()
      }
      #expect(throws: Never.self) {
        try JSONReader(bytes, maximumDepth: 40, pieceBytes: size).check()
      }
    }
  }

  @Test("a row longer than a piece is checked but not read, and the rows after it are")
  func tooLongRow() throws {
    let text = #"{"results":[{"a":1},{"long":"\#(String(repeating: "x", count: 100))"},{"b":2}]}"#
    let reader = JSONReader(Array(text.utf8), pieceBytes: 50)
    #expect(try reader.nextRow() == .row(["a": 1]))
    #expect(try reader.nextRow() == .tooLarge(bytes: 111))
    #expect(try reader.nextRow() == .row(["b": 2]))
    #expect(try reader.nextRow() == .end)
  }

  @Test("a file of a hundred thousand empty rows is read in pieces, every row")
  func manyRows() throws {
    let text = "[" + Array(repeating: "{}", count: 100_000).joined(separator: ",") + "]"
    let reader = JSONReader(Array(text.utf8), pieceBytes: 4_096)
    var rows = 0
    while case .row(let value) = try reader.nextRow() {
      #expect(value == [:])
      rows += 1
    }
    #expect(rows == 100_000)
  }
}

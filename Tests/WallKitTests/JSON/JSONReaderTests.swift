import Testing
import WallKit
import WallKitTestSupport

@Suite struct JSONReaderTests {
  private static let structure =
    "the JSON document has an improper structure: missing or superfluous commas, braces, missing keys, etc"

  private func parse(_ text: String, maximumDepth: Int = JSONReader.defaultMaximumDepth)
    throws(JSONSyntaxError) -> JSONValue
  {
    try JSONReader.parse(Array(text.utf8), maximumDepth: maximumDepth)
  }

  @Test("parses every JSON shape")
  func parsesShapes() throws {
    let value = try parse(#"{"a":[1,-2.5e1,true,false,null,"x\n\u00e9\ud83d\ude00"],"b":{}}"#)
    #expect(value == ["a": [1, .number(-25), true, false, nil, "x\né😀"], "b": [:]])
  }

  @Test("keys and strings with escapes are unescaped; those without are read as they lie")
  func escapes() throws {
    let value = try parse(#"{"k\u0065y":"v\"1\"","plain":"a/b","q\"":"\/"}"#)
    #expect(value == ["key": "v\"1\"", "plain": "a/b", "q\"": "/"])
    #expect(try parse(#""top\tlevel""#) == "top\tlevel")
  }

  @Test("serialization round-trips and sorts keys")
  func roundTrip() throws {
    let value: JSONValue = ["z": "<script>&\"", "a": [1, .number(2.5)]]
    let text = value.serialized
    #expect(text == #"{"a":[1,2.5],"z":"\u003cscript\u003e\u0026\""}"#)
    #expect(try parse(text) == value)
  }

  @Test("an integer keeps every digit: a Facebook id is not rounded through a Double")
  func exactIntegers() throws {
    let value = try parse(#"{"id":10152734819204113,"max":9223372036854775807,"f":0.5}"#)
    #expect(value["id"] == .integer(10_152_734_819_204_113))
    #expect(value["id"] != .integer(10_152_734_819_204_112))
    #expect(value["id"]?.serialized == "10152734819204113")
    #expect(value["max"]?.integerValue == Int64.max)
    #expect(value["f"] == .number(0.5))
    // Beyond Int64 a number is a Double.
    #expect(try parse("18446744073709551615") == .number(18446744073709551615))
  }

  @Test(
    "rejects invalid JSON with line and column",
    arguments: [
      ("{\"a\": 1,\n}", 2, 1, "trailing comma in object"),
      ("[1,2,]", 1, 6, "trailing comma in array"),
      ("[1,2 ,\n  ]", 2, 3, "trailing comma in array"),
      ("{\"a\" 1}", 1, 6, Self.structure),
      ("{'a':1}", 1, 2, Self.structure),
      ("", 1, 1, "empty: no JSON found"),
      ("  \n ", 2, 2, "empty: no JSON found"),
      ("[1] x", 1, 5, "unexpected trailing content in the JSON input"),
      ("{\"a\":1}}", 1, 8, "unexpected trailing content in the JSON input"),
      ("[1,\n{\"a\":1", 2, 7, "JSON document ended early in the middle of an object or array"),
      ("\"abc", 1, 1, "a string is opened, but never closed"),
      (
        "[\"a\tb\"]", 1, 4,
        "within strings, some characters must be escaped, we found unescaped characters"
      ),
      ("[\"ok\",\n \"a\\x\"]", 2, 4, "problem while parsing a string"),
      ("{\"k\\u12\":1}", 1, 4, "problem while parsing a string"),
      // A lone surrogate is read as U+FFFD, but another bad escape in its string is not.
      ("[\"\\ud800\\u12\"]", 1, 9, "problem while parsing a string"),
      ("[\"\\udc00\\x\"]", 1, 9, "problem while parsing a string"),
      ("[01]", 1, 2, "problem while parsing a number"),
      ("[1e400]", 1, 2, "problem while parsing a number"),
      ("[tru]", 1, 2, "problem while parsing an atom starting with the letter 't'"),
    ])
  func rejects(text: String, line: Int, column: Int, reason: String) {
    let error = #expect(throws: JSONSyntaxError.self) { try parse(text) }
    #expect(error == JSONSyntaxError(line: line, column: column, reason: reason))
  }

  @Test(
    "a lone UTF-16 surrogate escape is read as U+FFFD",
    arguments: [
      (#"["\ud83d"]"#, "\u{FFFD}"),
      (#"["cut \ud83d"]"#, "cut \u{FFFD}"),
      (#"["\ude00 low alone"]"#, "\u{FFFD} low alone"),
      (#"["\ud83d\ud83d\ude00"]"#, "\u{FFFD}😀"),
      (#"["\ud83d\u0041\n\"é"]"#, "\u{FFFD}A\n\"é"),
      (#"["x\ude00\ud83d"]"#, "x\u{FFFD}\u{FFFD}"),
      (#"["\ud83d\\ude00"]"#, "\u{FFFD}\\ude00"),
    ])
  func loneSurrogate(text: String, expected: String) throws {
    let reader = JSONReader(Array(text.utf8))
    #expect(try reader.document() == [.string(expected)])
    #expect(reader.loneSurrogates == [JSONLoneSurrogate(path: [])])
  }

  @Test("a pair of surrogate escapes is one character, and nothing is listed")
  func surrogatePair() throws {
    let reader = JSONReader(Array(#"["\ud83d\ude00"]"#.utf8))
    #expect(try reader.document() == ["😀"])
    #expect(reader.loneSurrogates.isEmpty)
  }

  @Test("each string or key with a lone surrogate is listed with its path")
  func loneSurrogatePaths() throws {
    let text = #"{"comment":"\ud83d","a":{"b":"\udc00"},"l":["\ud800"],"k\ud800":1,"ok":"\u00e9"}"#
    let reader = JSONReader(Array(text.utf8))
    let value = try reader.document()
    #expect(
      value == [
        "comment": "\u{FFFD}", "a": ["b": "\u{FFFD}"], "l": ["\u{FFFD}"], "k\u{FFFD}": 1, "ok": "é",
      ])
    #expect(
      reader.loneSurrogates == [
        JSONLoneSurrogate(path: ["comment"]), JSONLoneSurrogate(path: ["a", "b"]),
        JSONLoneSurrogate(path: ["l"]), JSONLoneSurrogate(path: [], inKey: true),
      ])
    #expect(
      reader.loneSurrogates[0].description
        == "the text of \"comment\" holds a lone UTF-16 surrogate escape (half of a character, as JavaScript writes an emoji cut in two); read with U+FFFD in its place"
    )
    #expect(try JSONReader.parse(Array(#""\ud83d""#.utf8)) == "\u{FFFD}")
  }

  @Test("a class file's row with a lone surrogate is read, and so is the row after it")
  func loneSurrogateRows() throws {
    let reader = JSONReader(Array(#"{"results":[{"c":"\ud83d"},{"c":"ok"}],"\udc00":1}"#.utf8))
    #expect(try reader.nextRow() == .row(["c": "\u{FFFD}"]))
    #expect(reader.loneSurrogates == [JSONLoneSurrogate(path: ["c"])])
    #expect(try reader.nextRow() == .row(["c": "ok"]))
    #expect(reader.loneSurrogates.isEmpty)
    #expect(try reader.nextRow() == .end)
  }

  @Test("invalid UTF-8 is located at its first bad byte")
  func invalidUTF8() {
    let bytes = Array("[\"ok\",\n \"a".utf8) + [0xC3, 0x28] + Array("\"]".utf8)
    let error = #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(bytes) }
    #expect(error == JSONSyntaxError(line: 2, column: 4, reason: "the input is not valid UTF-8"))
  }

  @Test("nesting deeper than the cap is refused, not a stack overflow")
  func deepNesting() throws {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    let error = #expect(throws: JSONSyntaxError.self) { try parse(deep) }
    #expect(error?.reason == "nesting deeper than 512 levels")
    #expect(throws: JSONSyntaxError.self) { try parse("[[[1]]]", maximumDepth: 2) }
    #expect(try parse("[[1]]", maximumDepth: 2) == [[1]])
  }

  @Test("a repeated key keeps its first value and is listed with its path")
  func repeatedKeys() throws {
    let reader = JSONReader(Array(#"{"a":1,"a":2,"acl":{"u":true,"u":false}}"#.utf8))
    let value = try reader.document()
    #expect(value == ["a": 1, "acl": ["u": true]])
    #expect(
      reader.repeatedKeys == [
        JSONRepeatedKey(path: [], key: "a"), JSONRepeatedKey(path: ["acl"], key: "u"),
      ])
    #expect(
      reader.repeatedKeys.map(\.description) == [
        "key \"a\" appears more than once in the object; the first value is kept",
        "key \"u\" appears more than once in \"acl\"; the first value is kept",
      ])
  }

  @Test(
    "a class file's rows come one at a time, whatever its shape",
    arguments: [
      #"{"results":[{"a":1},{"b":2}]}"#, #"[{"a":1},{"b":2}]"#,
      #"{"x":[1,{"y":null}],"results":[{"a":1},{"b":2}],"z":"s"}"#,
    ])
  func rows(text: String) throws {
    let reader = JSONReader(Array(text.utf8))
    #expect(try reader.nextRow() == .row(["a": 1]))
    #expect(try reader.nextRow() == .row(["b": 2]))
    #expect(try reader.nextRow() == .end)
    #expect(try reader.nextRow() == .end)
  }

  @Test("rows of an invalid file: the error comes before any row")
  func rowsOfInvalidFile() {
    let reader = JSONReader(Array(#"{"results":[{"a":1},{"b":2}],}"#.utf8))
    let error = #expect(throws: JSONSyntaxError.self) { try reader.nextRow() }
    #expect(error == JSONSyntaxError(line: 1, column: 30, reason: "trailing comma in object"))
  }

  @Test("another shape gives what was found instead of rows")
  func notRows() throws {
    #expect(try JSONReader(Array(#"{"x":[]}"#.utf8)).nextRow() == .notRows(found: [:]))
    #expect(try JSONReader(Array(#""s""#.utf8)).nextRow() == .notRows(found: "s"))
    let repeated = JSONReader(Array(#"{"results":[1],"results":[2]}"#.utf8))
    #expect(try repeated.nextRow() == .row(1))
    #expect(try repeated.nextRow() == .end)
    #expect(repeated.repeatedResults)
  }

  @Test("check reads everything and builds nothing")
  func check() throws {
    try JSONReader(Array(#"{"a":[1,2,{"b":"c"}]}"#.utf8)).check()
    #expect(throws: JSONSyntaxError.self) { try JSONReader(Array(#"{"a":[1,2,]}"#.utf8)).check() }
  }

  @Test(
    "the invalid ParseZero fixtures fail with their position",
    .enabled(
      if: SharedTestData.has("parse/parsezero-fixtures"),
      "needs ../shared/testdata/parse/parsezero-fixtures"),
    arguments: [
      ("AllObjects.json", 17, 15), ("_Join:bs:ClassA:ClassB.json", 19, 3),
    ])
  func parseZero(file: String, line: Int, column: Int) throws {
    let path = try #require(SharedTestData.path("parse/parsezero-fixtures/\(file)"))
    let bytes = try FileSystem.readFile(path, limit: 1 << 20)
    let error = #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(bytes) }
    #expect(error?.reason.hasPrefix("trailing comma") == true)
    #expect(error?.line == line && error?.column == column)
  }
}

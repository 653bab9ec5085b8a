import Testing
import WallKit
import WallKitTestSupport

@Suite struct JSONParserTests {
  @Test("parses every JSON shape")
  func parsesShapes() throws {
    let value = try JSONParser.parse(
      Array(#"{"a":[1,-2.5e1,true,false,null,"x\n\u00e9\ud83d\ude00"],"b":{}}"#.utf8))
    #expect(value == ["a": [1, .number(-25), true, false, nil, "x\né😀"], "b": [:]])
  }

  @Test("serialization round-trips and sorts keys")
  func roundTrip() throws {
    let value: JSONValue = ["z": "<script>&\"", "a": [1, .number(2.5)]]
    let text = value.serialized
    #expect(text == #"{"a":[1,2.5],"z":"\u003cscript\u003e\u0026\""}"#)
    #expect(try JSONParser.parse(Array(text.utf8)) == value)
  }

  @Test(
    "rejects invalid JSON with line and column",
    arguments: [
      ("{\"a\": 1,\n}", 2, 1, "trailing comma in object"),
      ("[1,2,]", 1, 6, "trailing comma in array"),
      ("{\"a\" 1}", 1, 6, "expected ':' after key \"a\""),
      ("", 1, 1, "empty document"),
      ("[1] x", 1, 5, "unexpected 'x' after the value"),
      ("\"abc", 1, 5, "unterminated string"),
      ("[01]", 1, 3, "expected ',' or ']' in array, found '1'"),
      ("{'a':1}", 1, 2, "expected a string key, found '''"),
      ("[tru]", 1, 2, "unexpected 't'"),
    ])
  func rejects(text: String, line: Int, column: Int, reason: String) {
    let error = #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Array(text.utf8)) }
    #expect(error == JSONSyntaxError(line: line, column: column, reason: reason))
  }

  @Test("deep nesting is refused, not a stack overflow")
  func deepNesting() {
    let text = String(repeating: "[", count: 100_000)
    let error = #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Array(text.utf8)) }
    #expect(error?.reason == "nesting deeper than 512 levels")
  }

  @Test(
    "the invalid ParseZero fixtures fail with their position",
    .enabled(if: SharedTestData.isAvailable),
    arguments: [
      ("AllObjects.json", 17, 15), ("_Join:bs:ClassA:ClassB.json", 19, 3),
    ])
  func parseZero(file: String, line: Int, column: Int) throws {
    let path = try #require(SharedTestData.path("parse/parsezero-fixtures/\(file)"))
    let bytes = try FileSystem.readFile(path, limit: 1 << 20)
    let error = #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(bytes) }
    #expect(error?.reason.hasPrefix("trailing comma") == true)
    #expect(error?.line == line && error?.column == column)
  }
}

import Testing
import WallKit
import WallKitTestSupport

@Suite("JSON strings are escaped a run at a time, as the scalar-at-a-time rule did")
struct JSONStringEscapeTests {
  /// The rule as it was written before runs were copied whole: one scalar at a time.
  static func reference(_ text: String) -> String {
    var output = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "<": output += "\\u003c"
      case ">": output += "\\u003e"
      case "&": output += "\\u0026"
      case "\u{2028}": output += "\\u2028"
      case "\u{2029}": output += "\\u2029"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    return output + "\""
  }

  @Test(
    "every escape, at the start, the middle and the end, and the scalars next to U+2028",
    arguments: [
      "", "plain", "\"", "a\"b\\c", "<script>&</script>", "line\nbreak\r\n\ttab",
      "\u{0}\u{1}\u{1f}", "\u{2028}", "x\u{2029}y", "\u{2027}\u{202A}\u{20AC}",
      "é😀\u{2028}漢字<", "trailing\\", "\u{7f}\u{80}\u{ffff}",
    ])
  func escapes(_ text: String) throws {
    #expect(JSONValue.string(text).serialized == Self.reference(text))
    #expect(try JSONReader.parse(Array(JSONValue.string(text).serialized.utf8)) == .string(text))
  }

  @Test("random strings over the scalars that matter escape as the reference does")
  func randomStrings() throws {
    let alphabet: [Unicode.Scalar] = [
      "a", "Z", "\"", "\\", "\n", "\r", "\t", "<", ">", "&", "\u{0}", "\u{1f}", "\u{2028}",
      "\u{2029}", "\u{2027}", "\u{20AC}", "é", "😀", "漢",
    ]
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    for _ in 0..<500 {
      var text = String.UnicodeScalarView()
      for _ in 0..<next(24) { text.append(alphabet[next(alphabet.count)]) }
      let string = String(text)
      #expect(JSONValue.string(string).serialized == Self.reference(string))
    }
  }
}

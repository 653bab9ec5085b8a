/// JSON text's pieces, appended straight to bytes: for writers that know their document's shape
/// and write it without building a `JSONValue` first (`JSONValue.serialized` is made of them too,
/// so both give the same bytes).
public enum JSONText {
  static let null = Array("null".utf8)
  static let `true` = Array("true".utf8)
  static let `false` = Array("false".utf8)

  /// Appends `value` in decimal.
  /// - Parameters:
  ///   - value: The number.
  ///   - output: The bytes to add to.
  public static func appendInteger(_ value: Int64, to output: inout [UInt8]) {
    // Digits written last to first into a buffer on the stack: the viewer's data writes millions
    // of small numbers, and this makes no `String` for each.
    if value >= 0, value < 10 {
      output.append(UInt8(ascii: "0") + UInt8(value))
      return
    }
    if value < 0 { output.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var start = digits.count
      repeat {
        start -= 1
        digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      output.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
    }
  }

  /// Appends `text` as a JSON string, quoted and escaped.
  ///
  /// Escaped are the quote, the backslash, the control characters, U+2028 and U+2029 (they end
  /// a line in JavaScript) and, so that JSON may sit in HTML, `<`, `>` and `&`. The runs between
  /// escapes are copied whole: most strings (names, paths, dates) have none.
  /// - Parameters:
  ///   - text: The string.
  ///   - output: The bytes to add to.
  public static func appendString(_ text: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    var text = text
    // `withUTF8` makes the string contiguous first if it is not (a bridged string).
    text.withUTF8 { appendEscaped($0, to: &output) }
    output.append(UInt8(ascii: "\""))
  }

  /// Appends `bytes` (whole UTF-8 scalars), escaping what `appendString(_:to:)` escapes.
  private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
    let mayEscape = Self.mayEscape
    var run = 0
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      // One test per byte; only a byte that may start an escape looks further.
      guard byte < 0x80 ? mayEscape[Int(byte)] : byte == 0xE2,
        let (escape, width) = Self.escape(at: index, in: bytes)
      else {
        index += 1
        continue
      }
      // Escapes start at an ASCII byte or at the first byte of U+2028/U+2029: scalar
      // boundaries, so the run before is whole scalars.
      output += UnsafeBufferPointer(rebasing: bytes[run..<index])
      output += escape
      index += width
      run = index
    }
    output += UnsafeBufferPointer(rebasing: bytes[run...])
  }

  /// The escape of the scalar that starts at `index`, and its length in bytes; nil for a byte
  /// copied as it is.
  private static func escape(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (
    [UInt8], Int
  )? {
    let byte = bytes[index]
    if byte < 0x80 { return asciiEscapes[Int(byte)].map { ($0, 1) } }
    // U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
    guard byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80 else { return nil }
    switch bytes[index + 2] {
    case 0xA8: return (lineSeparator, 3)
    case 0xA9: return (paragraphSeparator, 3)
    default: return nil
    }
  }

  /// Whether each ASCII byte has an escape.
  private static let mayEscape: [Bool] = asciiEscapes.map { $0 != nil }

  private static let lineSeparator = Array("\\u2028".utf8)
  private static let paragraphSeparator = Array("\\u2029".utf8)

  /// The escape of each ASCII byte that has one, by byte: the control characters, the quote
  /// and the backslash, and `<`, `>`, `&`.
  private static let asciiEscapes: [[UInt8]?] = (0..<128).map { byte in
    let escape: String? =
      switch UInt8(byte) {
      case UInt8(ascii: "\""): "\\\""
      case UInt8(ascii: "\\"): "\\\\"
      case UInt8(ascii: "\n"): "\\n"
      case UInt8(ascii: "\r"): "\\r"
      case UInt8(ascii: "\t"): "\\t"
      case UInt8(ascii: "<"): "\\u003c"
      case UInt8(ascii: ">"): "\\u003e"
      case UInt8(ascii: "&"): "\\u0026"
      case ..<0x20:
        "\\u" + String(repeating: "0", count: byte < 0x10 ? 3 : 2) + String(byte, radix: 16)
      default: nil
      }
    return escape.map { Array($0.utf8) }
  }
}

extension JSONValue {
  /// Compact JSON text with object keys sorted, so equal values give equal bytes.
  public var serialized: String {
    var output = ""
    append(to: &output)
    return output
  }

  private func append(to output: inout String) {
    switch self {
    case .null: output += "null"
    case .bool(let flag): output += flag ? "true" : "false"
    case .integer(let value): output += String(value)
    case .number(let value):
      if value == value.rounded(), abs(value) < 1e15 {
        output += String(Int64(value))
      } else if value.isFinite {
        output += "\(value)"
      } else {
        output += "null"
      }
    case .string(let text): JSONValue.appendQuoted(text, to: &output)
    case .array(let elements):
      output += "["
      for (position, element) in elements.enumerated() {
        if position > 0 { output += "," }
        element.append(to: &output)
      }
      output += "]"
    case .object(let members):
      output += "{"
      for (position, key) in members.keys.sorted().enumerated() {
        if position > 0 { output += "," }
        JSONValue.appendQuoted(key, to: &output)
        output += ":"
        members[key]?.append(to: &output)
      }
      output += "}"
    }
  }

  /// Appends `text` as a JSON string: the runs that need no escape are copied whole, which
  /// appending a scalar at a time was not (it was a third of a 10k build's render step, for
  /// the walls' `photos.js`).
  private static func appendQuoted(_ text: String, to output: inout String) {
    output += "\""
    // Most strings (names, paths, dates) need no escape: one pass over their bytes says so.
    if text.utf8.withContiguousStorageIfAvailable({ !$0.contains(where: mayEscape) }) == true {
      output += text
      output += "\""
      return
    }
    let utf8 = text.utf8
    var run = utf8.startIndex
    var index = run
    while index != utf8.endIndex {
      let (escape, width) = Self.escape(at: index, in: utf8)
      guard let escape else {
        index = utf8.index(after: index)
        continue
      }
      // Escapes start at an ASCII byte or at the first byte of U+2028/U+2029: scalar
      // boundaries, so the run before is whole scalars.
      output += text[run..<index]
      output += escape
      index = utf8.index(index, offsetBy: width)
      run = index
    }
    output += text[run...]
    output += "\""
  }

  /// The escape of each ASCII byte that has one, by byte: the control characters, the quote
  /// and the backslash, and (to keep pages safe when JSON is embedded in HTML) `<`, `>`, `&`.
  private static let asciiEscapes: [String?] = (0..<128).map { byte in
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
  }

  /// Whether a string holding `byte` may need an escape (`escape(at:in:)`): an ASCII byte
  /// with an escape, or the first byte of U+2028 or U+2029 (or of another scalar from U+2000
  /// to U+2FFF).
  private static func mayEscape(_ byte: UInt8) -> Bool {
    byte < 0x80 ? asciiEscapes[Int(byte)] != nil : byte == 0xE2
  }

  /// The escape of the scalar that starts at `index`, and its length in bytes; nil for one
  /// copied as it is.
  private static func escape(at index: String.Index, in utf8: String.UTF8View) -> (String?, Int) {
    let byte = utf8[index]
    if byte < 0x80 { return (asciiEscapes[Int(byte)], 1) }
    // U+2028 and U+2029 (E2 80 A8 and E2 80 A9) end a line in JavaScript.
    guard byte == 0xE2 else { return (nil, 1) }
    let second = utf8.index(after: index)
    guard second != utf8.endIndex, utf8[second] == 0x80 else { return (nil, 1) }
    let third = utf8.index(after: second)
    guard third != utf8.endIndex else { return (nil, 1) }
    switch utf8[third] {
    case 0xA8: return ("\\u2028", 3)
    case 0xA9: return ("\\u2029", 3)
    default: return (nil, 1)
    }
  }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByIntegerLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral,
  ExpressibleByNilLiteral
{
  public init(stringLiteral value: String) { self = .string(value) }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(integerLiteral value: Int) { self = .integer(Int64(value)) }
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  public init(nilLiteral: ()) { self = .null }
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
}

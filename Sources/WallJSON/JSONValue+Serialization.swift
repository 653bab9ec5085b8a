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

  private static func appendQuoted(_ text: String, to output: inout String) {
    output += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      // Keep pages safe when JSON is embedded in HTML.
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
    output += "\""
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

extension JSONValue {
  /// Compact JSON text with object keys sorted, so equal values give equal bytes.
  public var serialized: String {
    String(decoding: serializedBytes, as: UTF8.self)
  }

  /// `serialized` as UTF-8 bytes, without making a `String` of them.
  public var serializedBytes: [UInt8] {
    var output: [UInt8] = []
    append(to: &output)
    return output
  }

  /// Appends `serialized`'s bytes to `output`.
  /// - Parameter output: The bytes to add to.
  public func append(to output: inout [UInt8]) {
    switch self {
    case .null: output += JSONText.null
    case .bool(let flag): output += flag ? JSONText.true : JSONText.false
    case .integer(let value): JSONText.appendInteger(value, to: &output)
    case .number(let value):
      if value == value.rounded(), abs(value) < 1e15 {
        JSONText.appendInteger(Int64(value), to: &output)
      } else if value.isFinite {
        output += "\(value)".utf8
      } else {
        output += JSONText.null
      }
    case .string(let text): JSONText.appendString(text, to: &output)
    case .array(let elements):
      output.append(UInt8(ascii: "["))
      for (position, element) in elements.enumerated() {
        if position > 0 { output.append(UInt8(ascii: ",")) }
        element.append(to: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let members):
      output.append(UInt8(ascii: "{"))
      for (position, key) in members.keys.sorted().enumerated() {
        if position > 0 { output.append(UInt8(ascii: ",")) }
        JSONText.appendString(key, to: &output)
        output.append(UInt8(ascii: ":"))
        members[key]?.append(to: &output)
      }
      output.append(UInt8(ascii: "}"))
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

/// A parsed JSON value.
///
/// A number written as an integer that fits `Int64` is kept exactly as `.integer` (a Facebook id
/// such as 10152734819204113 has more digits than a `Double` holds); any other number is the
/// nearest `.number`. The two compare by value: `.integer(2) == .number(2)`.
public enum JSONValue: Sendable {
  case null
  case bool(Bool)
  case integer(Int64)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// The member `key` of an object, or nil for a missing key or a non-object.
  public subscript(key: String) -> JSONValue? {
    if case .object(let members) = self { return members[key] }
    return nil
  }

  /// The string payload, or nil when this is not a string.
  public var stringValue: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// The boolean payload, or nil when this is not a boolean.
  public var boolValue: Bool? {
    if case .bool(let flag) = self { return flag }
    return nil
  }

  /// The exact integer of a number with no fractional part that fits `Int64`, else nil.
  public var integerValue: Int64? {
    switch self {
    case .integer(let value): value
    case .number(let value): Int64(exactly: value)
    default: nil
    }
  }

  /// A number as the nearest `Double`, or nil when this is not a number.
  public var doubleValue: Double? {
    switch self {
    case .integer(let value): Double(value)
    case .number(let value): value
    default: nil
    }
  }

  /// The elements of an array, or nil when this is not an array.
  public var arrayValue: [JSONValue]? {
    if case .array(let elements) = self { return elements }
    return nil
  }

  /// The members of an object, or nil when this is not an object.
  public var objectValue: [String: JSONValue]? {
    if case .object(let members) = self { return members }
    return nil
  }

  /// A short name of the value's kind, for error messages ("a string", "an object").
  public var kindDescription: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .integer, .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

extension JSONValue: Equatable {
  /// Whether two values are equal; numbers compare by value, whichever case holds them.
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.integer(let a), .integer(let b)): a == b
    case (.number(let a), .number(let b)): a == b
    case (.integer(let a), .number(let b)), (.number(let b), .integer(let a)):
      Int64(exactly: b) == a
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)): a == b
    default: false
    }
  }
}

/// A parsed JSON value.
///
/// Objects keep the last value of a repeated key.
public enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
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
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

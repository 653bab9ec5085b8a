/// A value that templates render: the data model of a Mustache context.
///
/// Truthiness follows the Mustache spec's reference semantics: `null`, `false` and the empty
/// array are falsy; everything else, including `0` and `""`, is truthy.
public enum TemplateValue: Sendable, Equatable {
  /// No value; renders as the empty string and is falsy.
  case null
  /// A boolean; renders as `true` or `false`.
  case bool(Bool)
  /// An integer; renders in decimal.
  case int(Int)
  /// A floating-point number; integral values render without a fraction (`85.0` → `85`).
  case double(Double)
  /// A string; HTML-escaped when interpolated with `{{name}}`.
  case string(String)
  /// A list; a section over it renders once per element.
  case array([TemplateValue])
  /// A hash; its keys are looked up by name.
  case object(TemplateObject)

  /// Whether a section over this value renders (`{{#x}}`) or its inverse does (`{{^x}}`).
  public var isTruthy: Bool {
    switch self {
    case .null: false
    case .bool(let value): value
    case .array(let elements): !elements.isEmpty
    case .int, .double, .string, .object: true
    }
  }

  /// The value stored under `key` when this is an object, or `nil`.
  /// - Parameter key: One segment of a dotted name.
  public subscript(key: String) -> TemplateValue? {
    guard case .object(let fields) = self else { return nil }
    return fields[key]
  }

  /// The text an interpolation tag writes for this value, before any escaping.
  ///
  /// Lists and objects have no text form and render as the empty string.
  public var renderedText: String {
    switch self {
    case .null, .array, .object: ""
    case .bool(let value): value ? "true" : "false"
    case .int(let value): String(value)
    case .string(let value): value
    case .double(let value):
      if value.rounded() == value, abs(value) < 1e15 { String(Int(value)) } else { "\(value)" }
    }
  }
}

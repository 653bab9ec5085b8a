import WallJSON
import WallModel

/// One object of a Parse class file, with typed accessors for Parse's value shapes.
struct ParseObject {
  /// The object's objectId.
  let objectId: String
  /// Its members as parsed.
  let fields: [String: JSONValue]

  /// A string member, or nil when absent or not a string.
  func string(_ key: String) -> String? { fields[key]?.stringValue }

  /// A member that holds an id: a string, or an integer (exports sometimes store Facebook ids as
  /// numbers; they are read exactly, not through a `Double`).
  func identifier(_ key: String) -> String? {
    switch fields[key] {
    case .string(let text)?: return text.isEmpty ? nil : text
    case .integer(let value)?: return String(value)
    default: return nil
    }
  }

  /// `createdAt`/`updatedAt` strings, or `{"__type":"Date","iso":…}` values.
  func timestamp(_ key: String) -> Timestamp? {
    switch fields[key] {
    case .string(let text)?: return Timestamp(iso8601: text)
    case .object(let members)? where members["__type"]?.stringValue == "Date":
      return members["iso"]?.stringValue.flatMap { Timestamp(iso8601: $0) }
    default: return nil
    }
  }
}

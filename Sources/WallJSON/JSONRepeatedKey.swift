/// A key met more than once in one object; the first value is kept, later ones are dropped.
public struct JSONRepeatedKey: Sendable, Equatable, CustomStringConvertible {
  /// The keys leading from the value read to the object ("" path for its own members).
  public var path: [String]
  /// The repeated key.
  public var key: String

  /// Creates a record of a repeated key.
  public init(path: [String], key: String) {
    self.path = path
    self.key = key
  }

  /// "key "a" appears more than once in "ACL"; the first value is kept".
  public var description: String {
    let place = path.isEmpty ? "the object" : "\"\(path.joined(separator: "."))\""
    return "key \"\(key)\" appears more than once in \(place); the first value is kept"
  }
}

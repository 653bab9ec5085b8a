import WallJSON

/// The field types of Parse Server's `_SCHEMA` collection: one document per class,
/// `{"_id": "WallImage", "image": "file", "user": "*_User", "friends": "relation<_User>", …}`.
struct ParseServerSchema {
  /// Field name → type as stored (`"file"`, `"*_User"`, `"date"`), by class name.
  private(set) var classes: [String: [String: String]] = [:]

  /// The members of `_SCHEMA` documents that are no field (Parse Server's
  /// `nonFieldSchemaKeys`).
  static let nonFields: Set<String> = ["_id", "_metadata", "_client_permissions"]

  /// Adds the class of one `_SCHEMA` document.
  /// - Parameters:
  ///   - className: The document's `_id`.
  ///   - document: Its members; those that are no string type are left out.
  mutating func add(className: String, document: [String: JSONValue]) {
    var fields: [String: String] = [:]
    for (field, type) in document where !Self.nonFields.contains(field) {
      if let type = type.stringValue { fields[field] = type }
    }
    classes[className] = fields
  }

  /// The stored type of `field` of `className`, or nil when the schema does not say.
  func type(of field: String, in className: String) -> String? {
    classes[className]?[field]
  }

  /// Whether the schema lists `className`.
  func knows(_ className: String) -> Bool { classes[className] != nil }
}

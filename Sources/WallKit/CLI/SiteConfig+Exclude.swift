import WallImport
import WallJSON
import WallSupport

extension SiteConfig {
  /// The keys of `"exclude"`.
  static let excludeKeys = ["users", "images"]

  /// Reads the value of `"exclude"`: `{"users": [...], "images": [...]}`, each a list of
  /// non-empty strings (a user's objectId or username, or `id:<objectId>`; an image's
  /// objectId), either key optional.
  /// - Throws: `UsageError` naming the file, the key (`exclude.users`) and the entry.
  static func exclusion(_ value: JSONValue, file: String) throws(UsageError) -> ExportExclusion {
    guard let members = value.objectValue else {
      throw UsageError(
        "\(file): 'exclude' must be an object such as {\"users\": [\"objectId or username\"], "
          + "\"images\": [\"objectId\"]}, not \(value.kindDescription)")
    }
    for key in members.keys.sorted() where !excludeKeys.contains(key) {
      let close = EditDistance.closest(to: key, in: excludeKeys, limit: 1).first
      throw UsageError(
        "\(file): unknown key 'exclude.\(key)'"
          + (close.map { "; did you mean 'exclude.\($0)'?" } ?? "")
          + " (the keys of 'exclude' are \(excludeKeys.joined(separator: ", ")))")
    }
    func entries(_ key: String) throws(UsageError) -> [String] {
      guard let list = members[key] else { return [] }
      guard let elements = list.arrayValue else {
        throw UsageError(
          "\(file): 'exclude.\(key)' must be an array of strings, not \(list.kindDescription)")
      }
      var result: [String] = []
      for (position, element) in elements.enumerated() {
        guard let text = element.stringValue, !text.isEmpty,
          text != ExportExclusion.objectIdPrefix
        else {
          throw UsageError(
            "\(file): 'exclude.\(key)' entry #\(position + 1) must be "
              + (key == "users"
                ? "an objectId, a username or 'id:<objectId>'" : "an image's objectId")
              + ", not " + (element.stringValue.map { "\"\($0)\"" } ?? element.kindDescription))
        }
        result.append(text)
      }
      return result
    }
    return ExportExclusion(users: try entries("users"), images: try entries("images"), file: file)
  }
}

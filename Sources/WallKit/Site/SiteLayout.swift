/// Where things go in the output tree (DESIGN.md, "The output contract"), and how pages
/// link to each other with relative URLs.
public struct SiteLayout: Sendable {
  /// The folder name of each user's wall, by objectId.
  public let wallFolders: [String: String]

  /// Assigns wall folders: the objectId itself when it is a safe file name, else `id-<hash>`.
  public init(users: [User]) {
    var folders: [String: String] = [:]
    for user in users {
      folders[user.objectId] =
        Self.isSafeFolderName(user.objectId)
        ? user.objectId
        : "id-" + String(SHA256.hex(SHA256.hash(Array(user.objectId.utf8))).prefix(16))
    }
    wallFolders = folders
  }

  /// Letters, digits, `-` and `_` only (Parse objectIds are 10 alphanumerics).
  public static func isSafeFolderName(_ name: String) -> Bool {
    !name.isEmpty && name.count <= 128
      && name.unicodeScalars.allSatisfy {
        ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "-"
          || $0 == "_"
      }
  }

  /// The file name of page `number` (1-based) of a wall.
  public static func pageFileName(_ number: Int) -> String {
    number == 1 ? "index.html" : "page-\(number).html"
  }

  /// Site-relative path of a wall page.
  public func wallPage(userID: String, page: Int) -> String {
    "walls/\(wallFolders[userID] ?? userID)/\(Self.pageFileName(page))"
  }

  /// The prefix that leads from a wall page back to the site root.
  public static let wallToRoot = "../../"
}

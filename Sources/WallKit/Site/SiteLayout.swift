/// Where things go in the output tree (DESIGN.md, "The output contract"), and how pages
/// link to each other with relative URLs.
public struct SiteLayout: Sendable {
  /// The folder name of each user's wall, by objectId.
  public let wallFolders: [String: String]
  /// The prefix that leads from this layout's wall pages back to the output root.
  public let pageToRoot: String
  /// Whether walls sit in `walls/<folder>/` (a site) or at the root (a single-wall bundle).
  private let nested: Bool

  /// Assigns wall folders: the objectId itself when it is a safe file name, else `id-<hash>`,
  /// the first 16 hex digits of the double SHA-256 of the objectId.
  public init(users: [User]) {
    var folders: [String: String] = [:]
    for user in users {
      folders[user.objectId] =
        Self.isSafeFolderName(user.objectId)
        ? user.objectId
        : "id-" + String(Hex.encode(SHA256.doubleDigest(Array(user.objectId.utf8))).prefix(16))
    }
    self.init(wallFolders: folders, pageToRoot: Self.wallToRoot, nested: true)
  }

  /// The private build's layout: each wall at `walls/<token>/`, where the token is
  /// `privateToken(secret:userID:)`, so a wall's address cannot be guessed from its owner.
  /// - Parameter users: Every user with a wall.
  /// - Parameter secret: The key of the tokens.
  public init(users: [User], secret: [UInt8]) {
    var folders: [String: String] = [:]
    for user in users {
      folders[user.objectId] = Self.privateToken(secret: secret, userID: user.objectId)
    }
    self.init(wallFolders: folders, pageToRoot: Self.wallToRoot, nested: true)
  }

  private init(wallFolders: [String: String], pageToRoot: String, nested: Bool) {
    self.wallFolders = wallFolders
    self.pageToRoot = pageToRoot
    self.nested = nested
  }

  /// The layout of an archive bundle: one user's wall pages at its root (`index.html`,
  /// `page-2.html`, …), linking to `assets/` and `media/` beside them.
  /// - Parameter userID: The wall's owner.
  public static func bundle(userID: String) -> SiteLayout {
    SiteLayout(wallFolders: [userID: ""], pageToRoot: "", nested: false)
  }

  /// The private folder name of a wall: hex HMAC-SHA-256 of the owner's objectId under `secret`.
  /// - Parameter secret: The key.
  /// - Parameter userID: The wall owner's objectId.
  public static func privateToken(secret: [UInt8], userID: String) -> String {
    Hex.encode(HMAC.sha256(key: secret, message: Array(userID.utf8)))
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
    guard nested else { return Self.pageFileName(page) }
    return "walls/\(wallFolders[userID] ?? userID)/\(Self.pageFileName(page))"
  }

  /// The prefix that leads from a site's wall page back to the site root.
  public static let wallToRoot = "../../"
}

import WallModel
import WallSupport

/// Where things go in the output tree (DESIGN.md, "The output contract"), and how pages
/// link to each other with relative URLs.
public struct SiteLayout: Sendable {
  /// The folder name of each user's wall, by objectId.
  public let wallFolders: [String: String]
  /// The prefix that leads from this layout's wall pages back to the output root.
  public let pageToRoot: String
  /// Whether walls sit in `walls/<folder>/` (a site) or at the root (a single-wall bundle).
  private let nested: Bool

  /// Assigns wall folders (`publicFolderName(of:)`): the objectId itself, or `id.<hash>` for
  /// an objectId that is no safe folder name or that another user's equals ignoring case.
  ///
  /// The two kinds can never meet: a safe name holds only letters, digits, `-` and `_`, and
  /// every hashed name holds a `.`. Two hashed objectIds would need the same 128-bit hash
  /// prefix; that, or anything else giving two users one folder, is refused.
  /// - Parameter users: Every user with a wall.
  /// - Throws: `SiteLayoutError.sharedFolder` when two users would get the same folder.
  public init(users: [User]) throws(SiteLayoutError) {
    let folders = try Self.assign(users, Self.publicFolderName(of:))
    self.init(wallFolders: folders, pageToRoot: Self.wallToRoot, nested: true)
  }

  /// The private build's layout: each wall at `walls/<token>/`, where the token is
  /// `privateToken(secret:userID:rotation:)`, so a wall's address cannot be guessed from its
  /// owner.
  /// - Parameter users: Every user with a wall.
  /// - Parameter secret: The key of the tokens.
  /// - Parameter rotations: The people whose link was replaced, and how many times.
  /// - Throws: `SiteLayoutError.sharedFolder` when two users would get the same folder.
  public init(users: [User], secret: [UInt8], rotations: LinkRotations = LinkRotations())
    throws(SiteLayoutError)
  {
    let folders = try Self.assign(users) {
      Self.folderName(of: $0, secret: secret, rotations: rotations)
    }
    self.init(wallFolders: folders, pageToRoot: Self.wallToRoot, nested: true)
  }

  /// The folder of a user's wall in a site: `publicFolderName(of:)` in a public build (no
  /// `secret`), else the private token of the owner's objectId and link rotation.
  ///
  /// The one rule of both engines: the layouts above, and the sharded build's walls
  /// (`ShardRecords.wallFolder`), which are laid out a neighbourhood at a time.
  /// - Parameters:
  ///   - user: The wall's owner, as imported.
  ///   - secret: The private build's key; nil for a public build.
  ///   - rotations: The people whose private link was replaced, and how many times.
  public static func folderName(of user: User, secret: [UInt8]?, rotations: LinkRotations)
    -> String
  {
    guard let secret else { return publicFolderName(of: user) }
    return privateToken(
      secret: secret, userID: user.objectId, rotation: rotations.count(of: user.objectId))
  }

  /// The folder of a user's wall in a public site.
  ///
  /// It is their objectId when that is a safe folder name that no other user's objectId
  /// equals ignoring case, else `hashedFolderName(_:)`, whose hex digits are the same in any
  /// case. So no two walls share a folder on a case-insensitive file system (or a zip opened
  /// on one), and no two share a WACZ key.
  /// - Parameter user: The wall's owner, as imported (`User.sharesIDIgnoringCase`).
  public static func publicFolderName(of user: User) -> String {
    isSafeFolderName(user.objectId) && !user.sharesIDIgnoringCase
      ? user.objectId : hashedFolderName(user.objectId)
  }

  /// The folder of an objectId that is no safe folder name: `id.` and 32 hex digits of its
  /// SHA-256.
  /// - Parameter objectId: The user's objectId.
  public static func hashedFolderName(_ objectId: String) -> String {
    "id." + String(Hex.encode(SHA256.digest(Array(objectId.utf8))).prefix(32))
  }

  /// Each user's folder by `name`, refusing any folder given to two users.
  /// - Parameter users: Every user with a wall.
  /// - Parameter name: The folder of a user's wall.
  /// - Throws: `SiteLayoutError.sharedFolder` naming the folder and its first two users.
  public static func assign(_ users: [User], _ name: (User) -> String) throws(SiteLayoutError)
    -> [String: String]
  {
    var folders: [String: String] = [:]
    var owners: [String: String] = [:]
    for user in users {
      let folder = name(user)
      if let first = owners[folder], first != user.objectId {
        throw .sharedFolder(folder: folder, first: first, second: user.objectId)
      }
      owners[folder] = user.objectId
      folders[user.objectId] = folder
    }
    return folders
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

  /// The private folder name of a wall: hex HMAC-SHA-256 of the owner's objectId under
  /// `secret`, or, once their link was replaced, under a key made of `secret` and `rotation`.
  ///
  /// Each rotation has its own key (HMAC of "wallgen link rotation N" under `secret`), so no
  /// choice of objectIds makes one person's new folder another's.
  /// - Parameter secret: The key.
  /// - Parameter userID: The wall owner's objectId.
  /// - Parameter rotation: How many times the owner's link was replaced (`LinkRotations`).
  public static func privateToken(secret: [UInt8], userID: String, rotation: Int = 0) -> String {
    var key = secret
    if rotation > 0 {
      key = HMAC.sha256(key: secret, message: Array("wallgen link rotation \(rotation)".utf8))
    }
    return Hex.encode(HMAC.sha256(key: key, message: Array(userID.utf8)))
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

  /// Site-relative path of index page `number` (1-based).
  ///
  /// The pages are `index.html`, `index-2.html`, and so on.
  public static func indexPage(_ number: Int) -> String {
    number == 1 ? "index.html" : "index-\(number).html"
  }

  /// Site-relative path of the list of everyone that the index's search box reads when the
  /// index has more than one page.
  public static let peopleList = "people.js"

  /// Site-relative path of a wall page.
  public func wallPage(userID: String, page: Int) -> String {
    wallFile(userID: userID, named: Self.pageFileName(page))
  }

  /// The link from a page of a wall to the first page of `userID`'s wall, when the link starts
  /// at `root`: `../<folder>/index.html` from a wall (`pageToRoot`), which is shorter than by
  /// way of the root (a card names several people, and is written on every wall that shows it).
  public func wallLink(userID: String, from root: String) -> String {
    guard nested, root == pageToRoot else { return root + wallPage(userID: userID, page: 1) }
    return "../\(wallFolders[userID] ?? userID)/\(Self.pageFileName(1))"
  }

  /// The file name of a wall's photo grid, beside its pages.
  public static let photoGridFileName = "photos.html"
  /// The file name of the script holding a wall's photos for the viewer, beside its pages.
  public static let photoDataFileName = "photos.js"

  /// Site-relative path of the file `name` in the folder of `userID`'s wall.
  public func wallFile(userID: String, named name: String) -> String {
    guard nested else { return name }
    return "walls/\(wallFolders[userID] ?? userID)/\(name)"
  }

  /// Whether a site-relative path is one of the media files (`media/…`), which a build's
  /// summary counts as images, not files.
  public static func isMedia(_ path: some StringProtocol) -> Bool { path.hasPrefix("media/") }

  /// The prefix that leads from a site's wall page back to the site root.
  public static let wallToRoot = "../../"
}

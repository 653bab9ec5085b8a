import WallImport
import WallJSON
import WallModel

/// The tables of a plan database and how its values are written (docs/sharding.md, "The plan").
enum PlanSchema {
  /// Bumped whenever a table or an encoding changes; a plan of another format is refused.
  static let format = "wallgen-plan-5"

  /// The statements that create an empty plan.
  static let create = """
    PRAGMA journal_mode = OFF;
    PRAGMA synchronous = OFF;
    CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
    CREATE TABLE users(
      objectId TEXT PRIMARY KEY, username TEXT NOT NULL, facebookID TEXT,
      displayName TEXT NOT NULL, picturePath TEXT, pictureName TEXT,
      hash INTEGER NOT NULL, avatarHash INTEGER NOT NULL, wallImages INTEGER NOT NULL,
      isPublic INTEGER NOT NULL, sharesIDIgnoringCase INTEGER NOT NULL);
    CREATE TABLE friends(owner TEXT NOT NULL, friend TEXT NOT NULL, PRIMARY KEY(owner, friend))
      WITHOUT ROWID;
    CREATE TABLE roles(user TEXT NOT NULL, role TEXT NOT NULL, PRIMARY KEY(user, role))
      WITHOUT ROWID;
    CREATE TABLE images(
      objectId TEXT PRIMARY KEY, className TEXT NOT NULL, uploader TEXT NOT NULL, path TEXT,
      originalName TEXT, createdAt INTEGER NOT NULL, acl TEXT);
    CREATE TABLE comments(
      objectId TEXT PRIMARY KEY, className TEXT NOT NULL, imageID TEXT NOT NULL,
      author TEXT NOT NULL, text TEXT NOT NULL, createdAt INTEGER NOT NULL, acl TEXT);
    CREATE TABLE sources(
      path TEXT NOT NULL, avatar INTEGER NOT NULL, ownerClass TEXT NOT NULL,
      ownerId TEXT NOT NULL, digest TEXT, readError TEXT, format TEXT, width INTEGER,
      height INTEGER, orientation INTEGER, hasAlpha INTEGER, probeError TEXT,
      hash INTEGER NOT NULL, publicShown INTEGER NOT NULL, PRIMARY KEY(path, avatar));
    CREATE TABLE problems(
      severity TEXT NOT NULL, file TEXT NOT NULL, className TEXT NOT NULL,
      objectId TEXT NOT NULL, reason TEXT NOT NULL, audience INTEGER NOT NULL,
      omitted INTEGER NOT NULL);
    """

  /// The `meta` rows of how many photos name a file and how many were found.
  static func meta(_ photoFiles: PhotoFileCount) -> [(String, String)] {
    [("photoFilesNamed", "\(photoFiles.named)"), ("photoFilesFound", "\(photoFiles.found)")]
  }

  /// What `meta` wrote, read back from the plan's `meta` table.
  static func photoFiles(_ meta: [String: String]) -> PhotoFileCount {
    PhotoFileCount(
      named: meta["photoFilesNamed"].flatMap { Int($0) } ?? 0,
      found: meta["photoFilesFound"].flatMap { Int($0) } ?? 0)
  }

  /// The `problems.audience` of a problem every build reports.
  static let everyAudience: Int64 = 0
  /// The `problems.audience` of a problem only a build for `audience` reports.
  static func only(_ audience: Audience) -> Int64 { audience == .anyone ? 1 : 2 }

  /// Indexes, made after the rows are in (faster than keeping them up to date row by row).
  ///
  /// `friends_friend` holds the owner too: a friendship's other side is then found in the
  /// order `friends` is walked (`PlanMergeSQL.oneSided`), not by a random probe of the
  /// primary key (at 100k, 4.9 s against 1.4 s; the index takes 1.8 s more to make).
  static let indexes = """
    CREATE INDEX users_hash ON users(hash);
    CREATE INDEX users_avatar_hash ON users(avatarHash);
    CREATE INDEX users_picture ON users(picturePath);
    CREATE INDEX friends_friend ON friends(friend, owner);
    CREATE INDEX images_uploader ON images(uploader);
    CREATE INDEX images_path ON images(path);
    CREATE INDEX comments_image ON comments(imageID);
    CREATE INDEX comments_author ON comments(author);
    CREATE INDEX sources_hash ON sources(hash);
    """

  /// An ACL as stored: `{"p":…,"r":[…],"u":[…]}`, lists sorted; nil stays NULL (public).
  static func encode(_ acl: AccessControl?) -> SQLiteValue {
    guard let acl else { return .null }
    let value: JSONValue = [
      "p": .bool(acl.isPublic), "u": .array(acl.users.sorted().map { .string($0) }),
      "r": .array(acl.roles.sorted().map { .string($0) }),
    ]
    return .text(value.serialized)
  }

  /// The ACL of a stored value; a value that cannot be read grants nobody.
  static func decodeACL(_ text: String?) -> AccessControl? {
    guard let text else { return nil }
    guard let value = try? JSONReader.parse(Array(text.utf8)) else { return AccessControl() }
    let strings = { (key: String) in Set((value[key]?.arrayValue ?? []).compactMap(\.stringValue)) }
    return AccessControl(
      isPublic: value["p"]?.boolValue ?? false, users: strings("u"), roles: strings("r"))
  }

  /// A JSON array of strings, bound to `json_each(?)` to query a set of keys at once.
  static func list(_ values: some Sequence<String>) -> SQLiteValue {
    .text(JSONValue.array(values.map { .string($0) }).serialized)
  }

  /// The bytes of lower-case hexadecimal text (a digest), or nil when it is not that.
  static func bytes(hex text: String) -> [UInt8]? {
    let digits = Array(text.utf8)
    guard digits.count % 2 == 0 else { return nil }
    func value(_ digit: UInt8) -> UInt8? {
      switch digit {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
      default: nil
      }
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(digits.count / 2)
    for offset in stride(from: 0, to: digits.count, by: 2) {
      guard let high = value(digits[offset]), let low = value(digits[offset + 1]) else {
        return nil
      }
      bytes.append(high << 4 | low)
    }
    return bytes
  }
}

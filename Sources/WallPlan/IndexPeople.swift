import WallJSON
import WallMedia
import WallModel
import WallSite
import WallSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Everyone the index of a sharded build lists, with their avatar and wall cover, in a scratch
/// SQLite database that sorts them in index order (`IndexPageModel`: by name ignoring case,
/// ties by objectId, as Swift compares strings) on disk: finalize's memory does not grow with
/// the number of users.
///
/// The file is made beside `path` with a temporary suffix (so a killed finalize's is removed
/// by the next build) and deleted when this goes.
final class IndexPeople {
  private let database: SQLiteDatabase
  private let file: String
  private let addPerson: SQLiteStatement
  private let addCover: SQLiteStatement
  private let replaceCover: SQLiteStatement
  /// How many people were added.
  private(set) var count = 0

  /// SQLite's page cache for the scratch database, in KiB (its sorter spills past it).
  static let cacheKiB = 8 * 1024

  /// Creates the scratch database beside `path`.
  /// - Throws: `PlanError.database` when it cannot be made.
  init(path: String) throws(PlanError) {
    file = "\(path)\(FileSystem.temporarySuffix)\(getpid())"
    try? FileSystem.removeFile(file)
    database = try SQLiteDatabase(path: file, create: true)
    try database.addTextCollation()
    try database.execute(
      """
      PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA temp_store = FILE;
      PRAGMA cache_size = -\(Self.cacheKiB);
      CREATE TABLE people (name TEXT, folded TEXT, objectId TEXT, href TEXT, small TEXT,
        large TEXT, username TEXT);
      CREATE TABLE covers (objectId TEXT PRIMARY KEY, images INTEGER, cover TEXT)
        WITHOUT ROWID;
      BEGIN;
      """)
    addPerson = try database.prepare("INSERT INTO people VALUES (?, ?, ?, ?, ?, ?, ?)")
    addCover = try database.prepare("INSERT OR IGNORE INTO covers VALUES (?, ?, ?)")
    replaceCover = try database.prepare("INSERT OR REPLACE INTO covers VALUES (?, ?, ?)")
  }

  deinit {
    try? FileSystem.removeFile(file)
  }

  /// Adds a person of the index.
  func add(_ user: User, href: String, avatar: AvatarImage?) throws(PlanError) {
    try addPerson.run([
      .text(user.displayName), .text(user.displayName.lowercased()), .text(user.objectId),
      .text(href), avatar.map { .text($0.small) } ?? .null,
      avatar.map { .text($0.large) } ?? .null, .text(user.username),
    ])
    count += 1
  }

  /// Adds the cover of `owner`'s wall; with `replacing` false, one added before stays.
  func add(cover: WallCover, of owner: String, replacing: Bool) throws(PlanError) {
    let variants: SQLiteValue =
      cover.variants.isEmpty
      ? .null
      : .text(MediaRecord.encode(.ready(variants: cover.variants, original: nil)).serialized)
    try (replacing ? replaceCover : addCover).run([
      .text(owner), .integer(Int64(cover.imageCount)), variants,
    ])
  }

  /// Sorts everyone in index order; then `name(at:)` and `entries()` read them in that order.
  func sort() throws(PlanError) {
    try database.execute(
      """
      CREATE TABLE ordered AS SELECT p.name, p.objectId, p.href, p.small, p.large, c.images,
        c.cover, p.username FROM people p LEFT JOIN covers c ON c.objectId = p.objectId
        ORDER BY p.folded COLLATE \(SQLiteDatabase.textCollation),
          p.objectId COLLATE \(SQLiteDatabase.textCollation);
      DROP TABLE people; DROP TABLE covers; COMMIT;
      """)
  }

  /// The name of the person at `position` (0-based) in index order.
  func name(at position: Int) throws(PlanError) -> String {
    let statement = try database.prepare("SELECT name FROM ordered WHERE rowid = ?")
    try statement.bind([.integer(Int64(position + 1))])
    return try statement.step() ? statement.text(0) : ""
  }

  /// A reader of everyone in index order, one entry a call (nil after the last).
  func entries() throws(PlanError) -> () throws(PlanError) -> IndexPageModel.Entry? {
    let statement = try database.prepare(
      "SELECT name, objectId, href, small, large, images, cover, username FROM ordered ORDER BY rowid"
    )
    try statement.bind([])
    return { () throws(PlanError) -> IndexPageModel.Entry? in
      guard try statement.step() else { return nil }
      var variants: [StoredImage] = []
      if let text = statement.optionalText(6), let value = try? JSONReader.parse(Array(text.utf8)),
        case .ready(let made, _)? = MediaRecord.decode(value)
      {
        variants = made
      }
      let avatar = statement.optionalText(3).map {
        AvatarImage(small: $0, large: statement.text(4))
      }
      return IndexPageModel.Entry(
        user: User(
          objectId: statement.text(1), username: statement.text(7),
          displayName: statement.text(0)),
        href: statement.text(2), imageCount: Int(statement.integer(5)), cover: variants,
        avatar: avatar)
    }
  }
}

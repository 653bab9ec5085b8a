import WallSite
import WallSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every wall of a sharded build with its first page and its owner's names, in a scratch
/// SQLite database in the state folder, read as a stream (`WallListing`): what finalize gives
/// the build record, a private build's lists of links and the web archive, so that its memory
/// does not grow with the users.
///
/// The table's key has the collation `wallgen_text`, so the walls come out in objectId order
/// as Swift compares strings, each objectId once (as the keys of a dictionary: the first
/// spelling of a key, the last values given for it). The file has a temporary suffix, so that a killed finalize's is removed by the
/// next build, and is deleted when this goes. Each `forEachWall` opens its own connection:
/// nothing is shared between threads but the path.
final class WallListFile: WallListing {
  /// The database file.
  let path: String

  /// Takes charge of the file at `path`: it is deleted when this goes.
  private init(path: String) {
    self.path = path
  }

  deinit {
    try? FileSystem.removeFile(path)
  }

  /// SQLite's page cache for the scratch database, in KiB.
  static let cacheKiB = 4 * 1024

  /// Calls `body` with every wall, in objectId order.
  /// - Throws: `WriteError` naming the file when it cannot be read, or what `body` throws.
  func forEachWall(_ body: (WallEntry) throws(WriteError) -> Void) throws(WriteError) {
    let statement: SQLiteStatement
    do throws(PlanError) {
      // The statement keeps its database open.
      let database = try SQLiteDatabase(path: path, create: false)
      try database.addTextCollation()
      try database.execute("PRAGMA cache_size = -\(Self.cacheKiB)")
      statement = try database.prepare(
        "SELECT objectId, page, username, displayName FROM walls ORDER BY objectId")
      try statement.bind([])
    } catch {
      throw Self.readError(error, path: path)
    }
    while true {
      do throws(PlanError) {
        guard try statement.step() else { break }
      } catch {
        throw Self.readError(error, path: path)
      }
      try body(
        WallEntry(
          objectId: statement.text(0), page: statement.text(1),
          names: OwnerNames(username: statement.text(2), displayName: statement.text(3))))
    }
  }

  /// A failure to read the walls, as the `WriteError` of the file.
  private static func readError(_ error: PlanError, path: String) -> WriteError {
    guard case .database(let file, let reason) = error else {
      return WriteError(path: path, reason: "cannot read the list of walls: \(error)")
    }
    return WriteError(path: file, reason: "cannot read the list of walls: \(reason)")
  }

  /// Writes the walls of a finalize step into a new scratch database, in any order; `finish()`
  /// gives the listing.
  final class Writer {
    private let database: SQLiteDatabase
    private let insert: SQLiteStatement
    private let file: WallListFile

    /// Creates an empty list beside `path` (with a temporary suffix).
    /// - Throws: `PlanError.database` when it cannot be made.
    init(path: String) throws(PlanError) {
      let scratch = "\(path)\(FileSystem.temporarySuffix)\(getpid())"
      try? FileSystem.removeFile(scratch)
      // Owned from here: the file goes with the writer when it fails before `finish()`.
      file = WallListFile(path: scratch)
      database = try SQLiteDatabase(path: scratch, create: true)
      try database.addTextCollation()
      try database.execute(
        """
        PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA temp_store = FILE;
        PRAGMA cache_size = -\(WallListFile.cacheKiB);
        CREATE TABLE walls (
          objectId TEXT PRIMARY KEY COLLATE \(SQLiteDatabase.textCollation),
          page TEXT NOT NULL, username TEXT NOT NULL, displayName TEXT NOT NULL) WITHOUT ROWID;
        BEGIN;
        """)
      // A key already there keeps its text and takes the new values, as a dictionary's does.
      insert = try database.prepare(
        """
        INSERT INTO walls VALUES (?, ?, ?, ?) ON CONFLICT (objectId) DO UPDATE SET
          page = excluded.page, username = excluded.username, displayName = excluded.displayName
        """)
    }

    /// Adds a wall; one added before with the same objectId (as Swift compares strings) takes
    /// its page and names.
    func add(objectId: String, page: String, names: OwnerNames) throws(PlanError) {
      try insert.run([
        .text(objectId), .text(page), .text(names.username), .text(names.displayName),
      ])
    }

    /// Commits the walls and returns the list, readable from any thread.
    /// - Throws: `PlanError.database` when they cannot be written.
    func finish() throws(PlanError) -> WallListFile {
      try database.execute("COMMIT")
      return file
    }
  }
}

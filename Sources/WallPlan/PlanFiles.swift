import WallSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the plan, its parts and the merge share about their files: opening one with its `meta`
/// table, and publishing one written under a temporary name.
enum PlanFiles {
  /// Opens the database at `path` and reads its `meta` table.
  /// - Parameter unreadable: the reason given when the table cannot be read (nil: SQLite's).
  /// - Throws: `PlanError.notAPlan` when it is missing or its `meta` table cannot be read.
  static func open(_ path: String, unreadable: String? = nil) throws(PlanError) -> (
    database: SQLiteDatabase, meta: [String: String]
  ) {
    guard FileSystem.kind(of: path) == .regular else {
      throw .notAPlan(path: path, reason: "no such file")
    }
    let database = try SQLiteDatabase(path: path, create: false)
    var meta: [String: String] = [:]
    do {
      try database.prepare("SELECT key, value FROM meta").forEach([]) { row in
        meta[row.text(0)] = row.text(1)
      }
    } catch {
      throw .notAPlan(path: path, reason: unreadable ?? "\(error)")
    }
    return (database, meta)
  }

  /// Renames the file written at `temporary` to `path`, so that it is whole or absent; the
  /// temporary file is removed when that fails.
  /// - Throws: `PlanError.write` naming `path`.
  static func publish(_ temporary: String, as path: String) throws(PlanError) {
    guard rename(temporary, path) == 0 else {
      let reason = FileSystem.lastErrorReason
      try? FileSystem.removeFile(temporary)
      throw .write(step: .plan, WriteError(path: path, reason: reason))
    }
  }
}

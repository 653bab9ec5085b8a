import CSQLite
import WallSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A value bound to, or read from, an SQLite statement.
enum SQLiteValue: Sendable, Equatable {
  case integer(Int64)
  case text(String)
  case null
}

/// One SQLite database file, through libsqlite3: the only file of wallgen that imports
/// `CSQLite`, so nothing else sees its handles or codes.
///
/// Used from one thread at a time (the plan's writer, a shard's or the finalizer's queries);
/// never shared between threads.
final class SQLiteDatabase {
  /// The database file, for messages.
  let path: String
  private let handle: OpaquePointer

  /// Opens (or, when `create`, creates) the database at `path`.
  /// - Throws: `PlanError.database` naming the file and SQLite's reason.
  init(path: String, create: Bool) throws(PlanError) {
    self.path = path
    var opened: OpaquePointer?
    let flags =
      create
      ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
      : SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX
    let code = sqlite3_open_v2(path, &opened, flags, nil)
    guard code == SQLITE_OK, let opened else {
      let reason = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
      sqlite3_close_v2(opened)
      throw .database(path: path, reason: reason)
    }
    handle = opened
    if getenv(Self.profileVariable) != nil { Self.printSlowStatements(of: opened) }
  }

  /// The environment variable that makes every database print its slow statements.
  static let profileVariable = "WALLGEN_SQL_PROFILE"

  /// Prints each statement of `handle` that takes 50 ms or more to standard error.
  ///
  /// Each line gives the statement's time and the start of its text: how `docs/scale.md`
  /// times the plan's statements. A statement's time includes what the caller does between
  /// its rows.
  private static func printSlowStatements(of handle: OpaquePointer) {
    sqlite3_trace_v2(
      handle, UInt32(SQLITE_TRACE_PROFILE),
      { _, _, statement, nanoseconds in
        guard let statement, let nanoseconds,
          let sql = sqlite3_sql(OpaquePointer(statement))
        else { return 0 }
        let milliseconds = nanoseconds.load(as: Int64.self) / 1_000_000
        guard milliseconds >= 50 else { return 0 }
        let text = String(String(cString: sql).prefix(200).map { $0.isNewline ? " " : $0 })
        FileSystem.writeAll("SQL \(milliseconds) ms: \(text)\n", to: STDERR_FILENO)
        return 0
      }, nil)
  }

  deinit {
    sqlite3_close_v2(handle)
  }

  /// Runs one or more statements that return no rows.
  /// - Throws: `PlanError.database` with SQLite's message.
  func execute(_ sql: String) throws(PlanError) {
    var message: UnsafeMutablePointer<CChar>?
    let code = sqlite3_exec(handle, sql, nil, nil, &message)
    if code != SQLITE_OK {
      let reason = message.map { withSystemReason(String(cString: $0)) } ?? lastMessage
      sqlite3_free(message)
      throw .database(path: path, reason: reason)
    }
  }

  /// Compiles one statement.
  /// - Throws: `PlanError.database` with SQLite's message.
  func prepare(_ sql: String) throws(PlanError) -> SQLiteStatement {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
      throw .database(path: path, reason: lastMessage)
    }
    return SQLiteStatement(database: self, handle: statement)
  }

  /// The name of the collation `addTextCollation()` adds.
  static let textCollation = "wallgen_text"

  /// Adds the collation `wallgen_text`: texts in the order of Swift's `String` comparison
  /// (Unicode canonical equivalence), the order wallgen sorts names in, so that SQLite can sort
  /// more rows than fit in memory in that order.
  /// - Throws: `PlanError.database` with SQLite's message.
  func addTextCollation() throws(PlanError) {
    let code = sqlite3_create_collation_v2(
      handle, Self.textCollation, SQLITE_UTF8, nil,
      { _, lengthA, bytesA, lengthB, bytesB in
        let a = String(
          decoding: UnsafeRawBufferPointer(start: bytesA, count: Int(lengthA)), as: UTF8.self)
        let b = String(
          decoding: UnsafeRawBufferPointer(start: bytesB, count: Int(lengthB)), as: UTF8.self)
        return a == b ? 0 : a < b ? -1 : 1
      }, nil)
    guard code == SQLITE_OK else { throw .database(path: path, reason: lastMessage) }
  }

  /// SQLite's message for the last failed call.
  var lastMessage: String { withSystemReason(String(cString: sqlite3_errmsg(handle))) }

  /// `message` with the OS's reason for the last failed system call, when one failed: "database
  /// or disk is full (No space left on device)".
  private func withSystemReason(_ message: String) -> String {
    var code = sqlite3_system_errno(handle)
    // A short write is SQLITE_FULL with no errno; no page limit is set, so the disk is full.
    if code == 0, sqlite3_errcode(handle) & 0xff == SQLITE_FULL { code = ENOSPC }
    return code == 0 ? message : "\(message) (\(FileSystem.errorReason(code)))"
  }
}

/// A compiled statement of a `SQLiteDatabase`; finalized when released.
final class SQLiteStatement {
  private let database: SQLiteDatabase
  private let handle: OpaquePointer

  fileprivate init(database: SQLiteDatabase, handle: OpaquePointer) {
    self.database = database
    self.handle = handle
  }

  deinit {
    sqlite3_finalize(handle)
  }

  /// Resets the statement and binds `values` to its parameters, in order.
  /// - Throws: `PlanError.database` when a value cannot be bound.
  func bind(_ values: [SQLiteValue]) throws(PlanError) {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
    // SQLITE_TRANSIENT: SQLite copies the text before the call returns.
    let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    for (offset, value) in values.enumerated() {
      let position = Int32(offset + 1)
      let code: Int32
      switch value {
      case .integer(let number): code = sqlite3_bind_int64(handle, position, number)
      case .text(let text):
        // The length given, so a NUL inside the text (JSON allows \u0000) is kept.
        code = sqlite3_bind_text(handle, position, text, Int32(text.utf8.count), transient)
      case .null: code = sqlite3_bind_null(handle, position)
      }
      guard code == SQLITE_OK else {
        throw .database(path: database.path, reason: database.lastMessage)
      }
    }
  }

  /// Steps once: true when a row is ready to be read, false when the statement is done.
  /// - Throws: `PlanError.database` with SQLite's message.
  func step() throws(PlanError) -> Bool {
    switch sqlite3_step(handle) {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default: throw .database(path: database.path, reason: database.lastMessage)
    }
  }

  /// Binds `values` and runs the statement to its end (an insert or an update).
  /// - Throws: `PlanError.database` with SQLite's message.
  func run(_ values: [SQLiteValue]) throws(PlanError) {
    try bind(values)
    while try step() {}
  }

  /// Binds `values` and calls `row` for each result row.
  /// - Throws: `PlanError.database` with SQLite's message, or what `row` throws.
  func forEach(_ values: [SQLiteValue], _ row: (SQLiteStatement) throws(PlanError) -> Void)
    throws(PlanError)
  {
    try bind(values)
    while try step() { try row(self) }
  }

  /// Column `index` of the current row as an integer (0 for NULL).
  func integer(_ index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

  /// Column `index` of the current row as text ("" for NULL).
  func text(_ index: Int32) -> String { optionalText(index) ?? "" }

  /// Column `index` of the current row as text, nil for NULL.
  func optionalText(_ index: Int32) -> String? {
    guard sqlite3_column_type(handle, index) != SQLITE_NULL,
      let bytes = sqlite3_column_text(handle, index)
    else { return nil }
    let count = Int(sqlite3_column_bytes(handle, index))
    return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }

  /// Whether column `index` of the current row is NULL.
  func isNull(_ index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }
}

/// Every row of a plan's tables, for comparing two plans (tests: a plan made in parts against
/// one imported whole).
package enum PlanTables {
  /// The rows of each table of the plan at `path`, each row as its columns joined by tabs
  /// (NULL as `\N`), ordered by every column; `meta` without `export` (the path given).
  /// - Throws: `PlanError.database` when the plan cannot be read.
  package static func rows(of path: String) throws(PlanError) -> [String: [String]] {
    let database = try SQLiteDatabase(path: path, create: false)
    var tables: [String: [String]] = [:]
    for table in ["meta", "users", "friends", "roles", "images", "comments", "sources", "problems"]
    {
      var columns: [String] = []
      try database.prepare("SELECT name FROM pragma_table_info('\(table)')").forEach([]) {
        columns.append($0.text(0))
      }
      let filter = table == "meta" ? " WHERE key <> 'export'" : ""
      let order = columns.map { "\"\($0)\"" }.joined(separator: ", ")
      var rows: [String] = []
      try database.prepare("SELECT \(order) FROM \(table)\(filter) ORDER BY \(order)").forEach([]) {
        row in
        rows.append(
          (0..<Int32(columns.count)).map { row.isNull($0) ? "\\N" : row.text($0) }
            .joined(separator: "\t"))
      }
      tables[table] = rows
    }
    return tables
  }
}

/// How the merge gathers the parts' rows into the scratch tables, each row given again kept at
/// its first place, as the import keeps it.
extension PlanMergeSQL {
  /// Copies the attached part's join rows: a row given again (in this part or another) is kept
  /// at its first place in the file, with that row's objectId, as the import keeps it.
  static let gatherJoins = """
    INSERT INTO s.joins SELECT * FROM p.joins WHERE true
      ON CONFLICT(className, owning, related) DO UPDATE
      SET position = excluded.position, objectId = excluded.objectId
      WHERE excluded.position < position
    """

  /// The part tables keyed by objectId, with their keys.
  ///
  /// A row given again (an objectId twice in a file) is kept at its first place
  /// (`gatherFirst`), as the import keeps it. Images are keyed by class too: a `WallImage` and
  /// a `WallImageObject` may share an objectId (`resolve` says which is kept).
  static let keyed: [String: String] = [
    "users": "objectId", "images": "className, objectId", "comments": "objectId",
    "roles": "objectId",
  ]

  /// Copies the attached part's rows of `table` (one of `keyed`, whose `columns` are given),
  /// keeping each key's row of the smallest place.
  static func gatherFirst(_ table: String, columns: [String]) -> String {
    let names = columns.joined(separator: ", ")
    let values = columns.map { "excluded.\($0)" }.joined(separator: ", ")
    return """
      INSERT INTO s.\(table) SELECT * FROM p.\(table) WHERE true
        ON CONFLICT(\(keyed[table] ?? "objectId")) DO UPDATE SET (\(names)) = (\(values))
        WHERE excluded.position < position
      """
  }

  /// The rows whose objectId a row before them in their file has: what the import reports as
  /// given twice and reads no further.
  static let duplicates = """
    CREATE INDEX s.objects_id ON objects(objectId);
    CREATE TABLE s.duplicates AS SELECT className, objectId, position, idKey FROM (
      SELECT *, row_number() OVER (PARTITION BY className, objectId ORDER BY position) AS n
      FROM s.objects) WHERE n > 1;
    CREATE INDEX s.duplicates_row ON duplicates(className, position);
    """
}

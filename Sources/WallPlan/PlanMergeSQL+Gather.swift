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
  ///
  /// The objectIds given more than once are found first, in the order of an index (a row's
  /// position is its place in its class's file, one per row), and only their rows are read.
  static let duplicates = """
    CREATE INDEX s.objects_id ON objects(className, objectId, position);
    CREATE TABLE s.duplicates AS SELECT o.className, o.objectId, o.position, o.idKey
      FROM (SELECT className, objectId, min(position) AS first FROM s.objects
        GROUP BY className, objectId HAVING count(*) > 1) d
      JOIN s.objects o ON o.className = d.className AND o.objectId = d.objectId
        AND o.position > d.first;
    CREATE INDEX s.duplicates_row ON duplicates(className, position);
    """
}

import WallJSON
import WallSupport

extension BuildRecord {
  /// Writes the record with the walls of `walls` as its `owners` and `wallPages`, read as a
  /// stream: the bytes `save(stateRoot:fileCount:)` writes for a record holding them, without
  /// holding them (a sharded build's finalize step).
  ///
  /// The record's own `wallPages` and `owners` must be empty. The file is written beside its
  /// place and put there only when it changed.
  /// - Throws: `WriteError` when the walls cannot be read or the record written.
  package func save(stateRoot: String, fileCount: Int, walls: any WallListing)
    throws(WriteError)
  {
    let path = "\(stateRoot)/\(Self.fileName)"
    guard wallPages.isEmpty, owners.isEmpty else {
      throw WriteError(path: path, reason: "the record holds walls besides those streamed")
    }
    // The record with both maps empty, cut where their members go. Its keys are sorted
    // ("owners" before "wallPages"), and `"owners":{}` can only be the member: a quote inside
    // a JSON string is escaped.
    let text = String(decoding: serialized(fileCount: fileCount), as: UTF8.self)
    guard let owners = text.firstRange(of: #""owners":{"#),
      let pages = text[owners.upperBound...].firstRange(of: #""wallPages":{"#)
    else {
      throw WriteError(path: path, reason: "the record has no owners or wall pages to fill")
    }
    let writer = try SortedLineWriter(path: path, ordered: false)
    try writer.write(text[..<owners.upperBound])
    try Self.writeMembers(of: walls, to: writer) { entry in
      .array([.string(entry.names.username), .string(entry.names.displayName)])
    }
    try writer.write(text[owners.upperBound..<pages.upperBound])
    try Self.writeMembers(of: walls, to: writer) { .string($0.page) }
    try writer.write(text[pages.upperBound...])
    try writer.install()
  }

  /// Writes one object member a wall (`"objectId":value`), comma-separated, in objectId order:
  /// the order `JSONValue.serialized` sorts keys in.
  private static func writeMembers(
    of walls: any WallListing, to writer: SortedLineWriter, value: (WallEntry) -> JSONValue
  ) throws(WriteError) {
    var first = true
    try walls.forEachWall { entry throws(WriteError) in
      let member = JSONValue.string(entry.objectId).serialized + ":" + value(entry).serialized
      try writer.write(first ? member : "," + member)
      first = false
    }
  }
}

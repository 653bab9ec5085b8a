import WallSite
import WallSupport

extension ShardRecord {
  /// Calls `body` with everything the record at `path` says was, or may have been, written,
  /// one line each, in no set order: its files and media records, its wall folders and its
  /// leftovers.
  ///
  /// With a `siteRoot`, each is a manifest line (`BuildManifest`), and a folder gives the wall
  /// pages found in it (`ShardClaims.siteFiles(siteRoot:)`); without one, a folder is a record's
  /// folder line (`d <folder>`). The record is read as a stream, so its size costs nothing (a
  /// record of an older wallgen, all JSON, is read whole). A record that is missing, or is not
  /// one of `shard`, claims nothing, as `load(path:shard:lists:)` finds none.
  /// - Throws: `WriteError` naming the record when its lists cannot be read, or what `body`
  ///   throws.
  static func forEachClaim(
    path: String, shard: ShardSpec, siteRoot: String?,
    _ body: (String) throws(WriteError) -> Void
  ) throws(WriteError) {
    guard let head = load(path: path, shard: shard, lists: false) else { return }
    func folder(_ folder: String) throws(WriteError) {
      guard let siteRoot else { return try body(folderPrefix + folder) }
      for line in ShardClaims(folders: [folder]).lines(siteRoot: siteRoot) { try body(line) }
    }
    // A record's line, made or leftover alike; a cover claims nothing.
    func entry(_ recordLine: String) throws(WriteError) {
      guard let line = ListLine(recordLine), line.kind != .cover else { return }
      let claimed = line.path
      guard BuildManifest.isOwnPath(claimed) else { return }
      switch line.kind {
      case .file: try body(BuildManifest.line(file: claimed))
      case .record: try body(BuildManifest.line(record: claimed))
      case .folder: try folder(claimed)
      case .cover: break
      }
    }
    // An older wallgen's record: `load` read its lists, all in its JSON.
    for line in head.lines { try entry(line) }
    let reader = try LineFileReader(path: path)
    _ = try reader.next()
    while let line = try reader.next() { try entry(line) }
  }

  /// Gathers into `list` everything the record at `path` claims (`forEachClaim`).
  /// - Returns: How many lines were added (a line can be added twice; `list` holds it once).
  /// - Throws: `WriteError` when the record cannot be read or `list` cannot be written.
  @discardableResult
  static func gatherClaims(
    path: String, shard: ShardSpec, siteRoot: String?, into list: SpilledLines
  ) throws(WriteError) -> Int {
    var added = 0
    try forEachClaim(path: path, shard: shard, siteRoot: siteRoot) { line throws(WriteError) in
      try list.append(line)
      added += 1
    }
    return added
  }

  /// The lists of the record at `path` as its file holds them, and how many of each kind.
  ///
  /// They are its lines after the first, a sorted stream, to be written again with more into
  /// another record (`save(to:stateRoot:adding:)`). The file is read twice, never held.
  /// - Throws: `WriteError` naming the record when it cannot be read.
  static func storedLists(path: String) throws(WriteError) -> AddedLists {
    var lists = AddedLists()
    let counting = try LineFileReader(path: path)
    _ = try counting.next()
    while let text = try counting.next() {
      guard let line = ListLine(text) else { continue }
      if line.isLeftover {
        lists.leftovers += 1
        continue
      }
      switch line.kind {
      case .cover: lists.covers += 1
      case .folder: lists.folders += 1
      case .file: lists.files += 1
      case .record: lists.records += 1
      }
    }
    let reader = try LineFileReader(path: path)
    _ = try reader.next()
    lists.sources = [reader]
    return lists
  }
}

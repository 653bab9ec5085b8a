import WallSite
import WallSupport

/// The lists of a shard's record (its wall folders, the files and media records it made and
/// its walls' covers) gathered on disk as the shard makes them, not in memory: a shard's
/// memory does not follow the number of its files (`SpilledLines`, at most
/// `SpilledLines.defaultBudget` bytes of lines held per list).
///
/// The lines are the record's (`ShardRecord.save(to:stateRoot:adding:)`): `d <folder>`,
/// `f <file>`, `r <record>`, `c <cover>`, and `lf <file>`, `lr <record>` for what earlier runs
/// of the shard claimed (its leftovers, gathered from their records as manifest lines). The
/// runs are scratch files beside the record, with a temporary suffix (a killed shard's are
/// removed by finalize), deleted when this goes.
final class ShardLists: WallOutputs {
  /// The wall folders the run writes (listed in its journal only).
  private let folders: SpilledLines
  /// The files and media records made, and the walls' covers.
  private let made: SpilledLines
  /// What earlier runs of the shard claimed, as manifest lines (listed in its journal only).
  private let leftovers: SpilledLines
  /// How many lines of each kind were added (each is added once; leftovers can repeat).
  private(set) var fileCount = 0, recordCount = 0, folderCount = 0, coverCount = 0
  private(set) var leftoverCount = 0
  /// Generated avatars written lately, so that one shared by many users is listed once
  /// (at most `avatarMemory`; past it, a repeat is only written and listed again, and the
  /// sorted list still holds it once).
  private var avatars: Set<String> = []

  /// How many generated avatars' paths are remembered at once.
  static let avatarMemory = 1 << 16

  /// Empty lists for `shard`'s record under `stateRoot`.
  init(shard: ShardSpec, stateRoot: String, byteBudget: Int = SpilledLines.defaultBudget) {
    let scratch =
      "\(ShardRecord.path(shard, stateRoot: stateRoot))\(FileSystem.temporarySuffix)lists"
    folders = SpilledLines(scratch: "\(scratch)-d", byteBudget: byteBudget)
    made = SpilledLines(scratch: "\(scratch)-m", byteBudget: byteBudget)
    leftovers = SpilledLines(scratch: "\(scratch)-l", byteBudget: byteBudget)
  }

  /// Adds what the record at `path` claims (`ShardRecord.forEachClaim`) to the leftovers: an
  /// earlier run's record, read as a stream.
  /// - Throws: `WriteError` when the record cannot be read or a list written.
  func addLeftovers(ofRecord path: String, shard: ShardSpec, siteRoot: String)
    throws(WriteError)
  {
    leftoverCount += try ShardRecord.gatherClaims(
      path: path, shard: shard, siteRoot: siteRoot, into: leftovers)
  }

  /// Whether earlier runs left anything to remove.
  var hasLeftovers: Bool { leftoverCount > 0 }

  /// The leftovers, as sorted manifest lines.
  func leftoverEntries() throws(WriteError) -> any LineSource { try leftovers.sorted() }

  /// Adds a wall folder (`walls/<folder>`) the run writes.
  func add(folder: String) throws(WriteError) {
    try folders.append(ShardRecord.folderPrefix + folder)
    folderCount += 1
  }

  /// Adds a site file the run made.
  func add(file: String) throws(WriteError) {
    try made.append(BuildManifest.line(file: file))
    fileCount += 1
  }

  /// Adds a media record the run used.
  func add(record: String) throws(WriteError) {
    try made.append(BuildManifest.line(record: record))
    recordCount += 1
  }

  /// Adds the cover of `owner`'s wall.
  func add(cover: WallCover, of owner: String) throws(WriteError) {
    try made.append(ShardRecord.coverLine(owner: owner, cover: cover))
    coverCount += 1
  }

  /// Adds a generated avatar written, unless it was added lately.
  /// - Returns: Whether it was new (else it need not be written again).
  func add(generatedAvatar path: String) throws(WriteError) -> Bool {
    guard !avatars.contains(path) else { return false }
    if avatars.count >= Self.avatarMemory { avatars.removeAll(keepingCapacity: true) }
    avatars.insert(path)
    try add(file: path)
    return true
  }

  /// The files and media records made so far, as sorted manifest lines (`BuildManifest`).
  func madeEntries() throws(WriteError) -> any LineSource {
    FilteredLineSource(try made.sorted(), keep: BuildManifest.isEntry)
  }

  /// Every line made so far (files, records, covers), sorted: what a finished record lists.
  func madeLines() throws(WriteError) -> any LineSource { try made.sorted() }

  /// Writes `record` atomically with these lists merged into its own (the folders and the
  /// leftovers only when `journal`), as sorted streams
  /// (`ShardRecord.save(to:stateRoot:adding:)`), at its place in `stateRoot` or at `path`.
  /// - Throws: `WriteError` when a file cannot be written or read.
  func save(
    _ record: ShardRecord, journal: Bool, stateRoot: String, at path: String? = nil
  ) throws(WriteError) {
    var added = ShardRecord.AddedLists(
      sources: [try made.sorted()], files: fileCount, records: recordCount, covers: coverCount)
    if journal {
      added.sources.append(try folders.sorted())
      added.folders = folderCount
      added.sources.append(
        PrefixedLineSource(try leftovers.sorted(), prefix: ShardRecord.leftoverPrefix))
      added.leftovers = leftoverCount
    }
    try record.save(
      to: path ?? ShardRecord.path(record.shard, stateRoot: stateRoot), stateRoot: stateRoot,
      adding: added)
  }
}

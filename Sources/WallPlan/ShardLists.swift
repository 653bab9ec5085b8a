import WallJSON
import WallSite
import WallSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The lists of a shard's record (its wall folders, the files and media records it made and
/// its walls' covers) gathered on disk as the shard makes them, not in memory: a shard's
/// memory does not follow the number of its files (`SpilledLines`, at most
/// `SpilledLines.defaultBudget` bytes of lines held per list).
///
/// The lines are the record's (`ShardRecord.save(to:stateRoot:)`): `d <folder>`,
/// `f <file>`, `r <record>`, `c <cover>`. The runs are scratch files beside the record, with a
/// temporary suffix (a killed shard's are removed by finalize), deleted when this goes.
final class ShardLists: WallOutputs {
  /// The wall folders the run writes (listed in its journal only).
  private let folders: SpilledLines
  /// The files and media records made, and the walls' covers.
  private let made: SpilledLines
  /// How many lines of each kind were added (each is added once).
  private(set) var fileCount = 0, recordCount = 0, folderCount = 0, coverCount = 0
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
  }

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

  /// Writes `record` atomically with these lists added to its own (the folders only when
  /// `withFolders`: a journal's).
  ///
  /// `ShardRecord.save` writes the lists it holds; this writes the record with its own lists
  /// (the leftovers, small) to a scratch file, then the real one: that header with the counts
  /// of all lists (`listed`), then its lines and these merged as sorted streams.
  /// - Throws: `WriteError` when a file cannot be written or read.
  func save(_ record: ShardRecord, withFolders: Bool, stateRoot: String) throws(WriteError) {
    let path = ShardRecord.path(record.shard, stateRoot: stateRoot)
    let head = "\(path)\(FileSystem.temporarySuffix)head-\(getpid())"
    try record.save(to: head, stateRoot: stateRoot)
    defer { try? FileSystem.removeFile(head) }
    let reader = try LineFileReader(path: head)
    guard let first = try reader.next(),
      case .object(var document)? = try? JSONReader.parse(
        Array(first.utf8))
    else {
      throw WriteError(path: head, reason: "is not a shard record (its first line is no JSON)")
    }
    var listed = document["listed"]?.objectValue ?? [:]
    func add(_ key: String, _ count: Int) {
      listed[key] = .integer((listed[key]?.integerValue ?? 0) + Int64(count))
    }
    add("files", fileCount)
    add("records", recordCount)
    add("covers", coverCount)
    if withFolders { add("folders", folderCount) }
    document["listed"] = .object(listed)
    let writer = try SortedLineWriter(path: path, header: JSONValue.object(document).serialized)
    var sources: [any LineSource] = [reader, try made.sorted()]
    if withFolders { sources.append(try folders.sorted()) }
    try writer.append(contentsOf: MergedLineSource(sources))
    try writer.install()
  }
}

import WallReport
import WallSite
import WallSupport

/// A shard's completion record, `shards/<K>-of-<N>.json` in the state folder.
///
/// A shard writes it when it starts, unfinished (a journal of what the run may write and what
/// earlier runs of the shard wrote), again after its media, and last, finished and atomically,
/// with every file it made; the finalize step reads one per shard. A record another shard
/// count set aside is kept as `<K>-of-<N>.superseded.json` until a build removes what it lists
/// (`ShardRecords`).
struct ShardRecord: Sendable {
  /// The plan's identity.
  var plan: String
  /// The settings' fingerprint (`ShardedBuild.fingerprint`): every shard and the finalize
  /// step must use the same.
  var fingerprint: String
  /// The same settings by name, so that a difference can be named (`ShardSettings`).
  var settings: ShardSettings
  /// Which shard.
  var shard: ShardSpec
  /// Whether the shard finished: false in the journal it writes when it starts.
  var finished = false
  /// Site-relative paths of every file the shard made: wall pages, media, generated avatars.
  var files: [String] = []
  /// State-relative paths of the media records it used.
  var records: [String] = []
  /// The wall folders (`walls/<folder>`) of the shard's owners: in a journal, where pages may
  /// have been written before they were listed in `files`.
  var folders: [String] = []
  /// What earlier runs of the shard wrote, as read with the record's lists (a running shard
  /// gathers its own on disk, `ShardLists`, and writes them with its journal).
  var leftovers = ShardClaims()
  /// How many leftovers the record lists: known even when its lists were not read
  /// (`load(path:shard:lists:)`).
  var listedLeftovers = 0
  /// Where its media came out otherwise than predicted.
  var corrections = MediaCorrections()
  /// The problems its media step reported.
  var problems: [Problem] = []
  /// Its media counts.
  var processed = 0, reused = 0, failed = 0
  /// Its walls and pages.
  var walls = 0, pages = 0
  /// What the index shows of each of its walls (photo count and cover), by owner.
  ///
  /// As the shard rendered them, from predicted media: finalize corrects them with the walls
  /// it renders again. Empty in a private build, which has no index.
  var covers: [String: WallCover] = [:]

  /// Creates the unfinished record of a run of `shard`.
  init(plan: String, fingerprint: String, settings: ShardSettings, shard: ShardSpec) {
    self.plan = plan
    self.fingerprint = fingerprint
    self.settings = settings
    self.shard = shard
  }

  /// Whether the record is a finished run of `plan` with the settings of `fingerprint` that
  /// left nothing to remove.
  func isFinished(plan: String, fingerprint: String) -> Bool {
    finished && self.plan == plan && self.fingerprint == fingerprint && leftovers.isEmpty
  }

  /// The folder of the records inside a state folder.
  static let folder = "shards"

  /// The file name of a shard's record.
  static func fileName(_ shard: ShardSpec) -> String { "\(shard.index)-of-\(shard.count).json" }

  /// The file name of a shard's record once a run of another shard count set it aside.
  static func supersededFileName(_ shard: ShardSpec) -> String {
    "\(shard.index)-of-\(shard.count).superseded.json"
  }

  /// The shard a record file name names, and whether the record was set aside; nil for any
  /// other name.
  static func shard(fileName: String) -> (shard: ShardSpec, superseded: Bool)? {
    guard fileName.hasSuffix(".json") else { return nil }
    var stem = fileName.dropLast(5)
    let superseded = stem.hasSuffix(".superseded")
    if superseded { stem = stem.dropLast(11) }
    let parts = stem.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[1] == "of", let index = Int(parts[0]), let count = Int(parts[2]),
      let shard = ShardSpec(index: index, count: count),
      fileName == (superseded ? supersededFileName(shard) : Self.fileName(shard))
    else { return nil }
    return (shard, superseded)
  }

  /// The record's path under `stateRoot`.
  static func path(_ shard: ShardSpec, stateRoot: String) -> String {
    "\(stateRoot)/\(folder)/\(fileName(shard))"
  }

  /// The path under `stateRoot` of the record once set aside.
  static func supersededPath(_ shard: ShardSpec, stateRoot: String) -> String {
    "\(stateRoot)/\(folder)/\(supersededFileName(shard))"
  }

  /// The path under `stateRoot` of the record, or of the record set aside.
  static func path(_ shard: ShardSpec, superseded: Bool, stateRoot: String) -> String {
    superseded
      ? supersededPath(shard, stateRoot: stateRoot) : path(shard, stateRoot: stateRoot)
  }

  /// The record of `shard` under `stateRoot`, nil when there is none or it cannot be read;
  /// with `lists` false, without its lists (`load(path:shard:lists:)`).
  static func load(_ shard: ShardSpec, stateRoot: String, lists: Bool = true) -> ShardRecord? {
    load(path: path(shard, stateRoot: stateRoot), shard: shard, lists: lists)
  }

  /// The records under `stateRoot`, set aside or not.
  static func all(stateRoot: String) -> [(shard: ShardSpec, superseded: Bool)] {
    FileSystem.contents(of: "\(stateRoot)/\(folder)").compactMap { shard(fileName: $0) }
      .sorted { $0.shard < $1.shard }
  }

  /// The shards that left a record under `stateRoot` (finished or not, not set aside).
  static func present(stateRoot: String) -> [ShardSpec] {
    all(stateRoot: stateRoot).filter { !$0.superseded }.map(\.shard)
  }
}

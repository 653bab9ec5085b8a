/// A finished shard's completion record, `shards/<K>-of-<N>.json` in the state folder.
///
/// Written last and atomically; the finalize step reads one per shard.
struct ShardRecord: Sendable {
  /// The plan's identity.
  var plan: String
  /// The settings' fingerprint (`ShardedBuild.fingerprint`): every shard and the finalize
  /// step must use the same.
  var fingerprint: String
  /// Which shard.
  var shard: ShardSpec
  /// Site-relative paths of every file the shard made: wall pages, media, generated avatars.
  var files: [String] = []
  /// State-relative paths of the media records it used.
  var records: [String] = []
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

  /// The folder of the records inside a state folder.
  static let folder = "shards"

  /// The file name of a shard's record.
  static func fileName(_ shard: ShardSpec) -> String { "\(shard.index)-of-\(shard.count).json" }

  /// The shard a record file name names, nil for any other name.
  static func shard(fileName: String) -> ShardSpec? {
    guard fileName.hasSuffix(".json") else { return nil }
    let parts = fileName.dropLast(5).split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[1] == "of", let index = Int(parts[0]), let count = Int(parts[2])
    else { return nil }
    return ShardSpec(index: index, count: count)
  }

  /// The record's path under `stateRoot`.
  static func path(_ shard: ShardSpec, stateRoot: String) -> String {
    "\(stateRoot)/\(folder)/\(fileName(shard))"
  }

  /// Writes the record atomically.
  func save(stateRoot: String) throws(WriteError) {
    func outcomes(_ map: [String: MediaOutcome]) -> JSONValue {
      .object(map.mapValues(MediaRecord.encode))
    }
    let document: JSONValue = [
      "plan": .string(plan), "fingerprint": .string(fingerprint),
      "shard": .integer(Int64(shard.index)), "count": .integer(Int64(shard.count)),
      "files": .array(files.map { .string($0) }), "records": .array(records.map { .string($0) }),
      "photos": outcomes(corrections.photos), "pictures": outcomes(corrections.pictures),
      "problems": .array(
        problems.map {
          [
            "file": .string($0.file), "class": .string($0.className),
            "objectId": .string($0.objectId), "reason": .string($0.reason),
            "severity": .string($0.severity.rawValue),
          ]
        }),
      "processed": .integer(Int64(processed)), "reused": .integer(Int64(reused)),
      "failed": .integer(Int64(failed)), "walls": .integer(Int64(walls)),
      "pages": .integer(Int64(pages)),
      "covers": .object(
        covers.mapValues { cover in
          var entry: [String: JSONValue] = ["images": .integer(Int64(cover.imageCount))]
          if !cover.variants.isEmpty {
            entry["cover"] = MediaRecord.encode(.ready(variants: cover.variants, original: nil))
          }
          return .object(entry)
        }),
    ]
    try FileSystem.createDirectory("\(stateRoot)/\(Self.folder)")
    try FileSystem.writeAtomically(
      Array(document.serialized.utf8), to: Self.path(shard, stateRoot: stateRoot))
  }

  /// The record of `shard` under `stateRoot`, nil when there is none or it cannot be read.
  static func load(_ shard: ShardSpec, stateRoot: String) -> ShardRecord? {
    let path = Self.path(shard, stateRoot: stateRoot)
    guard FileSystem.kind(of: path) == .regular,
      let bytes = try? FileSystem.readFile(path, limit: 1 << 31),
      let document = try? JSONReader.parse(bytes),
      let plan = document["plan"]?.stringValue,
      let fingerprint = document["fingerprint"]?.stringValue,
      document["shard"]?.integerValue == Int64(shard.index),
      document["count"]?.integerValue == Int64(shard.count),
      // A record without covers (of an older wallgen) cannot give the index: not finished.
      let covers = document["covers"]?.objectValue
    else { return nil }
    func strings(_ key: String) -> [String] {
      (document[key]?.arrayValue ?? []).compactMap(\.stringValue).filter(BuildManifest.isOwnPath)
    }
    func outcomes(_ key: String) -> [String: MediaOutcome] {
      (document[key]?.objectValue ?? [:]).compactMapValues(MediaRecord.decode)
    }
    func count(_ key: String) -> Int { Int(clamping: document[key]?.integerValue ?? 0) }
    var record = ShardRecord(plan: plan, fingerprint: fingerprint, shard: shard)
    record.files = strings("files")
    record.records = strings("records")
    record.corrections = MediaCorrections(
      photos: outcomes("photos"), pictures: outcomes("pictures"))
    record.problems = (document["problems"]?.arrayValue ?? []).compactMap { entry in
      guard let file = entry["file"]?.stringValue, let reason = entry["reason"]?.stringValue else {
        return nil
      }
      return Problem(
        entry["severity"]?.stringValue == "warning" ? .warning : .error, file: file,
        className: entry["class"]?.stringValue ?? "",
        objectId: entry["objectId"]?.stringValue ?? "", reason: reason)
    }
    record.processed = count("processed")
    record.reused = count("reused")
    record.failed = count("failed")
    record.walls = count("walls")
    record.pages = count("pages")
    record.covers = covers.mapValues { entry in
      var cover = WallCover(imageCount: Int(clamping: entry["images"]?.integerValue ?? 0))
      if let value = entry["cover"], case .ready(let variants, _)? = MediaRecord.decode(value) {
        cover.variants = variants
      }
      return cover
    }
    return record
  }

  /// The shards that left a record under `stateRoot`.
  static func finished(stateRoot: String) -> [ShardSpec] {
    FileSystem.contents(of: "\(stateRoot)/\(folder)").compactMap { shard(fileName: $0) }.sorted()
  }
}

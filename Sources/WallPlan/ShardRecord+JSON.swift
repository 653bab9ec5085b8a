import WallJSON
import WallMedia
import WallReport
import WallSite
import WallSupport

extension ShardRecord {
  /// Writes the record atomically to its path under `stateRoot`.
  func save(stateRoot: String) throws(WriteError) {
    try save(to: Self.path(shard, stateRoot: stateRoot), stateRoot: stateRoot)
  }

  /// Writes the record atomically to `path`, a file in the records' folder of `stateRoot`.
  func save(to path: String, stateRoot: String) throws(WriteError) {
    func outcomes(_ map: [String: MediaOutcome]) -> JSONValue {
      .object(map.mapValues(MediaRecord.encode))
    }
    let document: JSONValue = [
      "plan": .string(plan), "fingerprint": .string(fingerprint), "settings": settings.json,
      "state": .string(finished ? "finished" : "started"),
      "shard": .integer(Int64(shard.index)), "count": .integer(Int64(shard.count)),
      "files": .array(files.map { .string($0) }), "records": .array(records.map { .string($0) }),
      "folders": .array(folders.map { .string($0) }), "leftovers": leftovers.json,
      "photos": outcomes(corrections.photos), "pictures": outcomes(corrections.pictures),
      "problems": .array(problems.map(\.reportLine)),
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
    try FileSystem.writeAtomically(Array(document.serialized.utf8), to: path)
  }

  /// The record at `path`, of `shard`; nil when there is none or it cannot be read.
  ///
  /// A record is finished only when it says so and has settings and covers: one of an older
  /// wallgen is read for what it lists (so that it can be removed) but does not count.
  static func load(path: String, shard: ShardSpec) -> ShardRecord? {
    guard FileSystem.kind(of: path) == .regular,
      let bytes = try? FileSystem.readFile(path, limit: 1 << 31),
      let document = try? JSONReader.parse(bytes),
      document["shard"]?.integerValue == Int64(shard.index),
      document["count"]?.integerValue == Int64(shard.count)
    else { return nil }
    let settings = ShardSettings.decode(document["settings"])
    let covers = document["covers"]?.objectValue
    var record = ShardRecord(
      plan: document["plan"]?.stringValue ?? "",
      fingerprint: document["fingerprint"]?.stringValue ?? "",
      settings: settings ?? ShardSettings(values: [:]), shard: shard)
    record.finished =
      document["state"]?.stringValue == "finished" && settings != nil && covers != nil
    let claims = ShardClaims.decode(document)
    (record.files, record.records, record.folders) = (claims.files, claims.records, claims.folders)
    record.leftovers = ShardClaims.decode(document["leftovers"])
    func outcomes(_ key: String) -> [String: MediaOutcome] {
      (document[key]?.objectValue ?? [:]).compactMapValues(MediaRecord.decode)
    }
    func count(_ key: String) -> Int { Int(clamping: document[key]?.integerValue ?? 0) }
    record.corrections = MediaCorrections(
      photos: outcomes("photos"), pictures: outcomes("pictures"))
    record.problems = (document["problems"]?.arrayValue ?? []).compactMap(
      Problem.init(reportLine:))
    record.processed = count("processed")
    record.reused = count("reused")
    record.failed = count("failed")
    record.walls = count("walls")
    record.pages = count("pages")
    record.covers = (covers ?? [:]).mapValues { entry in
      var cover = WallCover(imageCount: Int(clamping: entry["images"]?.integerValue ?? 0))
      if let value = entry["cover"], case .ready(let variants, _)? = MediaRecord.decode(value) {
        cover.variants = variants
      }
      return cover
    }
    return record
  }
}

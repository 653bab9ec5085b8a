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

  /// Lists written with a record's own (`save(to:stateRoot:adding:)`): sorted streams of its
  /// lines, kept on disk as a shard makes them (`ShardLists`), and how many of each kind they
  /// hold, added to the counts the record's first line gives (`listed`).
  struct AddedLists {
    /// Each sorted (`SortedLines.precedes`), of the record's lines (`d`, `f`, `r`, `c`, `lf`,
    /// `lr`).
    var sources: [any LineSource] = []
    /// How many lines of each kind `sources` hold (the leftovers' count need only be more
    /// than 0 when there are some: it tells a finished record).
    var files = 0, records = 0, folders = 0, covers = 0, leftovers = 0
  }

  /// Writes the record atomically to `path`, a file in the records' folder of `stateRoot`,
  /// with `added` merged into its lists.
  ///
  /// The file is a JSON object on its first line (everything but the lists, with how many
  /// entries each has), then the lists, one entry a line, sorted (`SortedLines`): `d <folder>`,
  /// `f <file>`, `l<kind> <path>` for the leftovers (`lf`, `lr`, `ld`), `r <record>`. So the
  /// finalize step reads the files and records of every shard as sorted streams
  /// (`madeLines(path:)`), and the record is still written in one atomic rename.
  func save(to path: String, stateRoot: String, adding added: AddedLists = AddedLists())
    throws(WriteError)
  {
    func outcomes(_ map: [String: MediaOutcome]) -> JSONValue {
      .object(map.mapValues(MediaRecord.encode))
    }
    func count(_ held: Int, _ more: Int) -> JSONValue { .integer(Int64(held + more)) }
    let document: JSONValue = [
      "plan": .string(plan), "fingerprint": .string(fingerprint), "settings": settings.json,
      "state": .string(finished ? "finished" : "started"),
      "shard": .integer(Int64(shard.index)), "count": .integer(Int64(shard.count)),
      "listed": [
        "files": count(files.count, added.files), "records": count(records.count, added.records),
        "folders": count(folders.count, added.folders),
        "covers": count(covers.count, added.covers),
        "leftovers": count(
          leftovers.files.count + leftovers.records.count + leftovers.folders.count,
          added.leftovers),
      ],
      "photos": outcomes(corrections.photos), "pictures": outcomes(corrections.pictures),
      "problems": .array(problems.map(\.reportLine)),
      "processed": .integer(Int64(processed)), "reused": .integer(Int64(reused)),
      "failed": .integer(Int64(failed)), "walls": .integer(Int64(walls)),
      "pages": .integer(Int64(pages)),
    ]
    try FileSystem.createDirectory("\(stateRoot)/\(Self.folder)")
    let writer = try SortedLineWriter(path: path, header: document.serialized)
    try writer.append(contentsOf: MergedLineSource([ArrayLineSource(lines)] + added.sources))
    try writer.install()
  }

  /// The record's lists as sorted lines (`save(to:stateRoot:adding:)`).
  var lines: [String] {
    func prefixed(_ prefix: String, _ paths: [String]) -> [String] { paths.map { prefix + $0 } }
    return SortedLines.sorted(
      prefixed(Self.folderPrefix, folders) + prefixed(BuildManifest.filePrefix, files)
        + prefixed(BuildManifest.recordPrefix, records)
        + prefixed(Self.leftoverPrefix + BuildManifest.filePrefix, leftovers.files)
        + prefixed(Self.leftoverPrefix + BuildManifest.recordPrefix, leftovers.records)
        + prefixed(Self.leftoverPrefix + Self.folderPrefix, leftovers.folders)
        + covers.map { Self.coverLine(owner: $0.key, cover: $0.value) })
  }

  /// The start of a wall cover's line.
  static let coverPrefix = "c "

  /// The line of the cover of `owner`'s wall: a JSON array of the owner's objectId, the wall's
  /// photo count and the cover's variants (null for none).
  static func coverLine(owner: String, cover: WallCover) -> String {
    let variants: JSONValue =
      cover.variants.isEmpty
      ? .null : MediaRecord.encode(.ready(variants: cover.variants, original: nil))
    let entry: JSONValue = [.string(owner), .integer(Int64(cover.imageCount)), variants]
    return coverPrefix + entry.serialized
  }

  /// The owner and cover of a cover's line; nil for another line.
  static func cover(line: String) -> (owner: String, cover: WallCover)? {
    guard line.hasPrefix(coverPrefix),
      let entry = try? JSONReader.parse(Array(line.utf8.dropFirst(coverPrefix.utf8.count)))
        .arrayValue, entry.count == 3, let owner = entry[0].stringValue
    else { return nil }
    var cover = WallCover(imageCount: Int(clamping: entry[1].integerValue ?? 0))
    if case .ready(let variants, _)? = MediaRecord.decode(entry[2]) {
      cover.variants = variants
    }
    return (owner, cover)
  }

  /// Calls `body` with each wall cover the record at `path` lists, read as a stream (a record
  /// of an older wallgen, all JSON, is read whole).
  /// - Throws: `WriteError` naming the record when it cannot be read.
  static func forEachCover(path: String, _ body: (String, WallCover) throws(PlanError) -> Void)
    throws(PlanError)
  {
    do {
      let reader = try LineFileReader(path: path)
      guard let first = try reader.next(), let document = try? JSONReader.parse(Array(first.utf8))
      else {
        throw WriteError(path: path, reason: "is not a shard record (its first line is no JSON)")
      }
      if let covers = document["covers"]?.objectValue {
        for (owner, entry) in covers {
          var cover = WallCover(imageCount: Int(clamping: entry["images"]?.integerValue ?? 0))
          if let value = entry["cover"], case .ready(let variants, _)? = MediaRecord.decode(value) {
            cover.variants = variants
          }
          try body(owner, cover)
        }
        return
      }
      // The covers' lines come first in the sorted lists.
      while let line = try reader.next(), let (owner, cover) = Self.cover(line: line) {
        try body(owner, cover)
      }
    } catch let error as WriteError {
      throw .write(step: .index, error)
    } catch let error as PlanError {
      throw error
    } catch {
      throw .write(step: .index, WriteError(path: path, reason: "\(error)"))
    }
  }

  /// The start of a wall folder's line.
  static let folderPrefix = "d "
  /// What starts a leftover's line, before the prefix of its kind.
  static let leftoverPrefix = "l"

  /// Opens the files and media records a record lists as made (`madeLines(path:)`).
  struct MadeLines: LineSourceOpener {
    /// The record's file.
    var path: String

    /// The record's made files and records, as sorted manifest lines.
    func open() throws(WriteError) -> any LineSource {
      try ShardRecord.madeLines(path: path)
    }
  }

  /// The files and media records the record at `path` lists as made, as sorted manifest lines
  /// (`BuildManifest`), read as a stream (a record of an older wallgen, all JSON, is read
  /// whole).
  /// - Throws: `WriteError` naming the record when it cannot be read.
  static func madeLines(path: String) throws(WriteError) -> any LineSource {
    let reader = try LineFileReader(path: path)
    guard let first = try reader.next(), let document = try? JSONReader.parse(Array(first.utf8))
    else {
      throw WriteError(path: path, reason: "is not a shard record (its first line is no JSON)")
    }
    guard document["files"] == nil else {
      let claims = ShardClaims.decode(document)
      return ArrayLineSource(
        SortedLines.sorted(
          claims.files.map(BuildManifest.line(file:))
            + claims.records.map(BuildManifest.line(record:))))
    }
    return FilteredLineSource(reader, keep: BuildManifest.isEntry)
  }

  /// The record at `path`, of `shard`; nil when there is none or it cannot be read.
  ///
  /// A record is finished only when it says so and has settings and covers: one of an older
  /// wallgen is read for what it lists (so that it can be removed) but does not count.
  /// With `lists` false, only the first line is read: the lists stay empty, and only their
  /// sizes are known (`listed`), so a record of any size costs little (the finalize step).
  static func load(path: String, shard: ShardSpec, lists: Bool = true) -> ShardRecord? {
    guard FileSystem.kind(of: path) == .regular,
      let reader = try? LineFileReader(path: path), let first = try? reader.next(),
      let document = try? JSONReader.parse(Array(first.utf8)),
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
      document["state"]?.stringValue == "finished" && settings != nil
      && (covers != nil || document["listed"]?["covers"] != nil)
    if document["files"] != nil {
      // An older wallgen's record: every list in the JSON.
      let claims = ShardClaims.decode(document)
      (record.files, record.records, record.folders) = (
        claims.files, claims.records, claims.folders
      )
      record.leftovers = ShardClaims.decode(document["leftovers"])
      record.listedLeftovers = record.leftovers.isEmpty ? 0 : 1
    } else {
      record.listedLeftovers = Int(clamping: document["listed"]?["leftovers"]?.integerValue ?? 0)
      if lists { record.readLists(reader) }
    }
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
    // An older wallgen's covers, in the JSON; this one's are lines, read with the lists.
    if let covers {
      record.covers = covers.mapValues { entry in
        var cover = WallCover(imageCount: Int(clamping: entry["images"]?.integerValue ?? 0))
        if let value = entry["cover"], case .ready(let variants, _)? = MediaRecord.decode(value) {
          cover.variants = variants
        }
        return cover
      }
    }
    return record
  }

  /// Reads the lists that follow the first line of a record (paths that could leave the root
  /// are dropped, as in a manifest).
  private mutating func readLists(_ reader: LineFileReader) {
    while let text = try? reader.next() {
      guard let line = ListLine(text) else { continue }
      if line.kind == .cover {
        if let (owner, cover) = Self.cover(line: text) { covers[owner] = cover }
        continue
      }
      let path = line.path
      guard BuildManifest.isOwnPath(path) else { continue }
      switch (line.kind, line.isLeftover) {
      case (.file, false): files.append(path)
      case (.file, true): leftovers.files.append(path)
      case (.record, false): records.append(path)
      case (.record, true): leftovers.records.append(path)
      case (.folder, false): folders.append(path)
      case (.folder, true): leftovers.folders.append(path)
      case (.cover, _): break
      }
    }
  }
}

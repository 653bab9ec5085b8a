import WallImport
import WallSite
import WallSupport

#if canImport(Glibc)
  import Glibc
#endif

extension PlanWriter {
  /// How many image files a part reads at once before writing what it found.
  static let probeBatch = 4_096

  /// Writes part `part` of the plan (`PLAN.parts/K-of-N.sqlite`, atomically).
  ///
  /// It holds the rows of its share of the class files and Graph files, and the digests and
  /// headers of the image files they name; or, when its rows show a problem, only why the
  /// export must be imported whole. A part already written for this export is left as it is.
  /// - Parameter last: Whether the part is the run's last step (`--part`), which then ends;
  ///   false when the merge follows in this process (its step ends the part's).
  /// - Throws: `PlanError.database` or `.write` when the part cannot be written.
  func writePart(_ part: ShardSpec, source: any ExportSource, identity: String, last: Bool = true)
    throws(PlanError) -> Result
  {
    let path = PlanPartSchema.path(of: part, plan: settings.plan)
    if let existing = try? PlanPart(path: path), existing.identity == identity {
      if last { progress.finished() }
      return Result(identity: identity, upToDate: true)
    }
    do {
      try FileSystem.createDirectory(PlanPartSchema.folder(plan: settings.plan))
    } catch {
      throw .write(step: .plan, error)
    }
    let temporary = "\(path)\(FileSystem.temporarySuffix)\(getpid())"
    try? FileSystem.removeFile(temporary)
    var wholeImport: String?
    do throws(PlanError) {
      let database = try SQLiteDatabase(path: temporary, create: true)
      try database.execute(PlanPartSchema.create)
      try database.execute("BEGIN")
      var staging = try PlanPartStaging(database: database)
      wholeImport = ImportSession.stage(
        from: source, limits: settings.importLimits, part: part.index, of: part.count,
        exclusion: settings.exclusion, into: &staging)
      staging.writeUnlisted()
      if let failure = staging.failure { throw failure }
      if wholeImport == nil {
        progress.announce(.images, of: Self.steps, total: 0)
        try database.execute(
          "CREATE INDEX images_path ON images(path); CREATE INDEX pictures_path ON pictures(path)")
        try probeFiles(in: "images", avatar: false, source: source, database: database)
        try probeFiles(in: "pictures", avatar: true, source: source, database: database)
      }
      let meta = try database.prepare("INSERT INTO meta VALUES (?, ?)")
      for (key, value) in [
        ("format", PlanPartSchema.format), ("identity", identity), ("part", part.description),
        ("wholeImport", wholeImport ?? ""),
      ] {
        try meta.run([.text(key), .text(value)])
      }
      try database.execute("COMMIT")
    } catch {
      try? FileSystem.removeFile(temporary)
      throw error
    }
    try PlanFiles.publish(temporary, as: path)
    if last { progress.finished() }
    var result = Result(identity: identity, upToDate: false)
    result.wholeImport = wholeImport
    return result
  }

  /// Reads the files named by `table`'s `path`s, each once, `probeBatch` at a time in
  /// parallel, and writes their digests and headers into `sources`.
  private func probeFiles(
    in table: String, avatar: Bool, source: any ExportSource, database: SQLiteDatabase
  ) throws(PlanError) {
    let next = try database.prepare(
      "SELECT DISTINCT path FROM \(table) WHERE path > ? ORDER BY path LIMIT \(Self.probeBatch)")
    let insert = try database.prepare(
      "INSERT INTO sources VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
    var after = ""
    while true {
      var paths: [(path: String, avatar: Bool)] = []
      try next.forEach([.text(after)]) { row in paths.append((row.text(0), avatar)) }
      guard let last = paths.last else { return }
      let probes = Self.probe(paths, source: source, jobs: settings.jobs, progress: progress)
      for (position, probe) in probes.enumerated() {
        try insert.run([.text(paths[position].path), .integer(avatar ? 1 : 0)] + probe.columns)
      }
      after = last.path
    }
  }
}

/// A part of a plan as the merge opens it: its identity and whether the export must be imported
/// whole.
struct PlanPart {
  /// The part's file.
  let path: String
  /// The plan identity it was made for.
  let identity: String
  /// Which part it is.
  let part: String
  /// Why the export must be imported whole ("" when its rows were read).
  let wholeImport: String

  /// Opens the part at `path`.
  /// - Throws: `PlanError.notAPlan` when it is missing or no part of this format.
  init(path: String) throws(PlanError) {
    let meta = try PlanFiles.open(path, unreadable: "no part of a plan").meta
    guard meta["format"] == PlanPartSchema.format, let identity = meta["identity"],
      let part = meta["part"], let wholeImport = meta["wholeImport"]
    else {
      throw .notAPlan(path: path, reason: "no part of a plan of format \(PlanPartSchema.format)")
    }
    self.path = path
    self.identity = identity
    self.part = part
    self.wholeImport = wholeImport
  }
}

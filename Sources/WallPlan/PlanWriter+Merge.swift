import WallImport
import WallMedia
import WallModel
import WallReport
import WallSite
import WallSupport

#if canImport(Glibc)
  import Glibc
#endif

extension PlanWriter {
  /// Makes the plan from its `count` parts in SQL (`PlanMergeSQL`).
  ///
  /// Their rows are gathered in a scratch database beside the plan, then come the checks that
  /// need more than one row, the plan's tables, their indexes and the walls' sizes. Its memory is SQLite's caches and sorts, not
  /// the export. A row's own problems, and those of rows naming what is not there (an unknown
  /// uploader or author, a missing image), are reported here in the whole import's words and
  /// order (`rowProblems`); when a part or a check finds any other problem, the export is
  /// imported whole (`writeWhole`), so that its problems are reported in the build's words. The parts are
  /// removed once the plan is written.
  /// - Throws: `PlanError.partMissing` or `.partDiffers` (naming the part) when a part is
  ///   missing or was made from another export; `.build`, `.database`, `.write` as `write`.
  func merge(_ count: Int, source: any ExportSource, identity: String) throws(PlanError)
    -> Result
  {
    var parts: [String] = []
    var wholeImport: String?
    for index in 0..<count {
      guard let spec = ShardSpec(index: index, count: count) else {
        throw .partMissing(part: "\(index)/\(count)", path: settings.plan)
      }
      let path = PlanPartSchema.path(of: spec, plan: settings.plan)
      let part: PlanPart
      do {
        part = try PlanPart(path: path)
      } catch {
        throw .partMissing(part: spec.description, path: path)
      }
      guard part.identity == identity, part.part == spec.description else {
        throw .partDiffers(part: spec.description, path: path)
      }
      if wholeImport == nil, !part.wholeImport.isEmpty {
        wholeImport = "part \(spec): \(part.wholeImport)"
      }
      parts.append(path)
    }
    progress.announce(.write, of: Self.steps, total: 0)
    let result: Result
    if let wholeImport {
      result = try writeWhole(source: source, identity: identity, reason: wholeImport)
    } else {
      switch try mergeParts(parts, source: source, identity: identity) {
      case .written(let written): result = written
      case .wholeImport(let reason):
        result = try writeWhole(source: source, identity: identity, reason: reason)
      }
    }
    removeParts()
    return result
  }

  /// Removes the parts' folder and what it holds (the parts, and what killed runs left).
  func removeParts() {
    let folder = PlanPartSchema.folder(plan: settings.plan)
    for name in FileSystem.contents(of: folder) { try? FileSystem.removeFile("\(folder)/\(name)") }
    rmdir(folder)
  }

  /// What a merge of clean parts did.
  private enum MergeOutcome {
    case written(Result)
    /// A check found a problem: the export must be imported whole.
    case wholeImport(String)
  }

  private func mergeParts(_ parts: [String], source: any ExportSource, identity: String)
    throws(PlanError) -> MergeOutcome
  {
    let temporary = "\(settings.plan)\(FileSystem.temporarySuffix)\(getpid())"
    let scratch =
      "\(PlanPartSchema.folder(plan: settings.plan))/merge\(FileSystem.temporarySuffix)\(getpid())"
    try? FileSystem.removeFile(temporary)
    try? FileSystem.removeFile(scratch)
    defer { try? FileSystem.removeFile(scratch) }
    let outcome: MergeOutcome
    do throws(PlanError) {
      let database = try SQLiteDatabase(path: temporary, create: true)
      try database.execute(PlanSchema.create + PlanMergeSQL.settings)
      try database.prepare("ATTACH DATABASE ? AS s").run([.text(scratch)])
      try database.execute(PlanMergeSQL.scratch)
      try gather(parts, into: database)
      outcome = try fill(database, source: source, identity: identity)
    } catch {
      try? FileSystem.removeFile(temporary)
      throw error
    }
    guard case .written = outcome else {
      try? FileSystem.removeFile(temporary)
      return outcome
    }
    try PlanFiles.publish(temporary, as: settings.plan)
    progress.finished()
    return outcome
  }

  /// Copies every part's rows into the scratch tables, one part attached at a time, a row
  /// given again kept at its first place (`gatherJoins`, `gatherFirst`), then finds the rows
  /// whose objectId an earlier row of their file has (`PlanMergeSQL.duplicates`).
  private func gather(_ parts: [String], into database: SQLiteDatabase) throws(PlanError) {
    var columns: [String: [String]] = [:]
    for table in PlanMergeSQL.keyed.keys {
      try database.prepare("SELECT name FROM pragma_table_info(?, 's')").forEach([.text(table)]) {
        columns[table, default: []].append($0.text(0))
      }
    }
    for path in parts {
      try database.prepare("ATTACH DATABASE ? AS p").run([.text(path)])
      try database.execute("PRAGMA p.cache_size = -\(PlanMergeSQL.partCacheKiB)")
      try database.execute("BEGIN")
      for table in PlanPartSchema.tables {
        if table == "joins" {
          try database.execute(PlanMergeSQL.gatherJoins)
        } else if let names = columns[table] {
          try database.execute(PlanMergeSQL.gatherFirst(table, columns: names))
        } else {
          try database.execute("INSERT OR IGNORE INTO s.\(table) SELECT * FROM p.\(table)")
        }
      }
      try database.execute("COMMIT")
      try database.execute("DETACH DATABASE p")
    }
    try database.execute(PlanMergeSQL.duplicates)
  }

  /// Checks the gathered rows and writes the plan's tables, or says why the export must be
  /// imported whole.
  private func fill(_ database: SQLiteDatabase, source: any ExportSource, identity: String)
    throws(PlanError) -> MergeOutcome
  {
    try database.execute("BEGIN")
    try database.execute(PlanMergeSQL.resolve)
    for (finding, query) in PlanMergeSQL.checks where try Self.isTrue(query, in: database) {
      return .wholeImport(finding)
    }
    var result = Result(identity: identity, upToDate: false)
    var renamed = ProblemReport()
    result.users = try insertUsers(into: database, renamed: &renamed)
    try database.execute(PlanMergeSQL.rows)
    try database.execute(PlanSchema.indexes)
    try database.execute(PlanMergeSQL.wallImages)
    try database.execute(PlanMergeSQL.shown)
    if try Self.isTrue(PlanMergeSQL.unprobed, in: database) {
      return .wholeImport("a part did not read an image file it names")
    }
    try database.execute(PlanMergeSQL.sources)
    var report = try Self.exportProblems(in: database, source: source)
    let unseen = try Self.unseenProblems(in: database)
    try insertProblems(
      [
        (report.problems, PlanSchema.everyAudience), (unseen.problems, PlanSchema.only(.owner)),
        (renamed.problems, PlanSchema.only(.anyone)),
      ], into: database)
    var leftOut: (Int64, Int64, Int64) = (0, 0, 0)
    try database.prepare(PlanMergeSQL.leftOut).forEach([]) {
      leftOut = ($0.integer(0), $0.integer(1), $0.integer(2))
    }
    var photoFiles = PhotoFileCount()
    try database.prepare(PlanMergeSQL.photoFiles).forEach([]) {
      photoFiles = PhotoFileCount(named: Int($0.integer(0)), found: Int($0.integer(1)))
    }
    let meta = try database.prepare("INSERT INTO meta VALUES (?, ?)")
    for (key, value) in [
      ("format", PlanSchema.format), ("identity", identity),
      ("export", FileSystem.realPath(settings.export) ?? settings.export),
      ("importLimits", settings.importLimits.summary), ("exclude", settings.exclusion.digest),
      ("publicPhotosLeftOut", "\(leftOut.0)"), ("publicCommentsLeftOut", "\(leftOut.1)"),
      ("publicPeopleLeftOut", "\(leftOut.2)"),
    ] + PlanSchema.meta(photoFiles) {
      try meta.run([.text(key), .text(value)])
    }
    for (table, keyPath) in [
      ("images", \Result.images), ("comments", \Result.comments), ("sources", \Result.sources),
    ] {
      try database.prepare("SELECT count(*) FROM main.\(table)").forEach([]) { row in
        result[keyPath: keyPath] = Int(row.integer(0))
      }
    }
    try database.execute("COMMIT")
    try database.execute("DETACH DATABASE s")
    report.append(contentsOf: unseen.problems)
    report.append(contentsOf: renamed.problems)
    result.report = report
    return .written(result)
  }

  /// Writes the users by objectId, with their hashes (the wall's, the generated avatar's),
  /// reports the walls whose folder is not their objectId (as `SiteLayout` names them) and
  /// refuses two users sharing one; returns how many users there are.
  private func insertUsers(into database: SQLiteDatabase, renamed: inout ProblemReport)
    throws(PlanError) -> Int
  {
    let insert = try database.prepare(
      "INSERT INTO main.users VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)")
    var hashedFolders: [String: String] = [:]
    var count = 0
    var shared: SiteLayoutError?
    try database.prepare(PlanMergeSQL.users).forEach([]) { row throws(PlanError) in
      var user = User(objectId: row.text(0), username: "", displayName: row.text(3))
      user.sharesIDIgnoringCase = row.integer(7) != 0
      let avatarKey = MediaStore.generatedAvatarKey(of: user)
      try insert.run([
        .text(user.objectId), .text(row.text(1)), row.optionalText(2).map { .text($0) } ?? .null,
        .text(user.displayName), row.optionalText(4).map { .text($0) } ?? .null,
        row.optionalText(5).map { .text($0) } ?? .null, .integer(StableHash.of(user.objectId)),
        .integer(StableHash.of(avatarKey)), .integer(row.integer(6)),
        .integer(user.sharesIDIgnoringCase ? 1 : 0),
      ])
      count += 1
      let folder = SiteLayout.publicFolderName(of: user)
      guard folder != user.objectId else { return }
      if let first = hashedFolders[folder] {
        if shared == nil {
          shared = .sharedFolder(folder: folder, first: first, second: user.objectId)
        }
        return
      }
      hashedFolders[folder] = user.objectId
      SiteLayout.reportRenamedWall(of: user, folder: folder, into: &renamed)
    }
    if let shared { throw .build(.layout(shared)) }
    return count
  }

  private func insertProblems(
    _ lists: [([Problem], Int64)], into database: SQLiteDatabase
  ) throws(PlanError) {
    let problems = try database.prepare("INSERT INTO main.problems VALUES (?, ?, ?, ?, ?, ?, ?)")
    for (list, audience) in lists {
      for problem in list {
        try problems.run([
          .text(problem.severity.rawValue), .text(problem.file), .text(problem.className),
          .text(problem.objectId), .text(problem.reason), .integer(audience),
          .integer(Int64(problem.omitted)),
        ])
      }
    }
  }

  /// Whether `query`'s one value is true (non-zero).
  private static func isTrue(_ query: String, in database: SQLiteDatabase) throws(PlanError)
    -> Bool
  {
    var value: Int64 = 0
    try database.prepare(query).forEach([]) { value = $0.integer(0) }
    return value != 0
  }
}

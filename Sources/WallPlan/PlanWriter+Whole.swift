import WallImaging
import WallImport
import WallMedia
import WallModel
import WallReport
import WallSite
import WallSupport
import WallZip

#if canImport(Glibc)
  import Glibc
#endif

extension PlanWriter {
  /// Imports the whole export in memory and writes the plan: for the exports the parts cannot
  /// take (`ImportSession.stage`).
  func writeWhole(source: any ExportSource, identity: String, reason: String) throws(PlanError)
    -> Result
  {
    let imported = ExportImporter.load(
      from: source, limits: settings.importLimits, exclusion: settings.exclusion)
    if let failure = imported.failure {
      throw .build(.unusableExport(failure, problems: imported.report.sorted))
    }
    // The plan serves both audiences: it holds every image, and marks the files that a public
    // site shows (`sources.publicShown`); each shard filters its walls for its audience.
    let index = WallIndex(dataset: imported.dataset, audience: .owner)
    let shown = index.shownImages()
    let layout: SiteLayout
    do {
      layout = try SiteLayout(users: index.users)
    } catch {
      throw .build(.layout(error))
    }
    var report = imported.report
    // What no owner may see is reported by private builds only: a public site leaves every
    // restricted object out and counts them in one line instead.
    var unseen = ProblemReport()
    index.reportUnseen(into: &unseen)
    var renamed = ProblemReport()
    layout.reportRenamedWalls(of: index.users, into: &renamed)

    let media = MediaPlan(images: shown, users: index.users)
    // The photos anyone may read, and the pictures of the users anyone may read.
    let publicPaths = Set(
      shown.lazy.filter { $0.acl.grantsPublicRead }.compactMap(\.file?.path)
        + index.users.lazy.filter { $0.isNamed(for: .anyone) }.compactMap(\.picture?.path))
    let omitted = PublicOmissions(dataset: imported.dataset)
    progress.announce(.images, of: Self.steps, total: media.sources.count)
    let probes = Self.probe(
      media.sources.map { ($0.path, $0.avatar) }, source: source, jobs: settings.jobs,
      progress: progress)

    progress.announce(.write, of: Self.steps, total: 0)
    let temporary = "\(settings.plan)\(FileSystem.temporarySuffix)\(getpid())"
    try? FileSystem.removeFile(temporary)
    do {
      let database = try SQLiteDatabase(path: temporary, create: true)
      try database.execute(PlanSchema.create)
      try database.execute("BEGIN")
      let meta = try database.prepare("INSERT INTO meta VALUES (?, ?)")
      for (key, value) in [
        ("format", PlanSchema.format), ("identity", identity),
        ("export", FileSystem.realPath(settings.export) ?? settings.export),
        ("importLimits", settings.importLimits.summary),
        ("exclude", settings.exclusion.digest), ("publicPhotosLeftOut", "\(omitted.photos)"),
        ("publicCommentsLeftOut", "\(omitted.comments)"),
        ("publicPeopleLeftOut", "\(omitted.people)"),
      ] + PlanSchema.meta(imported.photoFiles) {
        try meta.run([.text(key), .text(value)])
      }
      try Self.insert(index: index, dataset: imported.dataset, into: database)
      try Self.insert(media: media, probes: probes, publicPaths: publicPaths, into: database)
      let problems = try database.prepare("INSERT INTO problems VALUES (?, ?, ?, ?, ?, ?, ?)")
      for (list, audience) in [
        (report.problems, PlanSchema.everyAudience), (unseen.problems, PlanSchema.only(.owner)),
        (renamed.problems, PlanSchema.only(.anyone)),
      ] {
        for problem in list {
          try problems.run([
            .text(problem.severity.rawValue), .text(problem.file), .text(problem.className),
            .text(problem.objectId), .text(problem.reason), .integer(audience),
            .integer(Int64(problem.omitted)),
          ])
        }
      }
      try database.execute("COMMIT")
      try database.execute(PlanSchema.indexes)
    } catch {
      try? FileSystem.removeFile(temporary)
      throw error
    }
    try PlanFiles.publish(temporary, as: settings.plan)
    progress.finished()
    var result = Result(identity: identity, upToDate: false)
    result.wholeImport = reason
    result.users = index.users.count
    result.images = index.images.count
    result.comments = imported.dataset.comments.count
    result.sources = media.sources.count
    report.append(contentsOf: unseen.problems)
    report.append(contentsOf: renamed.problems)
    result.report = report
    return result
  }

  private static func insert(index: WallIndex, dataset: Dataset, into database: SQLiteDatabase)
    throws(PlanError)
  {
    let users = try database.prepare(
      "INSERT INTO users VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
    for user in index.users {
      let avatarKey = MediaStore.generatedAvatarKey(of: user)
      try users.run([
        .text(user.objectId), .text(user.username), user.facebookID.map { .text($0) } ?? .null,
        .text(user.displayName), user.picture.map { .text($0.path) } ?? .null,
        user.picture.map { .text($0.originalName) } ?? .null,
        .integer(StableHash.of(user.objectId)), .integer(StableHash.of(avatarKey)),
        .integer(Int64(index.wall(for: user.objectId).count)), .integer(user.isPublic ? 1 : 0),
        .integer(user.sharesIDIgnoringCase ? 1 : 0),
      ])
    }
    let friends = try database.prepare("INSERT OR IGNORE INTO friends VALUES (?, ?)")
    for (owner, list) in dataset.friends {
      for friend in list { try friends.run([.text(owner), .text(friend)]) }
    }
    let roles = try database.prepare("INSERT OR IGNORE INTO roles VALUES (?, ?)")
    for (user, names) in dataset.roles {
      for name in names { try roles.run([.text(user), .text(name)]) }
    }
    let images = try database.prepare("INSERT INTO images VALUES (?, ?, ?, ?, ?, ?, ?)")
    for image in index.images {
      try images.run([
        .text(image.objectId), .text(image.className), .text(image.uploaderID),
        image.file.map { .text($0.path) } ?? .null,
        image.file.map { .text($0.originalName) } ?? .null,
        .integer(image.createdAt.millisecondsSince1970), PlanSchema.encode(image.acl),
      ])
    }
    let comments = try database.prepare("INSERT INTO comments VALUES (?, ?, ?, ?, ?, ?, ?)")
    for comment in dataset.comments.values {
      try comments.run([
        .text(comment.objectId), .text(comment.className), .text(comment.imageID),
        .text(comment.authorID), .text(comment.text),
        .integer(comment.createdAt.millisecondsSince1970), PlanSchema.encode(comment.acl),
      ])
    }
  }

  /// Inserts the sources of `media` with their probes; `publicPaths` are the photo and picture
  /// files that a public site shows.
  private static func insert(
    media: MediaPlan, probes: [Probe], publicPaths: Set<String>, into database: SQLiteDatabase
  ) throws(PlanError) {
    let sources = try database.prepare(
      "INSERT OR IGNORE INTO sources VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
    for (position, source) in media.sources.enumerated() {
      let probe = probes[position]
      let owner =
        source.avatar
        ? ("_User", media.pictureOwner(position))
        : (media.owners[source.path]?.className ?? "", media.owners[source.path]?.objectId ?? "")
      try sources.run(
        [.text(source.path), .integer(source.avatar ? 1 : 0), .text(owner.0), .text(owner.1)]
          + probe.columns
          + [.integer(publicPaths.contains(source.path) ? 1 : 0)])
    }
  }
}

import WallImaging
import WallImport
import WallModel
import WallReport
import WallSupport

/// Queries of a plan database (`PlanSchema`), for a shard or the finalize step: each loads
/// only the rows it asks for.
final class PlanReader {
  let database: SQLiteDatabase
  /// The plan's identity (`PlanWriter.identity`).
  let identity: String
  /// The export the plan was made from (shards read image bytes from it).
  let exportPath: String
  /// The digest of the takedown list the plan was made with (`ExportExclusion.digest`).
  let exclusion: String
  /// What a public build of the export leaves out because of its ACL.
  let publicOmissions: PublicOmissions
  /// Who reads the site: users are read as they see them (`User.seen(by:)`).
  let audience: Audience
  /// How many photos name a file, and how many were found in `files/`.
  let photoFiles: PhotoFileCount

  /// Opens the plan at `path`, read-only, for a site read by `audience`.
  /// - Throws: `PlanError.notAPlan` for a missing file or a plan of another format.
  init(path: String, audience: Audience = .owner) throws(PlanError) {
    let (database, meta) = try PlanFiles.open(path)
    self.database = database
    self.audience = audience
    guard meta["format"] == PlanSchema.format, let identity = meta["identity"],
      let export = meta["export"]
    else {
      throw .notAPlan(
        path: path,
        reason: "its format is '\(meta["format"] ?? "none")', not '\(PlanSchema.format)'")
    }
    self.identity = identity
    exportPath = export
    exclusion = meta["exclude"] ?? "none"
    photoFiles = PlanSchema.photoFiles(meta)
    publicOmissions = PublicOmissions(
      photos: meta["publicPhotosLeftOut"].flatMap { Int($0) } ?? 0,
      comments: meta["publicCommentsLeftOut"].flatMap { Int($0) } ?? 0,
      people: meta["publicPeopleLeftOut"].flatMap { Int($0) } ?? 0)
    // A batch's queries visit the same pages of the indexes again and again.
    try database.execute("PRAGMA cache_size = -\(Self.pageCacheBytes >> 10)")
  }

  /// The most memory SQLite's page cache of the plan may take.
  ///
  /// A shard's batches read the same index pages again and again, and SQLite's default
  /// (2 MiB) reads them from the file each time. Since a batch holds up to
  /// `WallBatchRenderer.uploaderBudget` users, a shard of the 10k scale export has one batch,
  /// and a 32 MiB cache only added 25 MiB to its peak.
  static let pageCacheBytes = 8 << 20

  /// The page cache SQLite was given, in bytes.
  func pageCacheSize() throws(PlanError) -> Int {
    var kibibytes = 0
    try database.prepare("PRAGMA cache_size").forEach([]) { kibibytes = -Int($0.integer(0)) }
    return kibibytes << 10
  }

  /// The user columns, as `u`.
  static let userColumns = UserColumn.selected(from: "u")
  /// The image file record columns, as `s`.
  static let sourceColumns = SourceColumn.selected(from: "s")
  /// The user columns, then the columns of the user's picture (as `u` and `s`).
  static let userAndPictureColumns = "\(userColumns), \(sourceColumns)"

  /// A user of a row of `userColumns` as the audience sees them.
  func user(_ row: SQLiteStatement) -> User {
    Self.user(row).seen(by: audience)
  }

  /// A user of a row of `userAndPictureColumns` as the audience sees them, with the plan's
  /// record of their picture (none for a user whose row the audience may not read).
  func userAndPicture(_ row: SQLiteStatement) -> (User, PlannedSource?) {
    let user = Self.user(row)
    return (user.seen(by: audience), user.isNamed(for: audience) ? Self.picture(row) : nil)
  }

  /// A user from `UserColumn`s starting at column `first`.
  static func user(_ row: SQLiteStatement, from first: Int32 = 0) -> User {
    let columns = PlanRow<UserColumn>(row: row, first: first)
    let picture = columns.optionalText(.picturePath).map {
      FileReference(path: $0, originalName: columns.text(.pictureName))
    }
    var user = User(
      objectId: columns.text(.objectId), username: columns.text(.username),
      facebookID: columns.optionalText(.facebookID), displayName: columns.text(.displayName),
      picture: picture, isPublic: columns.integer(.isPublic) != 0)
    user.sharesIDIgnoringCase = columns.integer(.sharesIDIgnoringCase) != 0
    return user
  }

  /// The picture of a row of `userAndPictureColumns`, nil when it has none.
  static func picture(_ row: SQLiteStatement) -> PlannedSource? {
    source(row, from: UserColumn.width)
  }

  /// A source from `SourceColumn`s starting at column `first`, nil when they are NULL (no row).
  static func source(_ row: SQLiteStatement, from first: Int32 = 0) -> PlannedSource? {
    let columns = PlanRow<SourceColumn>(row: row, first: first)
    guard !columns.isNull(.path) else { return nil }
    var info: ImageInfo?
    if let format = columns.optionalText(.format).flatMap(ImageFormat.init(rawValue:)) {
      info = ImageInfo(
        format: format, width: Int(columns.integer(.width)),
        height: Int(columns.integer(.height)), orientation: Int(columns.integer(.orientation)),
        hasAlpha: columns.integer(.hasAlpha) != 0)
    }
    return PlannedSource(
      path: columns.text(.path), avatar: columns.integer(.avatar) != 0,
      ownerClass: columns.text(.ownerClass), ownerId: columns.text(.ownerId),
      digest: columns.optionalText(.digest), readError: columns.optionalText(.readError),
      info: info, probeError: columns.optionalText(.probeError), hash: columns.integer(.hash))
  }

  /// The problems a build for `audience` reports: those of the import, and the renamed walls
  /// (a public build) or what no owner may see (a private build); nil gives all of them.
  func problems(audience: Audience?) throws(PlanError) -> [Problem] {
    try problems(only: audience.map(PlanSchema.only) ?? -1, all: audience == nil)
  }

  /// The import's problems alone: what a build refused before it made its index reports.
  func importProblems() throws(PlanError) -> [Problem] {
    try problems(only: -1, all: false)
  }

  /// The problems every build reports, and those of `audience` (a `problems.audience`), or all
  /// of them.
  private func problems(only audience: Int64, all: Bool) throws(PlanError) -> [Problem] {
    var problems: [Problem] = []
    try database.prepare(
      """
      SELECT \(ProblemColumn.selected(from: "problems")) FROM problems
      WHERE audience = \(PlanSchema.everyAudience) OR audience = ? OR ? = 1
      """
    ).forEach([.integer(audience), .integer(all ? 1 : 0)]) {
      row in
      let columns = PlanRow<ProblemColumn>(row: row)
      problems.append(
        Problem(
          columns.text(.severity) == "warning" ? .warning : .error, file: columns.text(.file),
          className: columns.text(.className), objectId: columns.text(.objectId),
          reason: columns.text(.reason), omitted: Int(clamping: columns.integer(.omitted))))
    }
    return problems
  }

  /// The objectIds of the walls of `shard`, sorted (`wallOwners(in:)`).
  func owners(in shard: ShardSpec) throws(PlanError) -> [String] {
    try wallOwners(in: shard).map(\.objectId)
  }

  /// The owners of the walls of `shard`, by objectId: its users who have a wall for the
  /// audience (`User.isNamed(for:)`).
  func wallOwners(in shard: ShardSpec) throws(PlanError) -> [User] {
    var owners: [User] = []
    try database.prepare(
      "SELECT \(Self.userColumns) FROM users u WHERE hash >= ? AND hash < ? ORDER BY objectId"
    ).forEach([.integer(shard.hashRange.lowerBound), .integer(shard.hashRange.upperBound)]) {
      let user = Self.user($0)
      if user.isNamed(for: audience) { owners.append(user) }
    }
    return owners
  }

  /// How many image files `forEachSourceChunk` gives for `shard` and `audience`.
  func sourceCount(in shard: ShardSpec, audience: Audience) throws(PlanError) -> Int {
    let shown = audience == .anyone ? " AND publicShown = 1" : ""
    var count = 0
    try database.prepare(
      "SELECT count(*) FROM sources WHERE hash >= ? AND hash < ?\(shown)"
    ).forEach([.integer(shard.hashRange.lowerBound), .integer(shard.hashRange.upperBound)]) {
      count = Int($0.integer(0))
    }
    return count
  }

  /// Calls `body` with the image files of `shard` that `audience` may see (those whose content
  /// hash falls in its slice; for `.anyone`, only the files of photos that anyone may read, and
  /// pictures), `chunk` at a time or a few more, in the order of their hash.
  ///
  /// The files of one hash (files with the same bytes, which the media stage makes once) are
  /// never split between two calls: a chunk holds at most `chunk` files plus the rest of the
  /// last hash's. The rows are read a page of `chunk` at a time, after the last one read.
  func forEachSourceChunk(
    in shard: ShardSpec, audience: Audience, chunk: Int,
    _ body: ([PlannedSource]) throws(PlanError) -> Void
  ) throws(PlanError) {
    let shown = audience == .anyone ? " AND s.publicShown = 1" : ""
    let page = try database.prepare(
      """
      SELECT \(Self.sourceColumns), s.rowid FROM sources s
      WHERE s.hash >= ? AND s.hash < ?\(shown) AND (s.hash > ? OR (s.hash = ? AND s.rowid > ?))
      ORDER BY s.hash, s.rowid LIMIT ?
      """)
    var pending: [PlannedSource] = []
    var after = (hash: shard.hashRange.lowerBound - 1, row: Int64(0))
    while true {
      var read = 0
      try page.forEach([
        .integer(shard.hashRange.lowerBound), .integer(shard.hashRange.upperBound),
        .integer(after.hash), .integer(after.hash), .integer(after.row), .integer(Int64(chunk)),
      ]) { row in
        read += 1
        after = (
          PlanRow<SourceColumn>(row: row).integer(.hash),
          row.integer(Int32(SourceColumn.allCases.count))
        )
        if let source = Self.source(row) { pending.append(source) }
      }
      guard read == chunk, let last = pending.last?.hash else { break }
      // The last hash's files may go on in the next page: they wait for it.
      if let cut = pending.lastIndex(where: { $0.hash != last }) {
        try body(Array(pending[...cut]))
        pending.removeFirst(cut + 1)
      }
    }
    if !pending.isEmpty { try body(pending) }
  }

  /// The users whose picture is the file `path`.
  func users(withPicture path: String) throws(PlanError) -> [User] {
    var users: [User] = []
    try database.prepare("SELECT \(Self.userColumns) FROM users u WHERE u.picturePath = ?")
      .forEach([.text(path)]) { users.append(user($0)) }
    return users
  }

  /// Calls `body` with each user whose generated avatar (should they need one) falls in
  /// `shard`, with the plan's record of their picture, as the rows are read.
  func forEachGeneratedAvatarUser(
    in shard: ShardSpec, _ body: (User, PlannedSource?) throws(PlanError) -> Void
  ) throws(PlanError) {
    try database.prepare(
      """
      SELECT \(Self.userAndPictureColumns) FROM users u
      LEFT JOIN sources s ON s.path = u.picturePath AND s.avatar = 1
      WHERE u.avatarHash >= ? AND u.avatarHash < ?
      """
    ).forEach([.integer(shard.hashRange.lowerBound), .integer(shard.hashRange.upperBound)]) {
      row throws(PlanError) in
      let (user, picture) = userAndPicture(row)
      try body(user, picture)
    }
  }

  /// Whether the audience sees any user as a stand-in (`User.seen(by:)`): a public site of an
  /// export with a `_User` row that anyone may not read.
  func hasStandIns() throws(PlanError) -> Bool {
    guard audience == .anyone else { return false }
    var found = false
    try database.prepare("SELECT EXISTS (SELECT 1 FROM users WHERE isPublic = 0)").forEach([]) {
      found = $0.integer(0) != 0
    }
    return found
  }

  /// Calls `body` with every user who has a wall for the audience (`User.isNamed(for:)`),
  /// sorted by objectId, with the number of images on their wall and the plan's record of
  /// their picture.
  func forEachUser(_ body: (User, Int, PlannedSource?) -> Void) throws(PlanError) {
    try database.prepare(
      """
      SELECT \(Self.userAndPictureColumns) FROM users u
      LEFT JOIN sources s ON s.path = u.picturePath AND s.avatar = 1 ORDER BY u.objectId
      """
    ).forEach([]) { row in
      let wallImages = PlanRow<UserColumn>(row: row).integer(.wallImages)
      let (user, picture) = userAndPicture(row)
      if user.isNamed(for: audience) { body(user, Int(wallImages), picture) }
    }
  }

  /// The values of one column over the rows `sql` selects with a JSON list of `keys` bound.
  private func strings(_ sql: String, _ keys: some Sequence<String>) throws(PlanError)
    -> Set<String>
  {
    var values: Set<String> = []
    try database.prepare(sql).forEach([PlanSchema.list(keys)]) { values.insert($0.text(0)) }
    return values
  }

  /// The uploaders of the images whose file is one of `paths`.
  func uploaders(ofImagesAt paths: some Sequence<String>) throws(PlanError) -> Set<String> {
    try strings(
      "SELECT uploader FROM images WHERE path IN (SELECT value FROM json_each(?))", paths)
  }

  /// The uploaders of the images that `authors` commented on.
  func uploaders(commentedOnBy authors: some Sequence<String>) throws(PlanError) -> Set<String> {
    try strings(
      """
      SELECT i.uploader FROM comments c JOIN images i ON i.objectId = c.imageID
      WHERE c.author IN (SELECT value FROM json_each(?))
      """, authors)
  }

  /// The users who have one of `users` as a friend: the owners of the walls that show their
  /// images.
  func owners(befriending users: some Sequence<String>) throws(PlanError) -> Set<String> {
    try strings(
      "SELECT owner FROM friends WHERE friend IN (SELECT value FROM json_each(?))", users)
  }

  /// The friends of each of `owners` that has any, by objectId.
  func friends(of owners: some Sequence<String>) throws(PlanError) -> [String: [String]] {
    var friends: [String: [String]] = [:]
    try database.prepare(
      """
      SELECT \(FriendColumn.selected(from: "f")) FROM friends f
      WHERE f.owner IN (SELECT value FROM json_each(?))
      """
    ).forEach([PlanSchema.list(owners)]) { row in
      let columns = PlanRow<FriendColumn>(row: row)
      friends[columns.text(.owner), default: []].append(columns.text(.friend))
    }
    return friends
  }
}

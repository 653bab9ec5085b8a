import WallImport
import WallModel
import WallReport

/// Writes the rows a part reads into its tables (`PlanPartSchema`), keeping the first error:
/// `ExportStaging`'s calls cannot throw.
struct PlanPartStaging: ExportStaging {
  private let users, images, comments, joins, roles, graph, graphFriends, pictures,
    problems: SQLiteStatement
  /// The first statement that failed.
  private(set) var failure: PlanError?
  /// How many problems that count whatever the merge finds (`StagedProblem.conditional` false)
  /// were written, by kind; past `ProblemReport.sampleLimit` of a kind they are only counted
  /// (`unlisted`), so that a flood of bad rows (`{}` repeated) writes a bounded part.
  private var listed: [Kind: Int] = [:]
  /// The problems only counted, by kind: how many, and the objectId they are all about.
  private var unlisted: [Kind: (count: Int, objectId: String)] = [:]
  private let counts, objects: SQLiteStatement

  /// A kind of problem in a file, as `ProblemReport` groups them.
  private struct Kind: Hashable {
    var severity: String, file: String, className: String, kind: String
  }

  /// Prepares the inserts into the part's tables.
  init(database: SQLiteDatabase) throws(PlanError) {
    users = try database.prepare("INSERT INTO users VALUES (?, ?, ?, ?, ?, ?, ?)")
    images = try database.prepare(
      "INSERT INTO images VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
    comments = try database.prepare("INSERT INTO comments VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
    joins = try database.prepare("INSERT INTO joins VALUES (?, ?, ?, ?, ?)")
    roles = try database.prepare("INSERT INTO roles VALUES (?, ?, ?)")
    objects = try database.prepare("INSERT INTO objects VALUES (?, ?, ?, ?)")
    graph = try database.prepare("INSERT INTO graph VALUES (?, ?)")
    graphFriends = try database.prepare("INSERT INTO graphFriends VALUES (?, ?, ?)")
    pictures = try database.prepare("INSERT INTO pictures VALUES (?, ?, ?, ?)")
    problems = try database.prepare(
      "INSERT INTO problems VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
    counts = try database.prepare("INSERT INTO problemCounts VALUES (?, ?, ?, ?, ?, ?)")
  }

  /// Writes how many problems of each kind were only counted; once the part's rows are read.
  mutating func writeUnlisted() {
    // In a fixed order, so that a part is the same file however often it is made.
    let ordered = unlisted.sorted {
      ($0.key.file, $0.key.className, $0.key.kind, $0.key.severity)
        < ($1.key.file, $1.key.className, $1.key.kind, $1.key.severity)
    }
    for (kind, count) in ordered {
      run(
        counts,
        [
          .text(kind.severity), .text(kind.file), .text(kind.className), .text(kind.kind),
          .integer(Int64(count.count)), .text(count.objectId),
        ])
    }
  }

  private mutating func run(_ statement: SQLiteStatement, _ values: [SQLiteValue]) {
    guard failure == nil else { return }
    do throws(PlanError) {
      try statement.run(values)
    } catch {
      failure = error
    }
  }

  private static func text(_ value: String?) -> SQLiteValue { value.map { .text($0) } ?? .null }

  private static func time(_ value: Timestamp?) -> SQLiteValue {
    value.map { .integer($0.millisecondsSince1970) } ?? .null
  }

  private static func author(_ author: StagedAuthor) -> [SQLiteValue] {
    [text(author.facebookID), text(author.username), text(author.pointer)]
  }

  mutating func stage(_ user: StagedUser) {
    run(
      users,
      [
        .text(user.objectId), .integer(Int64(user.position)), .text(user.username),
        Self.text(user.facebookID), Self.text(user.name), .integer(user.isPublic ? 1 : 0),
        .integer(user.facebookIDIsSafe ? 1 : 0),
      ])
  }

  mutating func stage(_ image: StagedImage) {
    run(
      images,
      [.text(image.objectId), .text(image.className), .integer(Int64(image.position))]
        + Self.author(image.author) + [
          Self.time(image.createdAt), PlanSchema.encode(image.acl), Self.text(image.file?.path),
          Self.text(image.file?.originalName), Self.text(image.caption),
          .integer(image.awaitsFile ? 1 : 0), .integer(image.namesFile ? 1 : 0),
        ])
  }

  mutating func stage(_ comment: StagedComment) {
    run(
      comments,
      [.text(comment.objectId), .integer(Int64(comment.position)), .text(comment.imageID)]
        + Self.author(comment.author) + [
          Self.time(comment.createdAt), .text(comment.text),
          PlanSchema.encode(comment.acl),
        ])
  }

  mutating func stage(_ problem: StagedProblem) {
    let found = problem.named.problem
    if !problem.conditional {
      // The first of a kind in the whole file are among the first of it in each part.
      let kind = Kind(
        severity: found.severity.rawValue, file: found.file, className: found.className,
        kind: problem.named.kind)
      guard listed[kind, default: 0] >= ProblemReport.sampleLimit else {
        listed[kind, default: 0] += 1
        return write(problem)
      }
      var count = unlisted[kind] ?? (0, found.objectId)
      count.count += 1
      if count.objectId != found.objectId { count.objectId = "" }
      unlisted[kind] = count
      return
    }
    write(problem)
  }

  private mutating func write(_ problem: StagedProblem) {
    let found = problem.named.problem
    run(
      problems,
      [
        .integer(Int64(problem.step.rawValue)), .integer(Int64(problem.position)),
        .integer(Int64(problem.order)), .integer(problem.conditional ? 1 : 0),
        .text(found.severity.rawValue), .text(found.file), .text(found.className),
        .text(found.objectId), .text(problem.named.kind), .text(found.reason),
      ])
  }

  mutating func stageJoin(
    _ className: String, owning: String, related: String, position: Int, objectId: String?
  ) {
    run(
      joins,
      [
        .text(className), .text(owning), .text(related), .integer(Int64(position)),
        Self.text(objectId),
      ])
  }

  mutating func stageRole(objectId: String, name: String, position: Int) {
    run(roles, [.text(objectId), .text(name), .integer(Int64(position))])
  }

  mutating func stageObject(className: String, objectId: String, position: Int, idKey: String) {
    run(
      objects, [.text(className), .text(objectId), .integer(Int64(position)), .text(idKey)])
  }

  mutating func stageGraph(facebookID: String, name: String?) {
    run(graph, [.text(facebookID), Self.text(name)])
  }

  mutating func stageGraphFriend(facebookID: String, friend: String?, position: Int) {
    run(graphFriends, [.text(facebookID), Self.text(friend), .integer(Int64(position))])
  }

  mutating func stagePicture(facebookID: String, priority: Int, file: FileReference) {
    run(
      pictures,
      [.text(facebookID), .integer(Int64(priority)), .text(file.path), .text(file.originalName)])
  }
}

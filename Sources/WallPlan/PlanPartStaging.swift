import WallImport
import WallModel

/// Writes the rows a part reads into its tables (`PlanPartSchema`), keeping the first error:
/// `ExportStaging`'s calls cannot throw.
struct PlanPartStaging: ExportStaging {
  private let users, images, comments, joins, roles, graph, graphFriends, pictures: SQLiteStatement
  /// The first statement that failed.
  private(set) var failure: PlanError?

  /// Prepares the inserts into the part's tables.
  init(database: SQLiteDatabase) throws(PlanError) {
    users = try database.prepare("INSERT INTO users VALUES (?, ?, ?, ?, ?, ?)")
    images = try database.prepare("INSERT INTO images VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
    comments = try database.prepare("INSERT INTO comments VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
    joins = try database.prepare("INSERT INTO joins VALUES (?, ?, ?)")
    roles = try database.prepare("INSERT INTO roles VALUES (?, ?)")
    graph = try database.prepare("INSERT INTO graph VALUES (?, ?)")
    graphFriends = try database.prepare("INSERT INTO graphFriends VALUES (?, ?)")
    pictures = try database.prepare("INSERT INTO pictures VALUES (?, ?, ?, ?)")
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

  private static func author(_ author: StagedAuthor) -> [SQLiteValue] {
    [text(author.facebookID), text(author.username), text(author.pointer)]
  }

  mutating func stage(_ user: StagedUser) {
    run(
      users,
      [
        .text(user.objectId), .integer(Int64(user.position)), .text(user.username),
        Self.text(user.facebookID), Self.text(user.name), .integer(user.isPublic ? 1 : 0),
      ])
  }

  mutating func stage(_ image: StagedImage) {
    run(
      images,
      [.text(image.objectId), .text(image.className)] + Self.author(image.author) + [
        .integer(image.createdAt.millisecondsSince1970), PlanSchema.encode(image.acl),
        .text(image.file.path), .text(image.file.originalName), Self.text(image.caption),
      ])
  }

  mutating func stage(_ comment: StagedComment) {
    run(
      comments,
      [.text(comment.objectId), .integer(Int64(comment.position)), .text(comment.imageID)]
        + Self.author(comment.author) + [
          .integer(comment.createdAt.millisecondsSince1970), .text(comment.text),
          PlanSchema.encode(comment.acl),
        ])
  }

  mutating func stageJoin(_ className: String, owning: String, related: String) {
    run(joins, [.text(className), .text(owning), .text(related)])
  }

  mutating func stageRole(objectId: String, name: String) {
    run(roles, [.text(objectId), .text(name)])
  }

  mutating func stageGraph(facebookID: String, name: String?) {
    run(graph, [.text(facebookID), Self.text(name)])
  }

  mutating func stageGraphFriend(facebookID: String, friend: String) {
    run(graphFriends, [.text(facebookID), .text(friend)])
  }

  mutating func stagePicture(facebookID: String, priority: Int, file: FileReference) {
    run(
      pictures,
      [.text(facebookID), .integer(Int64(priority)), .text(file.path), .text(file.originalName)])
  }
}

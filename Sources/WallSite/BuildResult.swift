import WallModel
import WallReport

/// What `SiteBuilder.build()` did: its summary, the problems it met, and where the walls are.
public struct BuildResult: Sendable {
  /// The counts of the summary line.
  public var summary: BuildSummary
  /// Every problem met, of the export, its images and the build.
  public var report: ProblemReport
  /// Every wall with its first page and its owner's names, in objectId order (a private
  /// build's list of links and a web archive's pages read them): in memory after a one-process
  /// build, on disk after a sharded build's finalize step.
  public var walls: any WallListing
  /// The newest `createdAt` of what the site shows (its images and their comments); nil when
  /// it shows none, or for a sharded build.
  public var newest: Timestamp?
  /// Why the build did work although the last one was complete, when wallgen can say so in one
  /// line (today: another build of wallgen made the last one, `BuildRecord.programChange`).
  public var rebuildReason: String?

  /// Creates a result from its parts.
  package init(
    summary: BuildSummary, report: ProblemReport, walls: any WallListing = WallsInMemory(),
    newest: Timestamp? = nil
  ) {
    self.summary = summary
    self.report = report
    self.walls = walls
    self.newest = newest
  }
}

/// The username and the shown name of a wall's owner.
public struct OwnerNames: Sendable, Equatable {
  /// The `_User` username.
  public var username: String
  /// The name the wall shows (`User.displayName`).
  public var displayName: String

  /// Creates the names.
  public init(username: String, displayName: String) {
    self.username = username
    self.displayName = displayName
  }

  /// The names of every user, by objectId.
  /// - Parameter users: The users.
  package static func of(_ users: some Sequence<User>) -> [String: OwnerNames] {
    var names: [String: OwnerNames] = [:]
    for user in users {
      names[user.objectId] = OwnerNames(username: user.username, displayName: user.displayName)
    }
    return names
  }
}

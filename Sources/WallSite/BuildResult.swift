import WallModel
import WallReport

/// What `SiteBuilder.build()` did: its summary, the problems it met, and where the walls are.
public struct BuildResult: Sendable {
  /// The counts of the summary line.
  public var summary: BuildSummary
  /// Every problem met, of the export, its images and the build.
  public var report: ProblemReport
  /// The site-relative path of each wall's first page, by owner objectId.
  public var wallPages: [String: String] = [:]
  /// The names of each wall's owner, by objectId (a private build's list of links names them).
  public var owners: [String: OwnerNames] = [:]
  /// The newest `createdAt` of what the site shows (its images and their comments); nil when
  /// it shows none, or for a sharded build.
  public var newest: Timestamp?

  /// Creates a result from its parts.
  package init(
    summary: BuildSummary, report: ProblemReport, wallPages: [String: String] = [:],
    owners: [String: OwnerNames] = [:], newest: Timestamp? = nil
  ) {
    self.summary = summary
    self.report = report
    self.wallPages = wallPages
    self.owners = owners
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

import WallModel
import WallReport

extension SiteLayout {
  /// Warns, for each user of a public site whose objectId is not used as its wall's folder
  /// name, where that wall is instead; `SiteBuilder` and `check` both report through this.
  /// - Parameters:
  ///   - users: The users with a wall.
  ///   - report: Receives one warning per renamed wall folder.
  package func reportRenamedWalls(of users: [User], into report: inout ProblemReport) {
    for user in users where wallFolders[user.objectId] != user.objectId {
      report.warning(
        "_User.json", "_User", user.objectId,
        "objectId is not a safe folder name; the wall is at walls/\(wallFolders[user.objectId] ?? "")/",
        kind: "walls whose folder is not their objectId")
    }
  }
}

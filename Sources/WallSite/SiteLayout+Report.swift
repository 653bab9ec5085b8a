import WallModel
import WallReport

extension SiteLayout {
  /// Warns, for each user of a public site whose objectId is not used as its wall's folder
  /// name, where that wall is instead; `SiteBuilder` and `check` both report through this.
  /// - Parameters:
  ///   - users: The users with a wall.
  ///   - report: Receives one warning per renamed wall folder.
  package func reportRenamedWalls(of users: [User], into report: inout ProblemReport) {
    for user in users {
      guard let folder = wallFolders[user.objectId], folder != user.objectId else { continue }
      Self.reportRenamedWall(of: user, folder: folder, into: &report)
    }
  }

  /// Warns that `user`'s wall is at `walls/<folder>/`, not at their objectId, and why; the
  /// one wording of every engine (the plan's merge reports through it too).
  /// - Parameters:
  ///   - user: The wall's owner, as imported.
  ///   - folder: The wall's folder (`publicFolderName(of:)`).
  ///   - report: Receives the warning.
  package static func reportRenamedWall(
    of user: User, folder: String, into report: inout ProblemReport
  ) {
    let why =
      isSafeFolderName(user.objectId)
      ? "objectId differs from another user's only in case, and a case-insensitive file system would make their walls one folder"
      : "objectId is not a safe folder name"
    report.warning(
      "_User.json", "_User", user.objectId, "\(why); the wall is at walls/\(folder)/",
      kind: "walls whose folder is not their objectId")
  }
}

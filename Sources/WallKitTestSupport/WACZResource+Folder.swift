import WallWACZ

extension WACZResource {
  /// Every regular file under `folder` (symlinks and other kinds are skipped, never followed),
  /// as resources whose paths are relative to it, sorted bytewise: for tests, since a build's
  /// archive reads its manifest instead (`WACZFolderFiles`).
  /// - Parameter folder: A site's output folder.
  public static func files(under folder: String) -> [WACZResource] {
    SiteTree.files(in: folder)
      .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
      .map { WACZResource(path: $0, source: .file("\(folder)/\($0)")) }
  }
}

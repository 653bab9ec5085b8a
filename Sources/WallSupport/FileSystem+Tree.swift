import Glibc

extension FileSystem {
  /// Every regular file below `root`, at any depth, with its identity (`identity(of:)`), sorted
  /// by path relative to `root` (`forEachTreeIdentity`, gathered and sorted: memory grows with
  /// the tree).
  /// - Parameter root: The folder to walk.
  public static func treeIdentities(root: String) -> [(path: String, identity: String)] {
    var found: [(path: String, identity: String)] = []
    forEachTreeIdentity(root: root) { found.append(($0, $1)) }
    return found.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
  }

  /// Gives `body` every regular file below `root`, at any depth, with its identity
  /// (`identity(of:)`), in no particular order, as each folder is read (`readdir`): memory is
  /// the folders still to read, not the files.
  ///
  /// Symlinks are followed, to files and to folders alike, each folder read once (a link back
  /// up the tree is not followed again). An unreadable folder is given as `"<path>/"` with the
  /// identity "unreadable", anything else that is no file as "other", so that these changes
  /// count too.
  /// - Parameters:
  ///   - root: The folder to walk.
  ///   - body: Receives each path relative to `root` and its identity.
  public static func forEachTreeIdentity(root: String, _ body: (String, String) -> Void) {
    var seenFolders: Set<[UInt64]> = []
    var pending: [String] = [""]
    while let relative = pending.popLast() {
      let folder = relative.isEmpty ? root : root + "/" + relative
      var info = stat()
      guard stat(folder, &info) == 0 else {
        body(relative + "/", "unreadable")
        continue
      }
      guard seenFolders.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted else {
        continue
      }
      forEachEntry(in: folder) { name, type in
        let path = relative.isEmpty ? name : relative + "/" + name
        if Int32(type) == Int32(DT_DIR) {
          pending.append(path)
        } else if let identity = identity(of: root + "/" + path) {
          body(path, identity)
        } else if kind(of: root + "/" + path) == .directory {
          pending.append(path)
        } else {
          body(path, "other")
        }
      }
    }
  }
}

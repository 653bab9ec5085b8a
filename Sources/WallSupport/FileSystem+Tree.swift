import Glibc

extension FileSystem {
  /// Every regular file below `root`, at any depth, with its identity (`identity(of:)`), sorted
  /// by path relative to `root`.
  ///
  /// Symlinks are followed, to files and to folders alike, each folder read once (a link back
  /// up the tree is not followed again). Unreadable folders are listed as an entry of their
  /// own, so that a folder becoming unreadable changes the result too.
  /// - Parameter root: The folder to walk.
  public static func treeIdentities(root: String) -> [(path: String, identity: String)] {
    var found: [(path: String, identity: String)] = []
    var seenFolders: Set<[UInt64]> = []
    var pending: [String] = [""]
    while let relative = pending.popLast() {
      let folder = relative.isEmpty ? root : root + "/" + relative
      var info = stat()
      guard stat(folder, &info) == 0 else {
        found.append((relative + "/", "unreadable"))
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
          found.append((path, identity))
        } else if kind(of: root + "/" + path) == .directory {
          pending.append(path)
        } else {
          found.append((path, "other"))
        }
      }
    }
    return found.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension StagingCommit {
  /// Moves everything staged for `tree` into place, found by walking the staging folder, not
  /// from a list: publishing holds one folder's names at a time, whatever the number of files.
  ///
  /// A staged folder whose target is missing is moved in as one (the whole tree in a first
  /// build, a new wall in a later one); one whose target is a folder is walked; each file is
  /// renamed over its target. The entries at the top of the tree go in the order `rank` gives
  /// them (lowest first, then by name), so that pages go in after the files they point at;
  /// below the top, by name.
  /// - Parameters:
  ///   - tree: The tree to publish.
  ///   - rank: The place of a top-level entry, given its name and whether it is a folder.
  /// - Throws: `WriteError` naming the target that cannot be replaced, or a folder in the tree
  ///   that is something else there (a file, a link): `rollBack()` then undoes what was done.
  public func placeAll(
    in tree: StagingArea.Tree, rank: (_ name: String, _ isFolder: Bool) -> Int = { _, _ in 0 }
  ) throws(WriteError) {
    let stagedRoot = staged("", in: tree)
    guard FileSystem.linkKind(of: stagedRoot) == .directory else { return }
    let root = target("", in: tree)
    // The root itself may be reached through a link, as for every write into it.
    switch FileSystem.kind(of: root) {
    case .directory:
      try placeContents(of: "", in: tree, rank: rank)
    case .missing:
      if let parent = Self.parent(of: root) { try makeFolders(parent) }
      try moveIn("", in: tree)
    default:
      throw WriteError(path: root, reason: "exists and is not a folder")
    }
  }

  /// Places what the staged folder `relative` of `tree` holds, into its target folder.
  private func placeContents(
    of relative: String, in tree: StagingArea.Tree, rank: (String, Bool) -> Int
  ) throws(WriteError) {
    var entries = FileSystem.entries(of: staged(relative, in: tree)).map { entry in
      (
        name: entry.name, path: relative.isEmpty ? entry.name : "\(relative)/\(entry.name)",
        folder: entry.isFolder
      )
    }
    if relative.isEmpty {
      // `entries` sorts by name; a stable sort keeps that order within a rank.
      entries = entries.enumerated().sorted { first, second in
        let (a, b) = (
          rank(first.element.name, first.element.folder),
          rank(second.element.name, second.element.folder)
        )
        return a != b ? a < b : first.offset < second.offset
      }.map(\.element)
    }
    for entry in entries {
      guard entry.folder else {
        try placeFile(entry.path, in: tree)
        continue
      }
      let target = target(entry.path, in: tree)
      switch FileSystem.linkKind(of: target) {
      case .directory: try placeContents(of: entry.path, in: tree, rank: rank)
      case .missing: try moveIn(entry.path, in: tree)
      default: throw WriteError.notAFolder(target, inside: self.target("", in: tree))
      }
    }
  }

  /// Moves the staged folder `relative` of `tree` in as one, where there is none; from another
  /// file system, the folder is made and what it holds placed one by one.
  private func moveIn(_ relative: String, in tree: StagingArea.Tree) throws(WriteError) {
    let target = target(relative, in: tree)
    if rename(staged(relative, in: tree), target) == 0 {
      changes.append(.moved(tree, relative: relative))
      return
    }
    guard errno == EXDEV, mkdir(target, 0o755) == 0 else {
      throw WriteError(path: target, reason: FileSystem.lastErrorReason)
    }
    changes.append(.folder(target))
    try placeContents(of: relative, in: tree) { _, _ in 0 }
  }
}

import WallSupport

extension BuildManifest {
  /// Deletes what `previous` lists and `current` does not, both sorted streams of manifest
  /// lines (a merge-diff: one line of each in memory); returns how many site files.
  ///
  /// Site files are removed under `siteRoot`, media records under `stateRoot`, and the folders
  /// this empties go too. Never through a symlink: a folder of a listed path below a root that
  /// is one (say `walls/<id>` made a link to elsewhere) fails the prune with a `WriteError`
  /// naming it, and nothing it leads to is deleted; a listed path that is not a regular file
  /// is left alone.
  public static func prune(
    _ previous: any LineSource, keeping current: any LineSource, siteRoot: String,
    stateRoot: String
  ) throws(WriteError) -> Int {
    let gone = DifferenceLineSource(previous, removing: current)
    var removed = 0
    // The files of a folder (and of its subfolders) are consecutive in a sorted list, so a
    // folder left behind is emptied for good: it goes, with the parents this empties.
    var emptied: (folder: String, root: String)?
    func leave(_ folder: String?, root: String) {
      if let emptied, emptied.folder != folder {
        FileSystem.removeEmptyFolders(from: emptied.folder, upTo: emptied.root)
      }
      emptied = folder.map { ($0, root) }
    }
    while let line = try gone.next() {
      guard isEntry(line) else { continue }
      let isFile = line.hasPrefix(filePrefix)
      let root = isFile ? siteRoot : stateRoot
      let file = path(of: line)
      let folders = file.split(separator: "/").dropLast()
      guard try ConfinedFolders.checkFolders(folders, under: root, creating: false) else {
        continue
      }
      let target = "\(root)/\(file)"
      // A file's gzip copy (`--precompress`) goes with it, even when the file went first.
      let copy = target + Precompression.suffix
      if isFile, Precompression.isText(file), FileSystem.linkKind(of: copy) == .regular {
        try FileSystem.removeFile(copy)
      }
      guard FileSystem.linkKind(of: target) == .regular else { continue }
      try FileSystem.removeFile(target)
      if isFile { removed += 1 }
      // Folders that held only removed files go too: a private build into a folder that held
      // a public one must not leave walls/<objectId>/ behind, naming every user.
      if let slash = file.utf8.lastIndex(of: UInt8(ascii: "/")) {
        leave("\(root)/\(file[..<slash])", root: root)
      }
    }
    leave(nil, root: siteRoot)
    return removed
  }
}

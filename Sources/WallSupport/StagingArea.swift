import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A folder where a build writes every file that changes, instead of its place in the site or
/// the state folder, so that nothing published is touched until the build has succeeded.
///
/// A `StagingCommit` then moves the staged files into place; `discard()` forgets them. Staged
/// files keep their path relative to the tree they go to, under `<folder>/site/` and
/// `<folder>/state/`.
public final class StagingArea: Sendable {
  /// Which tree a staged file goes to.
  public enum Tree: String, Sendable, CaseIterable {
    /// The published site (the output folder).
    case site
    /// The build's state folder (records, manifest), beside the site.
    case state
  }

  /// The staging folder.
  public let folder: String
  /// The output folder the `.site` files go to.
  public let siteRoot: String
  /// The state folder the `.state` files go to.
  public let stateRoot: String
  /// The outermost folder that making `folder` created, removed again by `discard()`.
  private let createdFrom: String?
  /// What was staged, by tree (nothing when `listsFiles` is false).
  private let staged = Mutex<[Tree: Set<String>]>([:])
  /// Whether the staged paths are kept in memory for `stagedFiles(in:)`; a build whose files
  /// are too many for that publishes by walking the folder (`StagingCommit.placeAll`).
  public let listsFiles: Bool

  /// Makes an empty staging folder at `folder`, removing what a killed build left there.
  /// - Parameters:
  ///   - folder: The staging folder; best on the file system of `siteRoot`, so that
  ///     publishing is a rename per file.
  ///   - siteRoot: The output folder.
  ///   - stateRoot: The state folder.
  ///   - listsFiles: Whether to keep the staged paths in memory (`stagedFiles(in:)`).
  /// - Throws: `WriteError` when the folder cannot be made.
  public init(folder: String, siteRoot: String, stateRoot: String, listsFiles: Bool = true)
    throws(WriteError)
  {
    self.folder = folder
    self.siteRoot = siteRoot
    self.stateRoot = stateRoot
    self.listsFiles = listsFiles
    Self.removeTree(folder)
    createdFrom = Self.firstMissingFolder(of: folder)
    try FileSystem.createDirectory(folder)
  }

  /// Where the staged copy of `relative` in `tree` is written.
  public func stagedPath(_ relative: String, in tree: Tree) -> String {
    "\(folder)/\(tree.rawValue)/\(relative)"
  }

  /// The file that `relative` in `tree` is as things stand.
  ///
  /// It is the staged copy when one was staged, else the published file: a file staged twice
  /// with the same bytes is written once, as in place.
  public func currentPath(_ relative: String, in tree: Tree) -> String {
    let staged = stagedPath(relative, in: tree)
    return FileSystem.linkKind(of: staged) == .regular ? staged : targetPath(relative, in: tree)
  }

  /// Where `relative` in `tree` goes when published.
  public func targetPath(_ relative: String, in tree: Tree) -> String {
    "\(tree == .site ? siteRoot : stateRoot)/\(relative)"
  }

  /// Stages `bytes` as the new content of `relative` in `tree`.
  /// - Throws: `WriteError` naming the staged file when it cannot be written.
  public func stage(_ bytes: [UInt8], at relative: String, in tree: Tree) throws(WriteError) {
    try Self.writeStaged(bytes, to: stagedPath(relative, in: tree))
    noteStaged(relative, in: tree)
  }

  /// Records that `relative` in `tree` was staged at its `stagedPath` by other means (a
  /// `ChangedFileStream`).
  func noteStaged(_ relative: String, in tree: Tree) {
    guard listsFiles else { return }
    _ = staged.withLock { $0[tree, default: []].insert(relative) }
  }

  /// Stages `bytes` for `relative` in `tree` unless the file there already holds exactly them.
  /// - Returns: Whether the bytes were staged (false: the published file is up to date).
  /// - Throws: `WriteError` naming the staged file when it cannot be written.
  public func stageIfChanged(_ bytes: [UInt8], at relative: String, in tree: Tree)
    throws(WriteError) -> Bool
  {
    if Self.file(at: currentPath(relative, in: tree), holds: bytes) { return false }
    try stage(bytes, at: relative, in: tree)
    return true
  }

  /// The relative paths staged for `tree`, sorted (none unless `listsFiles`).
  public func stagedFiles(in tree: Tree) -> [String] {
    staged.withLock { ($0[tree] ?? []).sorted() }
  }

  /// Removes the staging folder and what it holds, and the folders that making it created.
  public func discard() {
    Self.removeTree(folder)
    guard let createdFrom, folder != createdFrom else { return }
    var current = folder
    while let slash = current.utf8.lastIndex(of: UInt8(ascii: "/")), slash != current.startIndex {
      current = String(current[..<slash])
      guard rmdir(current) == 0, current != createdFrom else { return }
    }
  }

  /// Writes `bytes` to `path` atomically unless the file already holds exactly them.
  /// - Returns: Whether the file was written.
  /// - Throws: `WriteError` when the file cannot be written.
  public static func writeIfChanged(_ bytes: [UInt8], to path: String) throws(WriteError) -> Bool {
    if file(at: path, holds: bytes) { return false }
    try FileSystem.writeAtomically(bytes, to: path)
    return true
  }

  /// Whether the regular file at `path` holds exactly `bytes`.
  ///
  /// A `stat` answers for a missing file or one of another size (a page that changed mostly
  /// changes size); only a file of the same size is read, with no second `fstat`. Anything but
  /// a regular file is never read, and the open does not block (on a FIFO put there since).
  public static func file(at path: String, holds bytes: [UInt8]) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == bytes.count
    else { return false }
    if bytes.isEmpty { return true }
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    return bytes.withUnsafeBytes { expected in
      guard let expectedBase = expected.baseAddress else { return false }
      // One byte more than expected, to see a file that grew since the stat. A short read
      // (end of file, or a signal) answers "no": at worst the file is written again.
      let capacity = expected.count + 1
      let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
      defer { buffer.deallocate() }
      var count: Int
      repeat { count = pread(fd, buffer, capacity, 0) } while count < 0 && errno == EINTR
      return count == expected.count && memcmp(buffer, expectedBase, count) == 0
    }
  }

  /// Writes a staged file: in place, since nothing reads the staging folder before the build
  /// is done (`TemporaryFile(staging:)`).
  static func writeStaged(_ bytes: [UInt8], to path: String) throws(WriteError) {
    try FileSystem.write(bytes, through: TemporaryFile(staging: path))
  }

  /// The outermost folder of `path` that does not exist yet (nil when `path` exists).
  static func firstMissingFolder(of path: String) -> String? {
    var missing: String?
    var folder = path
    while FileSystem.kind(of: folder) == .missing {
      missing = folder
      guard let slash = folder.utf8.lastIndex(of: UInt8(ascii: "/")), slash != folder.startIndex
      else { break }
      folder = String(folder[..<slash])
    }
    return missing
  }

  /// Removes `path` and everything below it, never following a symlink.
  static func removeTree(_ path: String) {
    switch FileSystem.linkKind(of: path) {
    case .missing: return
    case .directory: removeContents(of: path)
    default: unlink(path)
    }
  }

  /// Removes what the folder `path` holds, then the folder, never following a symlink; each
  /// entry's kind comes from reading the folder, not from a `stat` of every file.
  private static func removeContents(of path: String) {
    for entry in FileSystem.entries(of: path) {
      let child = "\(path)/\(entry.name)"
      if entry.isFolder { removeContents(of: child) } else { unlink(child) }
    }
    rmdir(path)
  }

  /// The device of `path`, or of its nearest existing parent; nil when none can be read.
  static func device(of path: String) -> UInt64? {
    var folder = path
    while true {
      var info = stat()
      if stat(folder, &info) == 0 { return UInt64(info.st_dev) }
      guard let slash = folder.utf8.lastIndex(of: UInt8(ascii: "/")), slash != folder.startIndex
      else { break }
      folder = String(folder[..<slash])
    }
    var info = stat()
    return stat(path.hasPrefix("/") ? "/" : ".", &info) == 0 ? UInt64(info.st_dev) : nil
  }

  /// Whether `first` and `second` (or their nearest existing parents) are on one file system,
  /// so a file renamed from one to the other needs no copy.
  public static func sameFileSystem(_ first: String, _ second: String) -> Bool {
    guard let a = device(of: first), let b = device(of: second) else { return false }
    return a == b
  }
}

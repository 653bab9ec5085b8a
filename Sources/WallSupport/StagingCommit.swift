#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Moves the files of a `StagingArea` into place, keeping what it replaces, so that a failure
/// part way (a full disk, a folder that cannot be written) is undone by `rollBack()` and the
/// site and the state folder hold exactly what they held before.
///
/// Each file is swapped with its target in one atomic step (`FileSystem.exchange`), so the
/// staged name keeps the file it replaced until the area is discarded. Where the file system
/// cannot swap, the file it replaces is first hard-linked into the staging folder and the
/// staged file renamed over it, as atomic for anyone reading the site. A folder that does not
/// exist yet (a new wall, the whole site of a first build) is moved as one, with everything
/// staged in it. Where the staging folder is on another file system than a target (a layout
/// the build avoids), or hard links are not to be had, files are copied instead.
public final class StagingCommit {
  let area: StagingArea
  /// What was changed, to undo it.
  let changes: StagingChanges
  private var kept = 0
  private var madeKeptFolder = false
  /// Target folders known to exist.
  private var present: Set<String> = []
  /// Target folders moved in whole from the staging folder.
  private var moved: Set<String> = []
  /// Whether files are swapped with those they replace; false once the file system said it
  /// cannot, and in tests of the other way.
  package var swaps = true

  /// Starts publishing what `area` staged.
  public convenience init(area: StagingArea) {
    self.init(area: area, changesHeld: StagingChanges.defaultMemoryLimit)
  }

  /// Starts publishing what `area` staged, holding at most `changesHeld` changes in memory
  /// before they go to a file (`StagingChanges`; tests make it small).
  package init(area: StagingArea, changesHeld: Int) {
    self.area = area
    changes = StagingChanges(path: "\(area.folder)/changes", memoryLimit: max(1, changesHeld))
  }

  /// Where `relative` of `tree` goes: the tree's root for "".
  func target(_ relative: String, in tree: StagingArea.Tree) -> String {
    relative.isEmpty
      ? String(area.targetPath("", in: tree).dropLast()) : area.targetPath(relative, in: tree)
  }

  /// Where `relative` of `tree` is staged: the tree's staging folder for "".
  func staged(_ relative: String, in tree: StagingArea.Tree) -> String {
    relative.isEmpty
      ? String(area.stagedPath("", in: tree).dropLast()) : area.stagedPath(relative, in: tree)
  }

  /// Where the `number`-th file replaced is kept.
  private func keptPath(_ number: Int) -> String { "\(area.folder)/previous/\(number)" }

  /// Checks that files can be put in `folders` before any is moved: each existing one, and
  /// the nearest existing parent of each missing one, must be a writable folder.
  /// - Parameter folders: Absolute folders, in any order.
  /// - Throws: `WriteError` naming the first folder that cannot be written.
  public func prepare(folders: Set<String>) throws(WriteError) {
    var checked: Set<String> = []
    for var folder in folders.sorted(by: { $0.utf8.count < $1.utf8.count }) {
      while FileSystem.kind(of: folder) == .missing, let parent = Self.parent(of: folder) {
        folder = parent
      }
      guard checked.insert(folder).inserted else { continue }
      guard FileSystem.kind(of: folder) == .directory else {
        throw WriteError(path: folder, reason: "exists and is not a folder")
      }
      guard access(folder, W_OK | X_OK) == 0 else {
        throw WriteError(path: folder, reason: FileSystem.lastErrorReason)
      }
    }
  }

  /// Moves the staged `relative` of `tree` over its target, or, when its folder is missing,
  /// the outermost missing folder with all it holds.
  /// - Throws: `WriteError` naming the target when it cannot be replaced.
  public func place(_ relative: String, in tree: StagingArea.Tree) throws(WriteError) {
    if try placeFolder(of: relative, in: tree) { return }
    try placeFile(relative, in: tree)
  }

  /// Moves the staged `relative` of `tree` over its target, whose folder exists.
  func placeFile(_ relative: String, in tree: StagingArea.Tree) throws(WriteError) {
    let staged = area.stagedPath(relative, in: tree)
    let target = area.targetPath(relative, in: tree)
    if swaps, try swap(staged, with: target) {
      changes.append(.swapped(tree, relative: relative))
      return
    }
    let previous = try keepPrevious(of: target)
    if rename(staged, target) == 0 {
      changes.append(.placed(tree, relative: relative, previous: previous))
      return
    }
    let reason = FileSystem.lastErrorReason
    guard errno == EXDEV else {
      if let previous { unlink(keptPath(previous)) }
      throw WriteError(path: target, reason: reason)
    }
    do {
      try FileSystem.copyAtomically(staged, to: target) { _ in }
    } catch {
      if let previous { unlink(keptPath(previous)) }
      throw error
    }
    changes.append(.placed(tree, relative: relative, previous: previous))
  }

  /// Swaps the staged file with the file at `target` it replaces; false, with nothing changed,
  /// when there is none there or the file system cannot swap (then `swaps` turns false).
  /// - Throws: `WriteError` naming the target when it is a folder, or cannot be replaced.
  private func swap(_ staged: String, with target: String) throws(WriteError) -> Bool {
    switch FileSystem.exchange(staged, target) {
    case .swapped:
      // A folder is no file to replace (nor is a file staged where a folder is): back it goes.
      guard FileSystem.linkKind(of: staged) != .directory else {
        _ = FileSystem.exchange(staged, target)
        throw WriteError(path: target, reason: "exists and is a folder")
      }
      return true
    case .missing: return false
    case .unsupported:
      swaps = false
      return false
    case .failed(let code):
      throw WriteError(path: target, reason: FileSystem.errorReason(code))
    }
  }

  /// When a folder on the way to `relative`'s target is missing, moves the outermost one in
  /// from the staging folder (the tree's root itself in a first build, after making its
  /// parents) and returns true; also true when such a folder was moved already.
  private func placeFolder(of relative: String, in tree: StagingArea.Tree) throws(WriteError)
    -> Bool
  {
    let root = area.targetPath("", in: tree).dropLast()
    var folders = [(relative: "", target: String(root), staged: staged("", in: tree))]
    let components = relative.split(separator: "/").dropLast()
    var path = ""
    for component in components {
      path += path.isEmpty ? String(component) : "/" + component
      folders.append((path, area.targetPath(path, in: tree), area.stagedPath(path, in: tree)))
    }
    for (index, folder) in folders.enumerated() {
      if moved.contains(folder.target) { return true }
      if present.contains(folder.target) { continue }
      // The output itself may be reached through a link; a folder inside it may not, as for
      // every other write below it.
      if index > 0 {
        _ = try ConfinedFolders.checkFolders(
          components.prefix(index), under: String(root), creating: false)
      }
      switch FileSystem.kind(of: folder.target) {
      case .directory:
        present.insert(folder.target)
        continue
      case .missing:
        if index == 0, let parent = Self.parent(of: folder.target) { try makeFolders(parent) }
        guard rename(folder.staged, folder.target) == 0 else {
          // From another file system, the folder is made and its files copied one by one.
          guard errno == EXDEV, mkdir(folder.target, 0o755) == 0 else {
            throw WriteError(path: folder.target, reason: FileSystem.lastErrorReason)
          }
          changes.append(.folder(folder.target))
          present.insert(folder.target)
          continue
        }
        changes.append(.moved(tree, relative: folder.relative))
        moved.insert(folder.target)
        return true
      default:
        throw WriteError(path: folder.target, reason: "exists and is not a folder")
      }
    }
    return false
  }

  /// Makes `folder` and its missing parents (undone by `rollBack()`).
  func makeFolders(_ folder: String) throws(WriteError) {
    var missing: [String] = []
    var current = folder
    while FileSystem.kind(of: current) == .missing {
      missing.append(current)
      guard let parent = Self.parent(of: current) else { break }
      current = parent
    }
    for path in missing.reversed() {
      guard mkdir(path, 0o755) == 0 else {
        throw WriteError(path: path, reason: FileSystem.lastErrorReason)
      }
      changes.append(.folder(path))
    }
  }

  /// The folder holding `path`, or nil at the top of a path: `.` for a relative name without
  /// a slash (`_site`, the default output), so that its parent is checked and not the
  /// missing name itself.
  static func parent(of path: String) -> String? {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else {
      return path.isEmpty || path == "." ? nil : "."
    }
    guard slash != path.startIndex else { return nil }
    return String(path[..<slash])
  }

  /// Writes `bytes` over `relative` of `tree` (atomically), keeping what was there.
  /// - Throws: `WriteError` naming the target when it cannot be written.
  public func write(_ bytes: [UInt8], at relative: String, in tree: StagingArea.Tree)
    throws(WriteError)
  {
    let target = area.targetPath(relative, in: tree)
    let previous = try keepPrevious(of: target)
    do {
      try FileSystem.writeAtomically(bytes, to: target)
    } catch {
      if let previous { unlink(keptPath(previous)) }
      throw error
    }
    changes.append(.placed(tree, relative: relative, previous: previous))
  }

  /// Takes `relative` of `tree` away (it is put back by `rollBack()`).
  /// - Throws: `WriteError` naming the file when it cannot be moved.
  public func remove(_ relative: String, in tree: StagingArea.Tree) throws(WriteError) {
    let target = area.targetPath(relative, in: tree)
    guard FileSystem.linkKind(of: target) != .missing else { return }
    let previous = try keepPrevious(of: target)
    guard unlink(target) == 0 else {
      let reason = FileSystem.lastErrorReason
      if let previous { unlink(keptPath(previous)) }
      throw WriteError(path: target, reason: reason)
    }
    changes.append(.placed(tree, relative: relative, previous: previous))
  }

  /// The file at `target`, kept in the staging folder (a hard link, else a copy) as the
  /// number returned (`keptPath`), or nil when there is none.
  private func keepPrevious(of target: String) throws(WriteError) -> Int? {
    if !madeKeptFolder {
      try FileSystem.createDirectory("\(area.folder)/previous")
      madeKeptFolder = true
    }
    let copy = keptPath(kept + 1)
    if link(target, copy) == 0 {
      kept += 1
      return kept
    }
    if errno == ENOENT { return nil }
    let reason = FileSystem.lastErrorReason
    // Another file system, or one without hard links: a copy does. A folder or a symlink
    // cannot be replaced by a file anyway.
    guard [EXDEV, EPERM, EOPNOTSUPP, EMLINK].contains(errno),
      FileSystem.linkKind(of: target) == .regular
    else {
      throw WriteError(path: target, reason: "cannot keep the file it replaces: \(reason)")
    }
    do {
      try FileSystem.copyAtomically(target, to: copy) { _ in }
    } catch {
      throw WriteError(path: target, reason: "cannot keep the file it replaces: \(error.reason)")
    }
    kept += 1
    return kept
  }

  /// Undoes every change (`StagingChanges`): each replaced file gets its previous content
  /// back, each new file and folder goes.
  public func rollBack() {
    changes.undoAll { change in
      switch change {
      case .folder(let path):
        rmdir(path)
      case .placed(let tree, let relative, let previous?):
        let target = target(relative, in: tree)
        if rename(keptPath(previous), target) != 0 && errno == EXDEV {
          _ = try? FileSystem.copyAtomically(keptPath(previous), to: target) { _ in }
        }
      case .placed(let tree, let relative, nil):
        unlink(target(relative, in: tree))
      case .moved(let tree, let relative):
        rename(target(relative, in: tree), staged(relative, in: tree))
      case .swapped(let tree, let relative):
        // The staged name holds the file replaced.
        rename(staged(relative, in: tree), target(relative, in: tree))
      }
    }
  }
}

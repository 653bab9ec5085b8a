#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Moves the files of a `StagingArea` into place, keeping what it replaces, so that a failure
/// part way (a full disk, a folder that cannot be written) is undone by `rollBack()` and the
/// site and the state folder hold exactly what they held before.
///
/// Each file is renamed over its target, an atomic replacement for anyone reading the site;
/// the file it replaces is first hard-linked into the staging folder, which keeps it until the
/// area is discarded. Where the staging folder is on another file system than a target (a
/// layout the build avoids), or hard links are not to be had, files are copied instead.
public final class StagingCommit {
  /// One change made, and how to undo it.
  private enum Change {
    /// A folder made for a target.
    case folder(String)
    /// A file put at `target`; `previous` keeps what was there, nil when nothing was.
    case placed(target: String, previous: String?)
  }

  private let area: StagingArea
  private var changes: [Change] = []
  private var kept = 0

  /// Starts publishing what `area` staged.
  public init(area: StagingArea) {
    self.area = area
  }

  /// Checks that files can be put in `folders` before any is moved: each existing one must be
  /// writable, and the missing ones are made (and removed again by `rollBack()`).
  /// - Parameter folders: Absolute folders, in any order.
  /// - Throws: `WriteError` naming the first folder that cannot be written or made.
  public func prepare(folders: Set<String>) throws(WriteError) {
    for folder in folders.sorted(by: { $0.utf8.count < $1.utf8.count }) {
      switch FileSystem.kind(of: folder) {
      case .directory:
        guard access(folder, W_OK | X_OK) == 0 else {
          throw WriteError(path: folder, reason: FileSystem.lastErrorReason)
        }
      case .missing:
        try make(folder)
      default:
        throw WriteError(path: folder, reason: "exists and is not a folder")
      }
    }
  }

  /// Makes `folder` and its missing parents, checking the first existing one is writable.
  private func make(_ folder: String) throws(WriteError) {
    var missing: [String] = []
    var current = folder
    while FileSystem.kind(of: current) == .missing {
      missing.append(current)
      guard let slash = current.utf8.lastIndex(of: UInt8(ascii: "/")), slash != current.startIndex
      else { break }
      current = String(current[..<slash])
    }
    for path in missing.reversed() {
      guard mkdir(path, 0o755) == 0 else {
        throw WriteError(path: path, reason: FileSystem.lastErrorReason)
      }
      changes.append(.folder(path))
    }
  }

  /// Moves the staged `relative` of `tree` over its target.
  /// - Throws: `WriteError` naming the target when it cannot be replaced.
  public func place(_ relative: String, in tree: StagingArea.Tree) throws(WriteError) {
    let staged = area.stagedPath(relative, in: tree)
    let target = area.targetPath(relative, in: tree)
    let previous = try keepPrevious(of: target)
    if rename(staged, target) == 0 {
      changes.append(.placed(target: target, previous: previous))
      return
    }
    let reason = FileSystem.lastErrorReason
    guard errno == EXDEV else {
      if let previous { unlink(previous) }
      throw WriteError(path: target, reason: reason)
    }
    do {
      try FileSystem.copyAtomically(staged, to: target) { _ in }
    } catch {
      if let previous { unlink(previous) }
      throw error
    }
    changes.append(.placed(target: target, previous: previous))
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
      if let previous { unlink(previous) }
      throw error
    }
    changes.append(.placed(target: target, previous: previous))
  }

  /// Takes `relative` of `tree` away (it is put back by `rollBack()`).
  /// - Throws: `WriteError` naming the file when it cannot be moved.
  public func remove(_ relative: String, in tree: StagingArea.Tree) throws(WriteError) {
    let target = area.targetPath(relative, in: tree)
    guard FileSystem.linkKind(of: target) != .missing else { return }
    let previous = try keepPrevious(of: target)
    guard unlink(target) == 0 else {
      let reason = FileSystem.lastErrorReason
      if let previous { unlink(previous) }
      throw WriteError(path: target, reason: reason)
    }
    changes.append(.placed(target: target, previous: previous))
  }

  /// The file at `target`, kept in the staging folder (a hard link, else a copy), or nil when
  /// there is none.
  private func keepPrevious(of target: String) throws(WriteError) -> String? {
    let kind = FileSystem.linkKind(of: target)
    guard kind != .missing else { return nil }
    if kept == 0 { try FileSystem.createDirectory("\(area.folder)/previous") }
    kept += 1
    let copy = "\(area.folder)/previous/\(kept)"
    guard link(target, copy) != 0 else { return copy }
    let reason = FileSystem.lastErrorReason
    // Another file system, or one without hard links: a copy does. A folder or a symlink
    // cannot be replaced by a file anyway.
    guard [EXDEV, EPERM, EOPNOTSUPP, EMLINK].contains(errno), kind == .regular else {
      throw WriteError(path: target, reason: "cannot keep the file it replaces: \(reason)")
    }
    do {
      try FileSystem.copyAtomically(target, to: copy) { _ in }
    } catch {
      throw WriteError(path: target, reason: "cannot keep the file it replaces: \(error.reason)")
    }
    return copy
  }

  /// Undoes every change, the last first: each replaced file gets its previous content back,
  /// each new file and folder goes.
  public func rollBack() {
    for change in changes.reversed() {
      switch change {
      case .folder(let path):
        rmdir(path)
      case .placed(let target, let previous?):
        if rename(previous, target) != 0 && errno == EXDEV {
          _ = try? FileSystem.copyAtomically(previous, to: target) { _ in }
        }
      case .placed(let target, nil):
        unlink(target)
      }
    }
    changes.removeAll()
  }
}

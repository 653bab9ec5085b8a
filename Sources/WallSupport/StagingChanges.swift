#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The changes a `StagingCommit` made, kept to undo them: the latest in memory, the rest
/// appended to a file in the staging folder, so that publishing millions of files holds a
/// bounded list (`memoryLimit` changes), not one entry per file.
///
/// Each file or folder is changed at most once per commit, so the changes to files and the
/// folders moved in are undone in the order they were made; the folders made for them are
/// removed last, the last made first. When the file cannot be written (a full disk, the very
/// failure being rolled back), the changes stay in memory: nothing to undo is ever lost.
final class StagingChanges {
  /// One change made, and how to undo it.
  enum Change: Equatable {
    /// A folder made for a target (above a tree's root, or on another file system).
    case folder(String)
    /// `relative` in `tree` was replaced, removed or written; the `previous`-th kept file
    /// (`StagingCommit.keptPath`) holds what was there, nil when nothing was.
    case placed(StagingArea.Tree, relative: String, previous: Int?)
    /// A staged folder was moved in as `relative` of `tree`, where there was none.
    case moved(StagingArea.Tree, relative: String)
    /// The staged file `relative` of `tree` was swapped with the file it replaces, which its
    /// staged name now holds (`FileSystem.exchange`).
    case swapped(StagingArea.Tree, relative: String)
  }

  /// The file the older changes go to.
  let path: String
  /// How many changes are held before they are appended to the file.
  let memoryLimit: Int
  /// Changes not in the file yet, in the order made.
  private var recent: [Change] = []
  /// The folders made, in the order made.
  private var folders: [String] = []
  /// The file, once opened (-1 before).
  private var fd: Int32 = -1
  /// How many bytes of whole lines the file holds.
  private var fileBytes = 0
  /// False once the file could not be made or written: later changes stay in memory.
  private var writable = true

  /// Changes held in memory before they go to the file.
  static let defaultMemoryLimit = 1 << 14

  /// An empty list whose older changes go to `path`.
  init(path: String, memoryLimit: Int = StagingChanges.defaultMemoryLimit) {
    self.path = path
    self.memoryLimit = memoryLimit
  }

  deinit {
    if fd >= 0 { close(fd) }
  }

  /// Adds a change made.
  func append(_ change: Change) {
    if case .folder(let path) = change {
      folders.append(path)
      return
    }
    recent.append(change)
    if recent.count >= memoryLimit { spill() }
  }

  /// Whether nothing was changed.
  var isEmpty: Bool { recent.isEmpty && folders.isEmpty && fileBytes == 0 }

  /// Calls `undo` with every change, as they are to be undone (see the type), and forgets them.
  func undoAll(_ undo: (Change) -> Void) {
    if fileBytes > 0, let reader = try? LineFileReader(path: path) {
      while let line = try? reader.next() {
        if let change = Self.decode(line) { undo(change) }
      }
    }
    for change in recent { undo(change) }
    for folder in folders.reversed() { undo(.folder(folder)) }
    recent.removeAll()
    folders.removeAll()
    if fd >= 0 {
      close(fd)
      unlink(path)
    }
    fd = -1
    fileBytes = 0
  }

  /// Appends the changes held to the file; keeps them when it cannot.
  private func spill() {
    guard writable else { return }
    if fd < 0 {
      fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
      guard fd >= 0 else {
        writable = false
        return
      }
    }
    var bytes: [UInt8] = []
    var kept: [Change] = []
    for change in recent {
      guard let line = Self.encode(change) else {
        kept.append(change)
        continue
      }
      bytes += line.utf8
      bytes.append(0x0A)
    }
    guard write(bytes) else {
      // What was written of these lines goes: the file holds whole lines only.
      _ = ftruncate(fd, off_t(fileBytes))
      writable = false
      return
    }
    fileBytes += bytes.count
    recent = kept
  }

  /// Writes all of `bytes` at the end of the file's whole lines.
  private func write(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { buffer in
      var done = 0
      while done < buffer.count {
        let count = pwrite(
          fd, buffer.baseAddress.map { $0 + done }, buffer.count - done, off_t(fileBytes + done))
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return false }
        done += count
      }
      return true
    }
  }

  /// The line of a change; nil for one whose path holds a newline (it stays in memory).
  static func encode(_ change: Change) -> String? {
    let line: String
    switch change {
    case .folder(let path): line = "d \(path)"
    case .placed(let tree, let relative, let previous):
      line = "p \(tree.rawValue) \(previous.map(String.init) ?? "-") \(relative)"
    case .moved(let tree, let relative): line = "m \(tree.rawValue) \(relative)"
    case .swapped(let tree, let relative): line = "x \(tree.rawValue) \(relative)"
    }
    return line.utf8.contains(0x0A) ? nil : line
  }

  /// The change of a line `encode` wrote; nil for any other line.
  static func decode(_ line: String) -> Change? {
    let parts = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
    guard parts.count >= 2 else { return nil }
    switch parts[0] {
    case "d": return .folder(String(line.dropFirst(2)))
    case "m", "x":
      guard parts.count >= 3, let tree = StagingArea.Tree(rawValue: String(parts[1])) else {
        return nil
      }
      let relative = String(line.dropFirst(3 + parts[1].utf8.count))
      return parts[0] == "m" ? .moved(tree, relative: relative) : .swapped(tree, relative: relative)
    case "p":
      guard parts.count == 4, let tree = StagingArea.Tree(rawValue: String(parts[1])) else {
        return nil
      }
      let previous = parts[2] == "-" ? nil : Int(parts[2])
      if parts[2] != "-", previous == nil { return nil }
      return .placed(tree, relative: String(parts[3]), previous: previous)
    default: return nil
    }
  }
}

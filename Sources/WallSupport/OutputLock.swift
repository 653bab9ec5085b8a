import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A hold on an output's state folder: `flock(2)` on the file `lock` in it, so that two wallgen
/// processes never write into one output at once.
///
/// A build, finalize, `serve` and `archive` hold it exclusive; the shards of a sharded build hold
/// it shared, since they may run at once on one output (each writes its own walls and media).
/// The kernel drops a `flock` when its process dies, so a lock file a killed process left
/// blocks nothing. The holder writes its pid and command line into the file (an exclusive
/// holder replaces what is there, a shard adds its line), for the message of a command refused.
///
/// Within one process the hold is shared by every claim of the same folder (`serve` holds it
/// and its rebuilds claim it again): released when the last one is. An exclusive holder removes
/// the file when it lets go, and the folders the lock made when they are empty (a refused first
/// build leaves no state folder); one that takes the lock checks afterwards that the file is
/// still the one named `lock`, and tries again if not, so a file removed under a waiter is
/// never held by two.
public final class OutputLock: Sendable {
  /// How the folder is held.
  public enum Mode: Sendable, Equatable {
    /// With other shared holders (the shards of one build).
    case shared
    /// Alone (a build, finalize, `serve`, `archive`).
    case exclusive
  }

  /// The lock file's name in the state folder.
  public static let fileName = "lock"

  /// The lock file.
  public let path: String
  private let key: String
  private let released = Mutex(false)

  private init(path: String, key: String) {
    self.path = path
    self.key = key
  }

  /// One process's hold on a lock file: its descriptor, how it is held, by how many claims, and
  /// the folders making it created (removed when empty at the last release).
  private struct Hold {
    var descriptor: Int32
    var mode: Mode
    var count: Int
    var createdFolders: [String]
    /// The folder whose entries taking the lock changed (the state folder, or the parent of the
    /// outermost folder made), with its modification time before and after.
    var changed: (path: String, before: timespec, after: timespec)?
  }

  /// The holds of this process, by the lock file's canonical path.
  private static let holds = Mutex<[String: Hold]>([:])

  /// What the holder writes into the lock file: its pid and command line.
  public static var holderLine: String {
    var arguments = CommandLine.arguments
    if let first = arguments.first, let slash = first.lastIndex(of: "/") {
      arguments[0] = String(first[first.index(after: slash)...])
    }
    let command = arguments.joined(separator: " ").map { $0.isNewline ? " " : $0 }
    return "\(getpid()) \(String(command))\n"
  }

  /// Takes the lock of `folder`, making the folder when missing.
  /// - Parameters:
  ///   - folder: The state folder.
  ///   - mode: Shared (a shard) or exclusive.
  ///   - wait: Wait for the holders to finish instead of refusing.
  ///   - waiting: Told of the holders once, before waiting (`wait` only).
  /// - Returns: The hold; `release()` it when the command is done (it is released when freed,
  ///   and by the kernel when the process ends).
  /// - Throws: `OutputLockError.busy` naming the holders when another process holds the lock
  ///   (and `wait` is off), `.unusable` when the folder or file cannot be made or locked.
  public static func acquire(
    folder: String, mode: Mode, wait: Bool, waiting: ([OutputLockHolder]) -> Void = { _ in }
  ) throws(OutputLockError) -> OutputLock {
    let path = "\(folder)/\(fileName)"
    // Held already by this process: the hold is shared (a shard's shared hold does not become
    // exclusive; one process runs one command).
    if let real = FileSystem.realPath(folder) {
      let key = real + "/" + fileName
      let reused = holds.withLock { holds -> Bool in
        guard var hold = holds[key] else { return false }
        hold.count += 1
        holds[key] = hold
        return true
      }
      if reused { return OutputLock(path: path, key: key) }
    }
    var told = false
    // Shards append their lines; an exclusive holder replaces the file's text.
    let flags = O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | (mode == .shared ? O_APPEND : 0)
    var created: [String] = []
    // The deepest folder that exists: making the lock's file (or folders) changes its entries.
    var existing = folder
    while FileSystem.kind(of: existing) == .missing,
      let slash = existing.utf8.lastIndex(of: UInt8(ascii: "/")), slash != existing.startIndex
    {
      existing = String(existing[..<slash])
    }
    let before = modificationTime(existing)
    for _ in 0..<100 {
      created += try makeFolders(folder)
      let key = (FileSystem.realPath(folder) ?? folder) + "/" + fileName
      let descriptor = open(path, flags, 0o600)
      if descriptor < 0 {
        // Removed with its folder by a holder letting go: make them again.
        if errno == ENOENT { continue }
        throw .unusable(path: path, reason: FileSystem.lastErrorReason)
      }
      let operation = mode == .shared ? LOCK_SH : LOCK_EX
      if flock(descriptor, operation | LOCK_NB) != 0 {
        guard errno == EWOULDBLOCK else {
          let reason = FileSystem.lastErrorReason
          close(descriptor)
          throw .unusable(path: path, reason: reason)
        }
        let holders = OutputLockHolder.read(descriptor)
        guard wait else {
          close(descriptor)
          throw .busy(holders: holders)
        }
        if !told {
          waiting(holders)
          told = true
        }
        var result: Int32
        repeat { result = flock(descriptor, operation) } while result != 0 && errno == EINTR
        guard result == 0 else {
          let reason = FileSystem.lastErrorReason
          close(descriptor)
          throw .unusable(path: path, reason: reason)
        }
      }
      // The file may have been removed (by the holder that let go) while this one waited.
      guard isStillNamed(path, descriptor) else {
        close(descriptor)
        continue
      }
      let line = Array(holderLine.utf8)
      if mode == .exclusive { _ = ftruncate(descriptor, 0) }
      _ = line.withUnsafeBytes { bytes in
        mode == .exclusive
          ? pwrite(descriptor, bytes.baseAddress, bytes.count, 0)
          : write(descriptor, bytes.baseAddress, bytes.count)
      }
      var hold = Hold(descriptor: descriptor, mode: mode, count: 1, createdFolders: created)
      if let before, let after = modificationTime(existing) {
        hold.changed = (existing, before, after)
      }
      holds.withLock { $0[key] = hold }
      return OutputLock(path: path, key: key)
    }
    throw .unusable(path: path, reason: "it kept being removed while wallgen took it")
  }

  /// Lets go of this claim; the lock itself when it was the process's last.
  ///
  /// An exclusive holder removes the file first (and the folders taking it made, when empty).
  public func release() {
    let first = released.withLock { released -> Bool in
      defer { released = true }
      return !released
    }
    guard first else { return }
    let last = Self.holds.withLock { holds -> Hold? in
      guard var hold = holds[key] else { return nil }
      hold.count -= 1
      if hold.count > 0 {
        holds[key] = hold
        return nil
      }
      holds[key] = nil
      return hold
    }
    guard let last else { return }
    // A shard removes the file only when no other shard holds it.
    if last.mode == .exclusive || flock(last.descriptor, LOCK_EX | LOCK_NB) == 0 {
      // Untouched since the lock was taken but for it: its time is put back once it is gone,
      // so a command that wrote nothing leaves the state folder as it was, time and all.
      let untouched =
        last.changed.map { Self.same(Self.modificationTime($0.path), $0.after) } ?? false
      unlink(path)
      // Innermost first; a folder that holds anything stays, and so do its parents.
      var removedAll = true
      for folder in last.createdFolders.reversed() where removedAll {
        removedAll = rmdir(folder) == 0
      }
      if untouched, removedAll, let changed = last.changed {
        // `UTIME_OMIT` (a macro Swift does not import): the access time stays.
        let times = [timespec(tv_sec: 0, tv_nsec: (1 << 30) - 2), changed.before]
        _ = utimensat(AT_FDCWD, changed.path, times, AT_SYMLINK_NOFOLLOW)
      }
    }
    close(last.descriptor)
  }

  deinit { release() }

  /// Makes `folder` and its missing parents.
  /// - Returns: The folders made, outermost first.
  private static func makeFolders(_ folder: String) throws(OutputLockError) -> [String] {
    var missing: [String] = []
    var current = folder
    while FileSystem.kind(of: current) == .missing {
      missing.append(current)
      guard let slash = current.utf8.lastIndex(of: UInt8(ascii: "/")), slash != current.startIndex
      else { break }
      current = String(current[..<slash])
    }
    var made: [String] = []
    for path in missing.reversed() {
      if mkdir(path, 0o755) == 0 {
        made.append(path)
      } else if errno != EEXIST {
        throw .unusable(path: path, reason: FileSystem.lastErrorReason)
      }
    }
    return made
  }

  /// The modification time of `path` (not followed), nil when it cannot be read.
  private static func modificationTime(_ path: String) -> timespec? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return info.st_mtim
  }

  /// Whether `time` is `other`.
  private static func same(_ time: timespec?, _ other: timespec) -> Bool {
    time?.tv_sec == other.tv_sec && time?.tv_nsec == other.tv_nsec
  }

  /// Whether the file open as `descriptor` is the one at `path`.
  private static func isStillNamed(_ path: String, _ descriptor: Int32) -> Bool {
    var open = stat()
    var named = stat()
    return fstat(descriptor, &open) == 0 && lstat(path, &named) == 0
      && open.st_dev == named.st_dev && open.st_ino == named.st_ino
  }
}

import Glibc

/// Linux's inotify, as the change watcher uses it: one non-blocking descriptor, watches added
/// by path, events read in batches.
///
/// The only file of the Watch stage that touches inotify; Linux only, as wallgen is.
final class Inotify {
  /// Why inotify could not be used for a path or at all.
  enum Failure: Error, Equatable, CustomStringConvertible {
    /// inotify is missing (ENOSYS) or refused; the watcher polls instead.
    case unavailable(reason: String)
    /// The per-user limit of watches (ENOSPC) or of inotify instances (EMFILE) was reached.
    case limitReached(reason: String)
    /// The path could not be watched (gone, not a folder, no permission); it is skipped.
    case unwatchable(path: String, reason: String)

    var description: String {
      switch self {
      case .unavailable(let reason): "inotify is not available: \(reason)"
      case .limitReached(let reason):
        "the inotify limit is reached (\(reason)); raise fs.inotify.max_user_watches"
          + " or fs.inotify.max_user_instances"
      case .unwatchable(let path, let reason): "cannot watch '\(path)': \(reason)"
      }
    }
  }

  /// One event: the watch it came from, what happened, and the name inside a watched folder
  /// (empty when the event is about the watched folder itself).
  struct Event: Equatable {
    var watch: Int32
    var mask: UInt32
    var name: String

    /// Whether the event names a folder.
    var isDirectory: Bool { mask & UInt32(IN_ISDIR) != 0 }
    /// Whether events were lost: everything must be taken as changed.
    var isOverflow: Bool { mask & UInt32(IN_Q_OVERFLOW) != 0 }
    /// Whether the kernel dropped the watch (its folder deleted, moved away or unmounted).
    var endsWatch: Bool { mask & UInt32(IN_IGNORED) != 0 }
    /// Whether a folder appeared in the watched folder (created or moved in).
    var addsFolder: Bool { isDirectory && mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 }
    /// Whether the watched folder itself was deleted or moved.
    var losesFolder: Bool { mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 }
  }

  /// The events a folder is watched for: writes finished, names added, removed or renamed,
  /// metadata changed, and the folder itself deleted or moved.
  static let folderEvents = UInt32(
    IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_DELETE_SELF
      | IN_MOVE_SELF | IN_ATTRIB | IN_ONLYDIR)

  private let descriptor: Int32
  private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

  /// Opens an inotify instance (non-blocking, close-on-exec).
  /// - Throws: `Failure.unavailable` or `.limitReached`.
  init() throws(Failure) {
    let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard descriptor >= 0 else { throw Self.failure(errno) }
    self.descriptor = descriptor
  }

  deinit {
    Glibc.close(descriptor)
  }

  /// Watches a folder (not its subfolders); returns the watch's number, the same one when the
  /// folder is watched already.
  /// - Throws: `Failure.limitReached` at the watch limit, `.unwatchable` for this path only.
  func watch(folder path: String) throws(Failure) -> Int32 {
    let watch = inotify_add_watch(descriptor, path, Self.folderEvents)
    guard watch >= 0 else {
      let code = errno
      if code == ENOSPC || code == EMFILE || code == ENOMEM { throw Self.failure(code) }
      throw .unwatchable(path: path, reason: String(cString: strerror(code)))
    }
    return watch
  }

  /// Stops a watch (a watch the kernel already dropped is ignored).
  func unwatch(_ watch: Int32) {
    _ = inotify_rm_watch(descriptor, watch)
  }

  /// Waits up to `milliseconds` (-1: forever) for events, or until `wake` is signalled; true
  /// when events can be read.
  func wait(milliseconds: Int, wake: WakePipe) -> Bool {
    wake.wait(milliseconds: milliseconds, alsoFor: descriptor)
  }

  /// The events queued now (none when the queue is empty).
  func read() -> [Event] {
    var events: [Event] = []
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return events }
      events += Self.parse(buffer[..<count])
    }
  }

  /// Cuts a buffer read from inotify into events: each is a 16-byte header (watch, mask,
  /// cookie, name length) followed by a NUL-padded name.
  static func parse(_ bytes: ArraySlice<UInt8>) -> [Event] {
    var events: [Event] = []
    var offset = bytes.startIndex
    func word(_ at: Int) -> UInt32 {
      (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[at + $1]) << (8 * UInt32($1)) }
    }
    while offset + 16 <= bytes.endIndex {
      let length = Int(word(offset + 12))
      let end = min(offset + 16 + length, bytes.endIndex)
      let name = bytes[(offset + 16)..<end].prefix { $0 != 0 }
      events.append(
        Event(
          watch: Int32(bitPattern: word(offset)), mask: word(offset + 4),
          name: String(decoding: name, as: UTF8.self)))
      offset = end
    }
    return events
  }

  /// The subfolders of a folder, by name; symlinks are not followed.
  static func subfolders(of path: String) -> [String] {
    guard let handle = opendir(path) else { return [] }
    defer { closedir(handle) }
    var names: [String] = []
    while let entry = readdir(handle) {
      let name = withUnsafePointer(to: entry.pointee.d_name) {
        $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
      }
      guard name != "." && name != ".." else { continue }
      switch Int32(entry.pointee.d_type) {
      case Int32(DT_DIR): names.append(name)
      case Int32(DT_UNKNOWN):
        var info = stat()
        if lstat(path + "/" + name, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR {
          names.append(name)
        }
      default: break
      }
    }
    return names.sorted()
  }

  private static func failure(_ code: Int32) -> Failure {
    let reason = String(cString: strerror(code))
    switch code {
    case ENOSPC, EMFILE, ENFILE, ENOMEM: return .limitReached(reason: reason)
    default: return .unavailable(reason: reason)
    }
  }
}

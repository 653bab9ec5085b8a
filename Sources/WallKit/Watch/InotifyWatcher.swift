/// The inotify side of `ChangeWatcher`: a watch on every folder of the watched trees, kept up
/// to date as folders come and go, and a wait that returns once per burst of changes.
///
/// A watched path that is a file (an export `.zip`) is watched through its parent folder, for
/// its own name only. Hidden names and the excluded folders are not watched. It lives on the
/// watcher's thread only.
final class InotifyWatcher {
  /// A watched folder: its path, its real path, its depth below its root, and the names that
  /// matter in it (nil: every name, and its subfolders are watched too).
  private struct Watched {
    var path: String
    var real: String
    var depth: Int
    var names: Set<String>?
  }

  /// Folders nested deeper than this are not watched (as the polling fingerprint stops there).
  static let maxDepth = 32

  private let inotify: Inotify
  private let limit: Int
  private let roots: [String]
  private let excluded: Set<String>
  private var watches: [Int32: Watched] = [:]
  private var rootsMissing = false

  /// The number of folders watched.
  var folderCount: Int { watches.count }

  /// Watches every folder of `paths`.
  /// - Parameter excluded: real paths of folders left out.
  /// - Parameter limit: the most folders watched; one more counts as the system's limit.
  /// - Throws: `Inotify.Failure.unavailable` or `.limitReached`; the caller polls instead.
  init(paths: [String], excluding excluded: Set<String>, limit: Int) throws(Inotify.Failure) {
    inotify = try Inotify()
    self.limit = limit
    roots = paths
    self.excluded = excluded
    try attachRoots()
  }

  /// Waits for a change, then until the changes stop for `quiet` (or for `longest` at most,
  /// so a steady stream still gets rebuilds); true then, false when `wake` was signalled.
  /// - Parameter retry: how often a watched path that is missing is looked for again.
  /// - Throws: `Inotify.Failure.limitReached` when a new folder cannot be watched.
  func waitForChange(
    quiet: Duration, longest: Duration, retry: Duration, wake: WakePipe,
    stopping: () -> Bool
  ) throws(Inotify.Failure) -> Bool {
    while true {
      if stopping() { return false }
      if rootsMissing {
        if inotify.wait(milliseconds: Self.milliseconds(retry), wake: wake) {
          if try handle(inotify.read()) { break }
        } else if !stopping(), try attachRoots() {
          break
        }
      } else if inotify.wait(milliseconds: -1, wake: wake), try handle(inotify.read()) {
        break
      }
    }
    let start = ContinuousClock.now
    var lastChange = start
    while true {
      if stopping() { return false }
      let end = min(lastChange + quiet, start + longest)
      if ContinuousClock.now >= end { break }
      let left = Self.milliseconds(end - .now)
      if inotify.wait(milliseconds: max(1, left), wake: wake), try handle(inotify.read()) {
        lastChange = .now
      }
    }
    if rootsMissing { _ = try attachRoots() }
    return true
  }

  /// Takes the events queued now, without waiting; true when one of them is a change that
  /// matters. (The kernel queues an event before the call that caused it returns.)
  func takeQueued() throws(Inotify.Failure) -> Bool {
    try handle(inotify.read())
  }

  /// Applies a batch of events to the watch set; true when one of them is a change that
  /// matters.
  private func handle(_ events: [Inotify.Event]) throws(Inotify.Failure) -> Bool {
    var changed = false
    var rescan = false
    for event in events {
      if event.isOverflow {
        changed = true
        rescan = true
        continue
      }
      guard let watched = watches[event.watch] else { continue }
      if event.endsWatch {
        watches[event.watch] = nil
        if isRootWatch(watched) { rootsMissing = true }
        continue
      }
      if event.name.isEmpty {
        // The folder itself: its metadata matters only in the watched trees, not in the
        // folder holding a watched file, but its loss always does.
        if event.losesFolder {
          changed = true
          rootsMissing = rootsMissing || isRootWatch(watched)
        } else if watched.names == nil {
          changed = true
        }
        continue
      }
      if let names = watched.names {
        if names.contains(event.name) { changed = true }
        continue
      }
      guard !event.name.hasPrefix("."), !excluded.contains(watched.real + "/" + event.name)
      else { continue }
      changed = true
      if event.addsFolder {
        try watchTree(watched.path + "/" + event.name, depth: watched.depth + 1)
      }
    }
    if rescan {
      rootsMissing = true
      _ = try attachRoots()
    }
    return changed
  }

  /// Watches each root (a folder tree, or a file's parent for its name), again when some
  /// were missing; true when a missing root came back.
  @discardableResult
  private func attachRoots() throws(Inotify.Failure) -> Bool {
    let wasMissing = rootsMissing
    rootsMissing = false
    for root in roots {
      if FileSystem.kind(of: root) == .directory {
        try watchTree(root, depth: 0)
        continue
      }
      let folder = Self.parent(of: root)
      let name = String(root.split(separator: "/").last ?? "")
      do {
        let watch = try inotify.watch(folder: folder)
        var watched =
          watches[watch] ?? Watched(path: folder, real: real(folder), depth: 0, names: [])
        watched.names?.insert(name)
        watches[watch] = watched
        if FileSystem.kind(of: root) == .missing { rootsMissing = true }
      } catch .unwatchable {
        rootsMissing = true
      }
    }
    return wasMissing && !rootsMissing
  }

  /// Watches a folder and, recursively, its subfolders but hidden and excluded ones.
  private func watchTree(_ path: String, depth: Int) throws(Inotify.Failure) {
    let realPath = real(path)
    guard depth <= Self.maxDepth, !excluded.contains(realPath) else { return }
    let watch: Int32
    do {
      watch = try inotify.watch(folder: path)
    } catch .unwatchable {
      if depth == 0 { rootsMissing = true }
      return  // gone again, or not readable: nothing to watch there
    }
    if watches[watch] == nil && watches.count >= limit {
      inotify.unwatch(watch)
      throw .limitReached(reason: "more than \(limit) folders")
    }
    watches[watch] = Watched(path: path, real: realPath, depth: depth, names: nil)
    for name in Inotify.subfolders(of: path) where !name.hasPrefix(".") {
      try watchTree(path + "/" + name, depth: depth + 1)
    }
  }

  private func isRootWatch(_ watched: Watched) -> Bool {
    roots.contains { $0 == watched.path || Self.parent(of: $0) == watched.path }
  }

  private func real(_ path: String) -> String { FileSystem.realPath(path) ?? path }

  private static func parent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  private static func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return max(0, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
  }
}

import Foundation
import Synchronization

/// Watches files and folders for changes and calls back once per burst of changes.
///
/// It uses inotify (a watch per folder, added as folders appear) and falls back to polling
/// (comparing a `FileFingerprint` every `interval`) where inotify is missing or its limits are
/// reached. Either way it waits until the files have stopped changing for `quiet` (an editor's
/// save, or an unzip, is many events) and calls `onChange` once, on a thread of its own. Calls
/// are serial: a change made during `onChange` is seen after it returns.
public final class ChangeWatcher: Sendable {
  /// How changes are found.
  public enum Method: Sendable, Equatable, CustomStringConvertible {
    /// inotify, with this many folders watched.
    case inotify(folders: Int)
    /// Polling; the reason says how often and why, e.g. "every 500 ms, as asked".
    case polling(reason: String)

    public var description: String {
      switch self {
      case .inotify(let folders):
        "watching \(folders) folder\(folders == 1 ? "" : "s") with inotify"
      case .polling(let reason): "watching by polling \(reason)"
      }
    }
  }

  /// Which method to try.
  public enum Strategy: Sendable {
    /// inotify, polling when it cannot be used.
    case automatic
    /// Polling only.
    case polling
  }

  private let paths: [String]
  private let excluded: [String]
  private let interval: Duration
  private let quiet: Duration
  private let strategy: Strategy
  private let watchLimit: Int
  private let onChange: @Sendable () -> Void
  private let log: @Sendable (String) -> Void
  private let stopping = Atomic(false)
  private let started = Atomic(false)
  private let finished = DispatchSemaphore(value: 0)
  private let ready = DispatchSemaphore(value: 0)
  private let chosen = Mutex<Method>(.polling(reason: "not started"))
  private let wake = WakePipe()

  /// Creates a watcher; it starts with `start()`.
  /// - Parameter paths: the files and folders watched.
  /// - Parameter excluded: folders inside them to ignore (the output folder).
  /// - Parameter interval: time between polls, when polling.
  /// - Parameter quiet: how long the files must stay unchanged before `onChange` is called.
  /// - Parameter strategy: `.polling` forces polling (tests, or file systems without inotify).
  /// - Parameter watchLimit: the most folders watched with inotify; more count as reaching the
  ///   system's limit (`fs.inotify.max_user_watches`, which applies too), and polling takes over.
  /// - Parameter log: told when the watcher falls back to polling while running.
  /// - Parameter onChange: called on the watcher's thread after a change.
  public init(
    paths: [String], excluding excluded: [String] = [], interval: Duration = .milliseconds(500),
    quiet: Duration = .milliseconds(150), strategy: Strategy = .automatic,
    watchLimit: Int = .max,
    log: @escaping @Sendable (String) -> Void = { _ in },
    onChange: @escaping @Sendable () -> Void
  ) {
    self.paths = paths
    self.excluded = excluded
    self.interval = interval
    self.quiet = quiet
    self.strategy = strategy
    self.watchLimit = watchLimit
    self.log = log
    self.onChange = onChange
  }

  /// The method in use (polling until `start()`).
  public var method: Method { chosen.withLock { $0 } }

  /// Sets up the watches (or takes the first fingerprint) and starts watching.
  /// - Returns: the method in use, for the log.
  @discardableResult
  public func start() -> Method {
    guard !started.exchange(true, ordering: .acquiringAndReleasing) else { return method }
    let thread = Thread { [self] in
      run()
      finished.signal()
    }
    thread.name = "wallgen-watcher"
    thread.start()
    ready.wait()
    return method
  }

  /// Stops watching and waits for a running `onChange` to return.
  public func stop() {
    guard started.load(ordering: .acquiring),
      !stopping.exchange(true, ordering: .acquiringAndReleasing)
    else { return }
    wake.signal()
    finished.wait()
  }

  private var isStopping: Bool { stopping.load(ordering: .acquiring) }

  private func run() {
    let skipped = Set(excluded.compactMap(FileSystem.realPath))
    var reason = "as asked"
    if strategy == .automatic {
      do {
        let watcher = try InotifyWatcher(paths: paths, excluding: skipped, limit: watchLimit)
        chosen.withLock { $0 = .inotify(folders: watcher.folderCount) }
        ready.signal()
        reason = watch(with: watcher)
        if isStopping { return }
        chosen.withLock { $0 = .polling(reason: "\(pollingNote), because \(reason)") }
        log("\(method) from now on")
        poll(from: FileFingerprint(of: []), changed: true)
        return
      } catch {
        reason = "because \(error.description)"
      }
    }
    chosen.withLock { $0 = .polling(reason: "\(pollingNote), \(reason)") }
    let baseline = FileFingerprint(of: paths, excluding: excluded)
    ready.signal()
    poll(from: baseline, changed: false)
  }

  private var pollingNote: String {
    let (seconds, attoseconds) = interval.components
    let milliseconds = Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    return "every \(milliseconds) ms"
  }

  /// Calls back after each burst of inotify events until stopped; the reason when inotify
  /// stops working (the watch limit reached for a new folder).
  private func watch(with watcher: InotifyWatcher) -> String {
    do {
      while try watcher.waitForChange(
        quiet: quiet, longest: .seconds(2), retry: interval, wake: wake,
        stopping: { isStopping })
      {
        onChange()
      }
    } catch {
      return error.description
    }
    return "stopped"
  }

  /// Polls until stopped; `changed` calls back once first (after a fallback from inotify,
  /// when events may have been lost).
  private func poll(from start: FileFingerprint, changed: Bool) {
    var baseline = start
    if changed {
      baseline = settle(FileFingerprint(of: paths, excluding: excluded)) ?? baseline
      if isStopping { return }
      onChange()
    }
    while pause(interval) {
      let current = FileFingerprint(of: paths, excluding: excluded)
      guard current != baseline else { continue }
      guard let settled = settle(current) else { return }
      baseline = settled
      onChange()
    }
  }

  /// Looks again every `quiet` until two looks agree (at most 20 times); nil when stopped.
  private func settle(_ first: FileFingerprint) -> FileFingerprint? {
    var current = first
    for _ in 0..<20 {
      guard pause(quiet) else { return nil }
      let again = FileFingerprint(of: paths, excluding: excluded)
      if again == current { break }
      current = again
    }
    return current
  }

  /// Sleeps for `duration`, or less when `stop()` is called; false once stopping.
  private func pause(_ duration: Duration) -> Bool {
    let deadline = ContinuousClock.now + duration
    while !isStopping && ContinuousClock.now < deadline {
      let (seconds, attoseconds) = (deadline - .now).components
      _ = wake.wait(
        milliseconds: max(1, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)))
    }
    return !isStopping
  }
}

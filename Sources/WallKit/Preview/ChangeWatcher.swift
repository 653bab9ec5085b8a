import Foundation
import Synchronization

/// Polls files and folders for changes.
///
/// It polls every `interval` on a thread of its own, and calls
/// `onChange` once per change, after the files have stopped changing for a moment (an
/// editor's save may take several writes). Calls are serial: a change made during `onChange`
/// is seen at the next poll.
public final class ChangeWatcher: Sendable {
  private let paths: [String]
  private let excluded: [String]
  private let interval: Duration
  private let onChange: @Sendable () -> Void
  private let stopping = Atomic(false)
  private let finished = DispatchSemaphore(value: 0)
  private let started = Atomic(false)

  /// Creates a watcher; it starts with `start()`.
  /// - Parameter paths: the files and folders watched.
  /// - Parameter excluded: folders inside them to ignore (the output folder).
  /// - Parameter interval: time between polls.
  /// - Parameter onChange: called on the watcher's thread after a change.
  public init(
    paths: [String], excluding excluded: [String] = [], interval: Duration = .milliseconds(500),
    onChange: @escaping @Sendable () -> Void
  ) {
    self.paths = paths
    self.excluded = excluded
    self.interval = interval
    self.onChange = onChange
  }

  /// Takes the first fingerprint and starts polling.
  public func start() {
    guard !started.exchange(true, ordering: .acquiringAndReleasing) else { return }
    let baseline = FileFingerprint(of: paths, excluding: excluded)
    let thread = Thread { [self] in
      run(from: baseline)
      finished.signal()
    }
    thread.name = "wallgen-watcher"
    thread.start()
  }

  /// Stops polling and waits for a running `onChange` to return.
  public func stop() {
    guard started.load(ordering: .acquiring),
      !stopping.exchange(true, ordering: .acquiringAndReleasing)
    else { return }
    finished.wait()
  }

  private func run(from start: FileFingerprint) {
    var baseline = start
    while pause(interval) {
      var current = FileFingerprint(of: paths, excluding: excluded)
      guard current != baseline else { continue }
      for _ in 0..<20 {  // settle: until two looks 150 ms apart agree
        guard pause(.milliseconds(150)) else { return }
        let again = FileFingerprint(of: paths, excluding: excluded)
        if again == current { break }
        current = again
      }
      baseline = current
      onChange()
    }
  }

  /// Sleeps for `duration` in short steps; false as soon as `stop()` was called.
  private func pause(_ duration: Duration) -> Bool {
    let deadline = ContinuousClock.now + duration
    while ContinuousClock.now < deadline {
      if stopping.load(ordering: .acquiring) { return false }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return !stopping.load(ordering: .acquiring)
  }
}

import Glibc

/// A pipe that ends a wait from another thread: the change watcher sleeps on it between polls
/// and on it beside its inotify descriptor, and `stop()` signals it.
final class WakePipe: Sendable {
  private let readEnd: Int32
  private let writeEnd: Int32

  /// Opens the pipe (non-blocking, close-on-exec).
  ///
  /// When the system is out of descriptors there is no pipe, and waits last at most 250 ms so
  /// that callers still see their stop flag.
  init() {
    var ends: [Int32] = [-1, -1]
    if pipe(&ends) == 0 {
      for end in ends {
        _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      }
    }
    readEnd = ends[0]
    writeEnd = ends[1]
  }

  deinit {
    if readEnd >= 0 { Glibc.close(readEnd) }
    if writeEnd >= 0 { Glibc.close(writeEnd) }
  }

  /// Ends the current wait, or the next one; it stays signalled (every later wait returns at
  /// once), as the watcher only wakes to stop.
  func signal() {
    var byte: UInt8 = 1
    if writeEnd >= 0 { _ = Glibc.write(writeEnd, &byte, 1) }
  }

  /// Waits up to `milliseconds` (-1: forever) for the signal or for `other` to be readable;
  /// true only when `other` is readable.
  func wait(milliseconds: Int, alsoFor other: Int32 = -1) -> Bool {
    var entries = [
      pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0),
      pollfd(fd: other, events: Int16(POLLIN), revents: 0),
    ]
    let deadline = milliseconds < 0 ? nil : ContinuousClock.now + .milliseconds(milliseconds)
    while true {
      var left = -1
      if let deadline {
        let (seconds, attoseconds) = (deadline - .now).components
        left = max(0, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
      }
      if readEnd < 0 { left = left < 0 ? 250 : min(left, 250) }
      let result = poll(&entries, other >= 0 ? 2 : 1, Int32(clamping: left))
      if result < 0 && errno == EINTR { continue }
      return result > 0 && other >= 0 && entries[1].revents != 0
    }
  }
}

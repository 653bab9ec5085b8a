import Glibc

/// A monotonic clock in nanoseconds, cheap enough to read for every request.
enum Monotonic {
  /// Nanoseconds since an arbitrary start (never 0).
  static var now: UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec) + 1
  }

  /// `milliseconds` in nanoseconds.
  static func milliseconds(_ milliseconds: Int) -> UInt64 {
    UInt64(max(0, milliseconds)) * 1_000_000
  }
}

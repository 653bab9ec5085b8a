/// When to try a file again: exponential backoff from `FetchSettings.retryWait`, or the
/// server's `Retry-After`, never longer than `FetchSettings.maxRetryWait`.
struct RetryPolicy: Sendable {
  let retries: Int
  let base: Double
  let cap: Double

  init(_ settings: FetchSettings) {
    retries = settings.retries
    base = settings.retryWait
    cap = settings.maxRetryWait
  }

  /// Whether a file that has failed `attempts` times (1 after the first) may be tried again.
  func allowsRetry(after attempts: Int) -> Bool { attempts <= retries }

  /// The seconds to wait after the `attempts`-th failed attempt of `url`: `retryAfter` when the
  /// server sent one, else `base` times 2^(attempts-1), stretched by up to a quarter by a hash
  /// of the URL (so that files failing together do not come back together, yet every run
  /// waits the same); at most `cap`.
  func delay(afterAttempt attempts: Int, retryAfter: Int64?, url: String) -> Double {
    if let retryAfter { return min(Double(retryAfter), cap) }
    let exponent = Double(1 << min(max(attempts - 1, 0), 20))
    var hash: UInt32 = 2_166_136_261
    for byte in url.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    let spread = 1 + Double(hash % 256) / 1024
    return min(base * exponent * spread, cap)
  }
}

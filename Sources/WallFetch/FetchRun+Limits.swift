/// The limits of a whole file and of a whole run: `--file-timeout` and `--max-total-bytes`.
extension FetchRun {
  /// Why `job`, whose last attempt failed in a way worth retrying, is given up at its deadline:
  /// the deadline passed (the transfer was cut there), or the next attempt would start after
  /// it, or retries would (with `retryAfter`, the server's wait); nil while there is time.
  func pastDeadline(_ job: FetchJob, retryAfter: Int64?) -> String? {
    guard let deadline = job.deadline else { return nil }
    let wait =
      policy.allowsRetry(after: job.attempts)
      ? policy.delay(afterAttempt: job.attempts, retryAfter: retryAfter, url: job.url) : 0
    let next = ContinuousClock.now + .milliseconds(Int64(wait * 1000))
    return next >= deadline ? deadlineReason(job.lastFailure) : nil
  }

  /// Why a file gave up at its deadline, after `last` went wrong (nil: before any attempt
  /// ended).
  func deadlineReason(_ last: String?) -> String {
    "did not arrive within --file-timeout (\(Self.seconds(settings.fileTimeout)) s)"
      + (last.map { "; the last attempt: \($0)" } ?? "")
  }

  /// The run's cap, reached.
  var budgetReason: String {
    "the run reached its cap of \(settings.maxTotalBytes) bytes (--max-total-bytes)"
  }

  /// `1` for 1.0, `0.5` for 0.5.
  static func seconds(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
  }
}

import Testing

@testable import WallFetch

/// How long `wallgen fetch` waits before a retry: the arithmetic the fault-server tests rely
/// on, checked without a clock.
@Suite struct RetryPolicyTests {
  private func policy(retries: Int = 3, wait: Double = 1, cap: Double = 60) -> RetryPolicy {
    var settings = FetchSettings(export: "e")
    settings.retries = retries
    settings.retryWait = wait
    settings.maxRetryWait = cap
    return RetryPolicy(settings)
  }

  @Test("a Retry-After is waited as asked, not the shorter backoff")
  func retryAfter() {
    #expect(policy(wait: 0.05).delay(afterAttempt: 1, retryAfter: 1, url: "http://h/d") == 1)
  }

  @Test("a Retry-After longer than --max-retry-wait is cut to it")
  func capped() {
    #expect(policy(cap: 0.2).delay(afterAttempt: 1, retryAfter: 3600, url: "http://h/e") == 0.2)
  }

  @Test("without one, the wait doubles each attempt, spread by at most a quarter, at most the cap")
  func backoff() {
    let policy = policy(wait: 1, cap: 60)
    for attempt in 1...4 {
      let delay = policy.delay(afterAttempt: attempt, retryAfter: nil, url: "http://h/f")
      let base = Double(1 << (attempt - 1))
      #expect(delay >= base && delay <= base * 1.25, "attempt \(attempt): \(delay)")
      #expect(delay == policy.delay(afterAttempt: attempt, retryAfter: nil, url: "http://h/f"))
    }
    #expect(policy.delay(afterAttempt: 20, retryAfter: nil, url: "http://h/f") == 60)
    #expect(policy.allowsRetry(after: 3) && !policy.allowsRetry(after: 4))
  }
}

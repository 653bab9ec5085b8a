import Dispatch
import Synchronization

/// Runs independent work items on a bounded number of threads, keeping results in input order.
public enum ParallelWork {
  /// Calls `body` for every index in `0..<count` on at most `jobs` threads and returns the
  /// results in index order, whatever order they finished in.
  public static func map<Value: Sendable>(
    count: Int, jobs: Int, progress: (any BuildProgress)? = nil, _ body: @Sendable (Int) -> Value
  ) -> [Value] {
    guard count > 0 else { return [] }
    let next = Atomic<Int>(0)
    let slots = Mutex<[Value?]>([Value?](repeating: nil, count: count))
    DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, count))) { _ in
      while true {
        let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
        guard index < count else { return }
        let result = body(index)
        slots.withLock { $0[index] = result }
        progress?.advanced()
      }
    }
    return slots.withLock { $0.compactMap { $0 } }
  }

  /// Runs `first` and `second` at the same time when `jobs` allows two threads, one after the
  /// other otherwise, and returns both results.
  public static func both<A: Sendable, B: Sendable>(
    jobs: Int, _ first: @Sendable () -> A, _ second: @Sendable () -> B
  ) -> (A, B) {
    guard jobs > 1 else { return (first(), second()) }
    let results = Mutex<(A?, B?)>((nil, nil))
    DispatchQueue.concurrentPerform(iterations: 2) { which in
      if which == 0 {
        let value = first()
        results.withLock { $0.0 = value }
      } else {
        let value = second()
        results.withLock { $0.1 = value }
      }
    }
    return results.withLock { results in
      // Both closures have run; the optionals are only how the threads hand their results back.
      guard let a = results.0, let b = results.1 else { return (first(), second()) }
      return (a, b)
    }
  }
}

import Dispatch
import Synchronization

/// Runs independent work items on a bounded number of threads, keeping results in input order.
public enum ParallelWork {
  /// Calls `body` for every index in `0..<count` on at most `jobs` threads and returns the
  /// results in index order, whatever order they finished in.
  public static func map<Result: Sendable>(
    count: Int, jobs: Int, progress: (any BuildProgress)? = nil, _ body: @Sendable (Int) -> Result
  ) -> [Result] {
    guard count > 0 else { return [] }
    let next = Atomic<Int>(0)
    let slots = Mutex<[Result?]>([Result?](repeating: nil, count: count))
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
}

import Synchronization
import WallSupport

/// Progress that times each step of a build and passes every event on to another reporter.
///
/// `wallgen build --json` reports these times, so a benchmark can tell the render rate from the
/// media rate without parsing progress lines.
public final class StepTimer: BuildProgress {
  private struct State {
    var current: (step: String, started: ContinuousClock.Instant)?
    var seconds: [(step: String, seconds: Double)] = []
  }

  private let inner: any BuildProgress
  private let state = Mutex(State())

  /// Creates a timer that forwards to `inner`.
  /// - Parameter inner: The reporter that shows progress (`SilentProgress()` for none).
  public init(forwardingTo inner: any BuildProgress) {
    self.inner = inner
  }

  /// The steps that finished, in order, with how long each took in seconds.
  public var steps: [(step: String, seconds: Double)] {
    state.withLock { $0.seconds }
  }

  public func started(step: String, number: Int, of steps: Int, total: Int) {
    state.withLock { $0.current = (step, .now) }
    inner.started(step: step, number: number, of: steps, total: total)
  }

  public func counting(_ total: Int) {
    inner.counting(total)
  }

  public func advanced() {
    inner.advanced()
  }

  public func finished() {
    state.withLock { state in
      if let current = state.current {
        state.seconds.append(
          (current.step, ConsoleProgress.seconds(ContinuousClock.now - current.started)))
      }
      state.current = nil
    }
    inner.finished()
  }
}

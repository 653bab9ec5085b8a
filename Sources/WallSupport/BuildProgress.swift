/// Receives a build's progress: which step runs, and how far along it is.
public protocol BuildProgress: Sendable {
  /// A step starts; `total` is its item count (0 when it has no countable items).
  func started(step: String, number: Int, of steps: Int, total: Int)
  /// The current step turns out to have `total` items (known only once it has looked).
  func counting(_ total: Int)
  /// One more item of the current step is done. Called from worker threads.
  func advanced()
  /// The current step is done.
  func finished()
}

extension BuildProgress {
  /// Ends the previous step of `steps` (if `step` is not the first) and starts `step`.
  package func announce(_ step: BuildStep, of steps: [BuildStep], total: Int = 0) {
    let position = (steps.firstIndex(of: step) ?? 0) + 1
    if position > 1 { finished() }
    started(step: step.rawValue, number: position, of: steps.count, total: total)
  }
}

/// Progress that goes nowhere (quiet builds and tests).
public struct SilentProgress: BuildProgress {
  public init() {}
  public func started(step: String, number: Int, of steps: Int, total: Int) {}
  public func counting(_ total: Int) {}
  public func advanced() {}
  public func finished() {}
}

/// Progress of a step done in pieces whose item count the caller gave for the whole step:
/// each piece's own `counting` is ignored, the rest goes to `progress`.
package struct WholeStepProgress: BuildProgress {
  let progress: any BuildProgress

  /// Forwards to `progress`, but for `counting`.
  package init(_ progress: any BuildProgress) { self.progress = progress }

  package func started(step: String, number: Int, of steps: Int, total: Int) {
    progress.started(step: step, number: number, of: steps, total: total)
  }
  package func counting(_ total: Int) {}
  package func advanced() { progress.advanced() }
  package func finished() { progress.finished() }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A test hook: a run that stops for good when a named step starts, after writing a marker
/// file, so that a test can kill it at a known point instead of racing its end.
///
/// Set by `WALLGEN_TEST_PAUSE_AT=STEP` (a step some command announces, `BuildStep`, such as
/// `render`) together with `WALLGEN_TEST_PAUSE_MARKER=FILE`; with either missing there is no
/// pause, and a step of no command's list is named in a warning (`fromEnvironment`). The run waits at
/// most `limit` seconds, then goes on.
public struct StepPause: Sendable, Equatable {
  /// The step whose start pauses the run.
  public var step: BuildStep
  /// The file written (holding the step's name) once the run has paused.
  public var marker: String
  /// The longest pause, in seconds, so a run no test kills still ends.
  public var limit: UInt32 = 600

  /// A pause at `step` announced by `marker`.
  /// - Parameters:
  ///   - step: The progress step whose start pauses the run.
  ///   - marker: The file written once paused.
  public init(step: BuildStep, marker: String) {
    self.step = step
    self.marker = marker
  }

  /// The pause the environment asks for, or nil; a `WALLGEN_TEST_PAUSE_AT` that is no step is
  /// told to `warn` with the steps there are (a test waiting for that pause would wait until
  /// its own time limit).
  static func fromEnvironment(warn: (String) -> Void) -> StepPause? {
    guard let name = getenv("WALLGEN_TEST_PAUSE_AT").map({ String(cString: $0) }),
      let marker = getenv("WALLGEN_TEST_PAUSE_MARKER").map({ String(cString: $0) }),
      !name.isEmpty, !marker.isEmpty
    else { return nil }
    guard let step = BuildStep(rawValue: name), step.isAnnounced else {
      let steps = BuildStep.allCases.filter(\.isAnnounced).map(\.rawValue)
      warn(
        "warning: WALLGEN_TEST_PAUSE_AT='\(name)' is no step, so the run does not pause; the "
          + "steps are " + steps.joined(separator: ", "))
      return nil
    }
    return StepPause(step: step, marker: marker)
  }

  /// Writes the marker and sleeps for `limit` seconds (or until killed).
  func hold() {
    try? FileSystem.writeAtomically(step.rawValue + "\n", to: marker)
    var left = limit
    while left > 0 { left = sleep(left) }
  }
}

/// Progress that holds the run at the start of one step (`StepPause`), passing every event on.
final class PausingProgress: BuildProgress {
  private let inner: any BuildProgress
  private let pause: StepPause

  /// Progress that forwards to `inner` and holds at `pause.step`.
  init(forwardingTo inner: any BuildProgress, pause: StepPause) {
    self.inner = inner
    self.pause = pause
  }

  func started(step: String, number: Int, of steps: Int, total: Int) {
    inner.started(step: step, number: number, of: steps, total: total)
    if step == pause.step.rawValue { pause.hold() }
  }

  func counting(_ total: Int) { inner.counting(total) }
  func advanced() { inner.advanced() }
  func finished() { inner.finished() }
}

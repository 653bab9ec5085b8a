import Foundation
import Synchronization
import WallSupport

/// Progress on standard error: on a terminal, one live line per step (count/total, rate,
/// ETA), redrawn at most ten times a second; elsewhere, a plain line every few seconds while a
/// long step runs, and one when each step ends.
public final class ConsoleProgress: BuildProgress {
  private struct State {
    var step = ""
    var label = ""
    var total = 0
    var done = 0
    var started = ContinuousClock.now
    var lastDrawn = ContinuousClock.now
  }

  private let state = Mutex(State())
  private let write: @Sendable (String) -> Void
  private let live: Bool
  private let bold: Bool

  /// Creates a reporter writing through `write` (without a newline for live redraws).
  /// - Parameters:
  ///   - live: redraw one line in place (a terminal); otherwise print plain lines.
  ///   - colour: embolden step names (off when `NO_COLOR` is set or not a terminal).
  public init(live: Bool, colour: Bool, write: @escaping @Sendable (String) -> Void) {
    self.live = live
    self.bold = colour && live
    self.write = write
  }

  public func started(step: String, number: Int, of steps: Int, total: Int) {
    let line = state.withLock { state -> String in
      state = State(step: step, label: "[\(number)/\(steps)] \(step)", total: total)
      return state.label
    }
    if live { write("\r\u{1B}[2K" + decorate(line)) }
  }

  public func counting(_ total: Int) {
    state.withLock { $0.total = total }
  }

  public func advanced() {
    let line = state.withLock { state -> String? in
      state.done += 1
      let now = ContinuousClock.now
      let interval: Duration = live ? .milliseconds(100) : .seconds(5)
      guard now - state.lastDrawn >= interval, state.done < state.total else { return nil }
      state.lastDrawn = now
      return describe(state, now: now)
    }
    if let line { write(live ? "\r\u{1B}[2K" + line : line + "\n") }
  }

  public func finished() {
    let line = state.withLock { state in describe(state, now: .now, final: true) }
    write(live ? "\r\u{1B}[2K" + line + "\n" : line + "\n")
  }

  private func decorate(_ label: String) -> String {
    bold ? "\u{1B}[1m\(label)\u{1B}[0m" : label
  }

  private func describe(_ state: State, now: ContinuousClock.Instant, final: Bool = false) -> String
  {
    let seconds = Self.seconds(now - state.started)
    guard state.total > 0 else {
      return decorate(state.label) + (final ? String(format: " done in %.1fs", seconds) : "")
    }
    let rate = seconds > 0 ? Double(state.done) / seconds : 0
    var line = decorate(state.label) + " \(state.done)/\(state.total)"
    line += String(format: " (%.1f/s", rate)
    if final {
      line += String(format: ", %.1fs)", seconds)
    } else if rate > 0 {
      line += String(format: ", ETA %.0fs)", Double(state.total - state.done) / rate)
    } else {
      line += ")"
    }
    return line
  }

  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}

import WallFetch
import WallReport
import WallSupport

/// The progress of `wallgen fetch` on standard error.
///
/// On a terminal, one live line (files, bytes, rate, ETA) redrawn about ten times a second;
/// elsewhere a plain line every five seconds. Failures and warnings are printed as they
/// happen, and a summary at the end.
final class FetchConsoleProgress: FetchProgress {
  private let live: Bool
  private let quiet: Bool
  private let console: Console
  private let started = ContinuousClock.now
  private var lastPlain = ContinuousClock.now
  private var drawn = false

  /// Creates a reporter.
  /// - Parameters:
  ///   - live: redraw one line in place (a terminal).
  ///   - quiet: print only failures and warnings.
  ///   - console: where to write.
  init(live: Bool, quiet: Bool, console: Console) {
    self.live = live
    self.quiet = quiet
    self.console = console
  }

  func started(total: Int) {
    if !quiet { console.err("fetch: \(WallCLI.count(total, "file")) linked") }
  }

  func progressed(done: Int, total: Int, bytes: Int64) {
    guard !quiet else { return }
    let line = Self.line(done: done, total: total, bytes: bytes, seconds: elapsed)
    if live {
      console.errRaw("\r\u{1B}[2K" + line)
      drawn = true
    } else if ContinuousClock.now - lastPlain >= .seconds(5) {
      lastPlain = .now
      console.err(line)
    }
  }

  func noted(_ record: FetchRecord) {
    clearLine()
    console.err(TerminalText.escaped(record.description))
  }

  func finished(_ result: FetchResult) {
    clearLine()
    guard !quiet else { return }
    console.err(
      "fetched \(WallCLI.count(result.arrived, "file")) (\(Self.bytes(result.bytes)))"
        + ", \(result.present) already there"
        + (result.unchecked == 0
          ? "" : " (\(result.unchecked) not checked: their host did not answer)")
        + ", \(result.failed) failed"
        + " in \(Self.decimal(result.seconds)) s")
  }

  private var elapsed: Double { ConsoleProgress.seconds(ContinuousClock.now - started) }

  private func clearLine() {
    guard drawn else { return }
    console.errRaw("\r\u{1B}[2K")
    drawn = false
  }

  /// `fetch 12/40 files, 3.2 MiB, 1.1 MiB/s, ETA 20 s`: the ETA from the files' rate.
  static func line(done: Int, total: Int, bytes: Int64, seconds: Double) -> String {
    var line = "fetch \(done)/\(total) files, \(Self.bytes(bytes))"
    guard seconds > 0 else { return line }
    line += ", \(Self.bytes(Int64(Double(bytes) / seconds)))/s"
    if done > 0 && done < total {
      line += ", ETA \(Int((Double(total - done) * seconds / Double(done)).rounded())) s"
    }
    return line
  }

  /// `512 B`, `3.2 KiB`, `1.1 MiB`, `2.0 GiB`.
  static func bytes(_ count: Int64) -> String {
    let units = ["KiB", "MiB", "GiB", "TiB"]
    guard count >= 1024 else { return "\(count) B" }
    var value = Double(count) / 1024
    var unit = 0
    while value >= 1024 && unit < units.count - 1 {
      value /= 1024
      unit += 1
    }
    return "\(decimal(value)) \(units[unit])"
  }

  /// One decimal, without Foundation's `String(format:)`.
  static func decimal(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }
}

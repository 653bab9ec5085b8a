import WallSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the CLI writes: standard output and standard error, replaceable in tests.
public struct Console: Sendable {
  /// Writes a line to standard output.
  public var out: @Sendable (String) -> Void
  /// Writes a line to standard error.
  public var err: @Sendable (String) -> Void
  /// Whether standard error is a terminal (live progress lines only then).
  public var errIsTerminal: Bool
  /// Whether `NO_COLOR` asks for plain output.
  public var noColor: Bool
  /// Writes text to standard error as is (no newline added), for live progress lines.
  public var errRaw: @Sendable (String) -> Void
  /// A step at which builds hold, for tests that kill them there (`StepPause`); nil for none.
  public var pause: StepPause?

  /// Creates a console from two line writers.
  public init(
    out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
    errIsTerminal: Bool = false, noColor: Bool = true
  ) {
    self.out = out
    self.err = err
    self.errIsTerminal = errIsTerminal
    self.noColor = noColor
    self.errRaw = { text in err(text.hasSuffix("\n") ? String(text.dropLast()) : text) }
  }

  /// The process's standard output and error.
  public static var standard: Console {
    var console = Console(
      out: { line in FileSystem.writeAll(line + "\n", to: STDOUT_FILENO) },
      err: { line in FileSystem.writeAll(line + "\n", to: STDERR_FILENO) },
      errIsTerminal: isatty(STDERR_FILENO) == 1,
      noColor: getenv("NO_COLOR").map { $0.pointee != 0 } ?? false)
    console.errRaw = { text in FileSystem.writeAll(text, to: STDERR_FILENO) }
    console.pause = StepPause.fromEnvironment { FileSystem.writeAll($0 + "\n", to: STDERR_FILENO) }
    return console
  }
}

extension Console {
  /// Build progress on standard error (live on a terminal, plain otherwise), or none.
  ///
  /// It holds at `pause` when that is set.
  public func buildProgress(quiet: Bool) -> any BuildProgress {
    let shown: any BuildProgress =
      quiet
      ? SilentProgress() : ConsoleProgress(live: errIsTerminal, colour: !noColor, write: errRaw)
    guard let pause else { return shown }
    return PausingProgress(forwardingTo: shown, pause: pause)
  }
}

import WallReport
import WallSite
import WallSupport

extension WallCLI {
  /// What a command run with `--wait` prints once, before it waits for the wallgen writing
  /// into its output.
  /// - Parameter output: The output folder, as given.
  /// - Parameter console: Where to print.
  static func waitingNotice(output: String, console: Console)
    -> @Sendable ([OutputLockHolder]) -> Void
  {
    { holders in
      console.err(
        TerminalText.escaped(
          "waiting: the output '\(output)' is being written by "
            + "\(OutputLockHolder.naming(holders)); waiting for it to finish"))
    }
  }
}

extension OutputPlacementError {
  /// The exit code of a command whose output was refused: 75 (`EX_TEMPFAIL`) when another
  /// wallgen is writing into it, 1 when its lock cannot be taken, else 64.
  var exitCode: WallCLI.ExitCode {
    switch self {
    case .busy: .temporaryFailure
    case .unlockable: .failure
    default: .usage
    }
  }
}

/// A command line that cannot be understood; exits with 64 (EX_USAGE).
public struct UsageError: Error, Equatable, CustomStringConvertible {
  /// What is wrong, quoting the bad argument.
  public var message: String
  /// The command whose help to point at, or nil for the general help.
  public var command: String?

  /// Creates an error.
  public init(_ message: String, command: String? = nil) {
    self.message = message
    self.command = command
  }

  public var description: String {
    let help = command.map { "wallgen \($0) --help" } ?? "wallgen --help"
    return "error: \(message)\nhint: see '\(help)'"
  }
}

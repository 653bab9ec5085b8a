/// One thing wrong with the input, found by any stage: where, which object, and why.
public struct Problem: Sendable, Hashable, CustomStringConvertible {
  /// How bad it is.
  public enum Severity: String, Sendable, Hashable, Comparable {
    /// Something of the export is lost or cannot be shown.
    case error
    /// Taken as written, but probably not what the app meant.
    case warning

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
      lhs == .error && rhs == .warning
    }
  }

  /// Error or warning.
  public var severity: Severity
  /// The file, relative to the export root (for example `WallImage.json`, `files/tfss-1-img`).
  public var file: String
  /// The Parse class concerned (for example `WallImage`), or "" when none applies.
  public var className: String
  /// The object concerned, or "" when none applies.
  public var objectId: String
  /// One sentence saying what is wrong, quoting the bad value.
  public var reason: String

  /// Creates a problem.
  public init(
    _ severity: Severity, file: String, className: String = "", objectId: String = "",
    reason: String
  ) {
    self.severity = severity
    self.file = file
    self.className = className
    self.objectId = objectId
    self.reason = reason
  }

  /// `<file>: <Class> <objectId>: <reason>`, leaving out what is empty.
  ///
  /// Safe to print on a terminal: control and bidirectional characters from the export are
  /// shown escaped (`TerminalText`). The JSON report keeps the exact text.
  public var description: String {
    let subject = [className, objectId].filter { !$0.isEmpty }.joined(separator: " ")
    let prefix = severity == .warning ? "warning: " : ""
    return TerminalText.escaped(
      subject.isEmpty
        ? "\(file): \(prefix)\(reason)" : "\(file): \(subject): \(prefix)\(reason)")
  }
}

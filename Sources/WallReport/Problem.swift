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
  /// 0 for a problem of its own; for a line that counts problems of one kind in one file
  /// which a `ProblemReport` does not list (`… and 5,592,297 more friends without an id`),
  /// how many it counts.
  public var omitted: Int

  /// Creates a problem, or with `omitted`, a line counting problems that are not listed.
  public init(
    _ severity: Severity, file: String, className: String = "", objectId: String = "",
    reason: String, omitted: Int = 0
  ) {
    self.severity = severity
    self.file = file
    self.className = className
    self.objectId = objectId
    self.reason = reason
    self.omitted = omitted
  }

  /// How many problems the line stands for: 1, or `omitted` for a line that counts them.
  public var problemCount: Int { omitted > 0 ? omitted : 1 }

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

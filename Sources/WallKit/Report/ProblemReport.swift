/// The problems met by a stage, in the order found, with helpers to print and count them.
public struct ProblemReport: Sendable {
  /// Every problem, in the order found.
  public private(set) var problems: [Problem] = []

  /// Creates an empty report.
  public init() {}

  /// Adds an error.
  public mutating func error(
    _ file: String, _ className: String = "", _ objectId: String = "", _ reason: String
  ) {
    problems.append(
      Problem(.error, file: file, className: className, objectId: objectId, reason: reason))
  }

  /// Adds a warning.
  public mutating func warning(
    _ file: String, _ className: String = "", _ objectId: String = "", _ reason: String
  ) {
    problems.append(
      Problem(.warning, file: file, className: className, objectId: objectId, reason: reason))
  }

  /// Adds problems found elsewhere.
  public mutating func append(contentsOf other: [Problem]) {
    problems.append(contentsOf: other)
  }

  /// How many errors.
  public var errorCount: Int { problems.count { $0.severity == .error } }
  /// How many warnings.
  public var warningCount: Int { problems.count { $0.severity == .warning } }

  /// The problems sorted by file, class, objectId and reason (byte order), for stable output.
  public var sorted: [Problem] {
    problems.sorted { a, b in
      if a.file != b.file { return a.file.utf8.lexicographicallyPrecedes(b.file.utf8) }
      if a.className != b.className {
        return a.className.utf8.lexicographicallyPrecedes(b.className.utf8)
      }
      if a.objectId != b.objectId {
        return a.objectId.utf8.lexicographicallyPrecedes(b.objectId.utf8)
      }
      return a.reason.utf8.lexicographicallyPrecedes(b.reason.utf8)
    }
  }
}

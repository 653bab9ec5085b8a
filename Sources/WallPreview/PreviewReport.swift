import WallJSON
import WallReport
import WallSupport

/// What the last build of a preview found, as `serve` prints it and open pages show it.
///
/// Either the problems of a build that completed (the lines `wallgen build` prints), or why a
/// rebuild failed as a whole while the pages of the last good build stay served. The lines are
/// capped at `lineLimit`, the rest counted in a last "… and N more" line.
public struct PreviewReport: Sendable, Equatable {
  /// At most this many problem lines are kept; the others are counted.
  public static let lineLimit = 50

  /// The heading: "2 errors, 1 warning" or "the rebuild failed; …".
  public var title: String
  /// The lines to show, capped, ending with "… and N more" when some were left out.
  public var lines: [String]
  /// Whether the last rebuild failed as a whole (the pages served are older).
  public var failed: Bool

  /// A build that found nothing to report.
  public static let clean = PreviewReport(title: "", lines: [], failed: false)

  /// Creates a report from its parts.
  public init(title: String, lines: [String], failed: Bool) {
    self.title = title
    self.lines = lines
    self.failed = failed
  }

  /// The report of a build that completed with `problems`.
  /// - Parameter problems: Everything the build reported, in the order to print.
  public init(problems: [Problem]) {
    let errors = problems.reduce(0) { $0 + ($1.severity == .error ? $1.problemCount : 0) }
    let warnings = problems.reduce(0) { $0 + $1.problemCount } - errors
    self.init(
      title: problems.isEmpty
        ? "" : "\(NumberText.counted(errors, "error")), \(NumberText.counted(warnings, "warning"))",
      lines: Self.capped(problems.map(\.description)), failed: false)
  }

  /// The report of a rebuild that could not complete.
  /// - Parameter lines: What was printed about it: the import's problems, the error, a hint.
  public init(failure lines: [String]) {
    self.init(
      title: "the rebuild failed; the pages shown are those of the last good build",
      lines: Self.capped(lines), failed: true)
  }

  /// Whether there is nothing to show.
  public var isClean: Bool { lines.isEmpty && !failed }

  /// `lines` cut to `limit`, with a last line counting what was left out.
  /// - Parameter lines: Every line.
  /// - Parameter limit: How many to keep at most.
  public static func capped(_ lines: [String], limit: Int = lineLimit) -> [String] {
    guard lines.count > limit else { return lines }
    let rest = lines.count - limit
    return Array(lines.prefix(limit))
      + ["… and \(rest) more (\(rest == 1 ? "it is" : "all are") listed by 'wallgen check')"]
  }

  /// A short digest of the report, so that a page can tell one report from another (a report
  /// dismissed on a page stays dismissed until it changes).
  public var id: String {
    isClean
      ? "" : String(Hex.encode(SHA256.digest(Array(json(id: false).serialized.utf8))).prefix(12))
  }

  /// The report as JSON: `{"failed", "id", "lines", "title"}`; safe to embed in HTML (`<`,
  /// `>` and `&` are escaped as `\u003c` and so on).
  public var json: JSONValue { json(id: true) }

  private func json(id withID: Bool) -> JSONValue {
    var members: [String: JSONValue] = [
      "title": .string(title), "lines": .array(lines.map(JSONValue.string)),
      "failed": .bool(failed),
    ]
    if withID { members["id"] = .string(id) }
    return .object(members)
  }
}

import WallModel
import WallReport

/// What `SiteBuilder.build()` did: its summary, the problems it met, and where the walls are.
public struct BuildResult: Sendable {
  /// The counts of the summary line.
  public var summary: BuildSummary
  /// Every problem met, of the export, its images and the build.
  public var report: ProblemReport
  /// The site-relative path of each wall's first page, by owner objectId.
  public var wallPages: [String: String] = [:]
  /// The newest `createdAt` of what the site shows (its images and their comments); nil when
  /// it shows none, or for a sharded build.
  public var newest: Timestamp?

  /// Creates a result from its parts.
  package init(
    summary: BuildSummary, report: ProblemReport, wallPages: [String: String] = [:],
    newest: Timestamp? = nil
  ) {
    self.summary = summary
    self.report = report
    self.wallPages = wallPages
    self.newest = newest
  }
}

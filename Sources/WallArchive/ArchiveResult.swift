import WallReport

/// What `Archiver.run()` wrote, and the problems it met.
public struct ArchiveResult: Sendable {
  /// The bundles, by owner objectId.
  public var bundles: [Archiver.Bundle]
  /// Problems of the export and its images.
  public var report: ProblemReport
}

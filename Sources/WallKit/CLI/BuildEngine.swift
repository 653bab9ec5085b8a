import WallPlan
import WallSite
import WallSupport

/// Which engine builds a site from an export (`--engine` of `build` and `serve`).
public enum BuildEngine: String, Sendable, Equatable, CaseIterable {
  /// The export imported into memory, the site staged and published (`SiteBuilder`).
  case memory
  /// The plan engine in one process (`PlanEngineBuild`): plan, shard 0/1, finalize, staged and
  /// published; its memory does not grow with the export.
  case plan

  /// The engine of a build that names none.
  public static let standard = BuildEngine.memory

  /// Builds the site `settings` describe on this engine: what `build` and every rebuild of
  /// `serve` run.
  /// - Throws: `PlanError`: `.build` with what a build from an export refuses or fails with
  ///   (all the in-memory engine throws), or the plan engine's own errors.
  func build(_ settings: SiteBuilder.Settings, progress: any BuildProgress) throws(PlanError)
    -> BuildResult
  {
    switch self {
    case .memory:
      do {
        return try SiteBuilder(settings: settings, progress: progress).build()
      } catch {
        throw .build(error)
      }
    case .plan:
      return try PlanEngineBuild(settings: settings, progress: progress).build()
    }
  }
}

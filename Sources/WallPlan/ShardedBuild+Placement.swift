import WallSite
import WallSupport

extension ShardedBuild {
  /// Claims the site folder of a shard or of the finalize step (`OutputPlacement.claim`), for
  /// the export the plan names: the same refusals as a one-process build, before anything is
  /// written, and the output's lock.
  /// - Parameter settings: The build's settings (output, state folder, `force`, `--wait`).
  /// - Parameter export: The export the plan was made from.
  /// - Parameter lock: Shared for a shard, exclusive for finalize.
  /// - Returns: The output's lock, to release when the step is done.
  /// - Throws: `PlanError.build(.placement(_))`.
  static func claimOutput(
    _ settings: SiteBuilder.Settings, export: String, lock: OutputLock.Mode = .exclusive
  ) throws(PlanError) -> OutputLock {
    do {
      return try OutputPlacement.claim(settings, export: export, lock: lock)
    } catch {
      throw .build(.placement(error))
    }
  }
}

import WallSite

extension ShardedBuild {
  /// Claims the site folder of a shard or of the finalize step (`OutputPlacement.claim`), for
  /// the export the plan names: the same refusals as a one-process build, before anything is
  /// written.
  /// - Parameter settings: The build's settings (output, state folder, `force`).
  /// - Parameter export: The export the plan was made from.
  /// - Throws: `PlanError.build(.placement(_))`.
  static func claimOutput(_ settings: SiteBuilder.Settings, export: String) throws(PlanError) {
    do {
      try OutputPlacement.claim(settings, export: export)
    } catch {
      throw .build(.placement(error))
    }
  }
}

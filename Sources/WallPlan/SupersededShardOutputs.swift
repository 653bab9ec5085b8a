import WallSite
import WallSupport

/// The shard records that a run of another shard count set aside, and the files they list, as
/// the finalize step replaces them (`SiteBuilder.finishSite`): what they list and this build
/// does not goes, then the records.
struct SupersededShardOutputs: ReplacedOutputs {
  /// Removes what the records set aside list and `manifest` does not, then the records.
  func discard(keeping manifest: BuildManifest, siteRoot: String, stateRoot: String)
    throws(WriteError) -> Int
  {
    let superseded = ShardRecords.supersededClaims(stateRoot: stateRoot)
    let removed =
      superseded.isEmpty
      ? 0
      : try manifest.prune(
        previous: BuildManifest(
          files: superseded.siteFiles(siteRoot: siteRoot), records: superseded.records),
        siteRoot: siteRoot, stateRoot: stateRoot)
    try ShardRecords.removeSuperseded(stateRoot: stateRoot)
    return removed
  }
}

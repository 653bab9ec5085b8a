import WallSite
import WallSupport

/// The shard records that a run of another shard count set aside, and the files they list, as
/// the finalize step replaces them (`SiteBuilder.finishSite`): what they list and this build
/// does not goes, then the records.
struct SupersededShardOutputs: ReplacedOutputs {
  /// Removes what the records set aside list and `manifest` does not, then the records.
  func discard(keeping manifest: ManifestLines, siteRoot: String, stateRoot: String)
    throws(WriteError) -> Int
  {
    let removed = try ShardRecords.remove(
      claimsOf: ShardRecord.all(stateRoot: stateRoot).filter { $0.superseded }, keeping: manifest,
      siteRoot: siteRoot, stateRoot: stateRoot)
    try ShardRecords.removeSuperseded(stateRoot: stateRoot)
    return removed
  }
}

import WallSite
import WallSupport

/// The shard records of an output and the files they list, as a one-process build replaces
/// them (`ShardRecords.discard`).
public struct ShardRecordOutputs: ReplacedOutputs {
  /// Creates the cleanup.
  public init() {}

  /// Removes what the shard records list and `manifest` does not, then the records.
  public func discard(keeping manifest: ManifestLines, siteRoot: String, stateRoot: String)
    throws(WriteError) -> Int
  {
    try ShardRecords.discard(keeping: manifest, siteRoot: siteRoot, stateRoot: stateRoot)
  }
}

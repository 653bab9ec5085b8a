import WallSupport

/// What another kind of build (a sharded one) left in an output, which a one-process build
/// replaces once it has published: the files it wrote that this build does not make, and its
/// records.
///
/// The one-process build knows only this protocol; the sharded build, a later stage, provides
/// the implementation (`ShardRecordOutputs`), so that no stage reaches forward.
public protocol ReplacedOutputs: Sendable {
  /// Removes what the other build wrote and `manifest` (the new build's, as sorted manifest
  /// lines) does not list, then its records.
  /// - Returns: How many site files were removed.
  /// - Throws: `WriteError` when a file or record cannot be removed.
  func discard(keeping manifest: ManifestLines, siteRoot: String, stateRoot: String)
    throws(WriteError) -> Int
}

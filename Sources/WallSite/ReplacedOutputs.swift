import WallSupport

/// What another kind of build (a sharded one) left in an output, which a one-process build
/// replaces once it has published: the files it wrote that this build does not make, and its
/// records.
///
/// The one-process build knows only this protocol; the sharded build, a later stage, provides
/// the implementation (`ShardRecordOutputs`), so that no stage reaches forward.
public protocol ReplacedOutputs: Sendable {
  /// Removes what the other build wrote and `manifest` does not list, then its records.
  /// - Returns: How many site files were removed.
  /// - Throws: `WriteError` when a file or record cannot be removed.
  func discard(keeping manifest: BuildManifest, siteRoot: String, stateRoot: String)
    throws(WriteError) -> Int
}

import WallSite
import WallSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ShardFinalizer {
  /// Where a staged build's shard records are, in the staging folder's state tree.
  static func recordsRoot(staging: StagingArea) -> String {
    String(staging.stagedPath("", in: .state).dropLast())
  }

  /// Publishes what the build staged (`PlanEngineBuild`), as a one-process build publishes:
  /// the last build's record is taken away (a build killed while publishing must not leave a
  /// record that calls the site complete), the manifest is widened to the files about to be
  /// placed (so the next build prunes them whatever happens), then the site's files are placed
  /// (media, assets, walls, then the index: `SiteBuilder.publishOrder`) and the state's.
  ///
  /// The staging folder is walked, not listed (`StagingCommit.placeAll`), and the manifests
  /// are read as streams: the memory does not grow with the site. Until the last file is
  /// placed, a failure is rolled back, and the site and the state folder's record and manifest
  /// are as they were.
  /// - Parameters:
  ///   - staging: The staging folder.
  ///   - manifest: The new manifest, written beside its place (`writeManifest`).
  ///   - stateRoot: The state folder.
  /// - Throws: `PlanError.write` with step `publish` (rolled back).
  func publish(_ staging: StagingArea, manifest: String, stateRoot: String) throws(PlanError) {
    progress.announce(.publish, of: BuildStep.build)
    let commit = StagingCommit(area: staging)
    do {
      try commit.prepare(folders: [settings.output, stateRoot])
      try commit.remove(BuildRecord.fileName, in: .state)
      if try Self.widenManifest(manifest, staging: staging, stateRoot: stateRoot) {
        try commit.place(BuildManifest.fileName, in: .state)
      }
      try commit.placeAll(in: .site) { name, isFolder in
        SiteBuilder.publishOrder(isFolder ? "\(name)/" : name)
      }
      try commit.placeAll(in: .state)
    } catch {
      commit.rollBack()
      throw .write(step: .publish, error)
    }
  }

  /// Stages the last build's manifest widened to the files of `manifest`, as a sorted stream
  /// of both; a first build's is `manifest` itself (a hard link, no copy).
  /// - Returns: Whether a manifest was staged (false: `manifest` lists nothing new).
  static func widenManifest(_ manifest: String, staging: StagingArea, stateRoot: String)
    throws(WriteError) -> Bool
  {
    let previous = ManifestLines.previous(stateRoot: stateRoot)
    let new = ManifestLines.file(manifest)
    guard try DifferenceLineSource(try new.source(), removing: try previous.source()).next() != nil
    else { return false }
    let staged = staging.stagedPath(BuildManifest.fileName, in: .state)
    if try previous.source().next() == nil {
      try FileSystem.createDirectory(staging.stagedPath("", in: .state))
      if link(manifest, staged) == 0 { return true }
    }
    let writer = try SortedLineWriter(path: staged, header: BuildManifest.header)
    try writer.append(contentsOf: MergedLineSource([try previous.source(), try new.source()]))
    try writer.install()
    return true
  }
}

/// What earlier runs of a staged shard claimed, removed once the build is published.
///
/// The list is `ShardBuilder.leftoversPath(staging:)`; what the new manifest does not list goes
/// (`SiteBuilder.finishSite`). A run killed before an earlier one's leftovers were removed lists them in its journal,
/// so nothing another run wrote is forgotten.
struct StagedLeftovers: ReplacedOutputs {
  /// The sorted manifest lines of the leftovers (no file: none).
  let path: String

  /// Removes the leftovers `manifest` does not list.
  func discard(keeping manifest: ManifestLines, siteRoot: String, stateRoot: String)
    throws(WriteError) -> Int
  {
    guard FileSystem.linkKind(of: path) == .regular else { return 0 }
    return try BuildManifest.prune(
      try LineFileReader(path: path), keeping: try manifest.source(), siteRoot: siteRoot,
      stateRoot: stateRoot)
  }
}

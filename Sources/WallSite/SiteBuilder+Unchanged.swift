import WallSupport

extension SiteBuilder.Settings {
  /// Whether a one-process build into `output` has nothing to do.
  ///
  /// That is when the last build's record is of the same inputs and settings (`recordMatches`),
  /// and every file its manifest lists is exactly as that build left it: the same size,
  /// modification and change times and inode (`SiteStamp`, by `lstat` alone, no file read).
  /// A site edited, or written by another build, since is built again (its pages and assets
  /// are compared with what they should hold, and rewritten where they differ).
  ///
  /// A shard checks its own record's files for presence (`ShardBuilder`): finalize, which
  /// follows the shards, stamps the whole site.
  /// - Parameters:
  ///   - recordMatches: Whether the last build's record is of the same fingerprint.
  ///   - manifest: The last build's manifest.
  ///   - stamp: The record's stamp of the site; nil (a record of an older wallgen) is never
  ///     unchanged.
  package func isUnchanged(
    recordMatches: Bool, manifest: BuildManifest, stamp: String?
  ) -> Bool {
    guard recordMatches, let stamp else { return false }
    return !manifest.files.isEmpty
      && SiteStamp.stamp(files: manifest.files, siteRoot: output, jobs: pipeline.jobs) == stamp
  }
}

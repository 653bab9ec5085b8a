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

extension SiteBuilder {
  /// The result of the last complete build into `settings.output`, when its `record` has
  /// `fingerprint` and every file its manifest lists is as it left it (`SiteStamp`); nil when
  /// there is work to do.
  ///
  /// What `isUnchanged` checks, with the manifest read once as a stream (stamped and its pages
  /// and assets counted together), never held: what a build on the plan engine asks first.
  package static func unchangedResult(
    fingerprint: String, record: BuildRecord?, settings: Settings, stateRoot: String
  ) -> BuildResult? {
    guard let record, record.fingerprint == fingerprint,
      let stamp = record.siteStamp
    else { return nil }
    let counted: ManifestFileCounter
    do {
      counted = ManifestFileCounter(try ManifestLines.previous(stateRoot: stateRoot).source())
      // A stamp that matches was made of every line: the counts are the manifest's.
      guard
        try SiteStamp.stamp(lines: counted, siteRoot: settings.output, jobs: settings.pipeline.jobs)
          == stamp
      else {
        return nil
      }
    } catch {
      return nil
    }
    // An empty manifest is a missing one: nothing says what the last build wrote.
    return counted.files == 0 ? nil : unchanged(record, siteFiles: counted.siteFiles)
  }
}

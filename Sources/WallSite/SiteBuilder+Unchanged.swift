import WallSupport

extension SiteBuilder.Settings {
  /// Whether a build into `output`, one-process or one shard, has nothing to do: the record its
  /// last run left is finished for the same inputs and settings (`recordMatches`), and every
  /// file that run listed (`files`) is still a regular file of the output.
  ///
  /// The one-process build skips everything then, and a shard leaves its record as it is.
  /// - Parameters:
  ///   - recordMatches: Whether the last run's record is finished and of the same fingerprint.
  ///   - files: The files the last run wrote (its manifest, or a shard's record's list); made
  ///     only when the record matches.
  package func isUnchanged(recordMatches: Bool, files: @autoclosure () -> BuildManifest) -> Bool {
    recordMatches && files().allFilesExist(siteRoot: output, jobs: pipeline.jobs)
  }
}

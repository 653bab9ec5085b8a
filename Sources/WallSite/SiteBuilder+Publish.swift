import WallSupport

extension SiteBuilder {
  /// Where a build stages its files: `<state folder>/staging`, unless the state folder is on
  /// another file system than the output (then publishing would copy every file instead of
  /// renaming it), where it is `<output>/.wallgen-staging` for the time of the build.
  package static func stagingFolder(output: String, stateRoot: String) -> String {
    StagingArea.sameFileSystem(stateRoot, output)
      ? "\(stateRoot)/staging" : "\(output)/.wallgen-staging"
  }

  /// The order staged site files are put in place: media, then assets, then the walls, then
  /// the index, so that a build killed while publishing never leaves a page pointing at a
  /// file that is not there yet.
  package static func publishOrder(_ path: String) -> Int {
    if SiteLayout.isMedia(path) { return 0 }
    if path.hasPrefix("assets/") { return 1 }
    return path.contains("/") ? 2 : 3
  }

  /// Publishes what the build staged: every staged file is moved into place, and only then
  /// are the files this build no longer makes removed and the manifest and record saved.
  ///
  /// Before the first move, the folders the files go to (or their nearest existing parents)
  /// are checked writable, the record of the last build is taken away (a build killed while
  /// publishing must not leave a record that calls the site complete), and the manifest is
  /// widened to the files about to be placed (so the next build prunes them whatever
  /// happens). Until the last move, any failure is rolled back: the site and the state folder
  /// are as they were. A folder that is new (a new wall, a first build's whole site) is moved
  /// in as one.
  /// - Returns: How many site files were removed.
  /// - Throws: `BuildError.write` with step `publish` (rolled back), or `prune`, `manifest`
  ///   or `record` (the new site is in place, but not all the state is: the next build
  ///   finishes it).
  func publish(
    manifest: BuildManifest, previous: BuildManifest, record: BuildRecord, stateRoot: String
  ) throws(BuildError) -> Int {
    guard let staging else { return 0 }
    let output = settings.output
    // Sorted paths, bucketed by the order they are published in.
    var ranked: [[String]] = [[], [], [], []]
    for file in staging.stagedFiles(in: .site) { ranked[Self.publishOrder(file)].append(file) }
    let siteFiles = ranked.flatMap { $0 }
    let stateFiles = staging.stagedFiles(in: .state)
    let keptFiles = Set(manifest.files)
    let keptRecords = Set(manifest.records)
    let removals = previous.files.filter { !keptFiles.contains($0) }
    let recordRemovals = previous.records.filter { !keptRecords.contains($0) }
    var folders: Set<String> = [output, stateRoot]
    for (root, files) in [(output, siteFiles + removals), (stateRoot, stateFiles)] {
      for folder in Set(files.map(Self.folderPart)) {
        folders.insert(folder.isEmpty ? root : "\(root)/\(folder)")
      }
    }
    // Whether the manifest lists a file the previous one does not, and one it no longer lists.
    let adds =
      manifest.files.count > previous.files.count - removals.count
      || manifest.records.count > previous.records.count - recordRemovals.count
    let drops = !removals.isEmpty || !recordRemovals.isEmpty

    let commit = StagingCommit(area: staging)
    do {
      try commit.prepare(folders: folders)
      try commit.remove(BuildRecord.fileName, in: .state)
      if adds {
        // The next build must know every file this one may have put in place.
        let widened =
          drops
          ? BuildManifest(
            files: previous.files + manifest.files, records: previous.records + manifest.records)
          : manifest
        try commit.write(widened.serialized, at: BuildManifest.fileName, in: .state)
      }
      for file in stateFiles { try commit.place(file, in: .state) }
      for file in siteFiles { try commit.place(file, in: .site) }
    } catch {
      commit.rollBack()
      throw .write(step: .publish, error)
    }

    // The new site is in place. Temporary files that killed builds left are removed with the
    // files it no longer makes.
    BuildManifest.removeStaleTemporaries(siteRoot: output)
    BuildManifest.removeStaleTemporaries(siteRoot: stateRoot)
    // A manifest that only grew was written before the first move; one that lists the same
    // files needs no writing.
    return try Self.finishSite(
      manifest: manifest, previous: previous, replaced: settings.replacedOutputs,
      record: record, siteRoot: output, stateRoot: stateRoot, saveManifest: drops,
      precompress: settings.pipeline.precompress, jobs: settings.pipeline.jobs)
  }

  /// The folder part of a relative path, "" for a file at the root.
  static func folderPart(_ path: String) -> Substring {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
    return path[..<slash]
  }
}

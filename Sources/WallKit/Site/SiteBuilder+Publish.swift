extension SiteBuilder {
  /// Where a build stages its files: `<state folder>/staging`, unless the state folder is on
  /// another file system than the output (then publishing would copy every file instead of
  /// renaming it), where it is `<output>/.wallgen-staging` for the time of the build.
  static func stagingFolder(output: String, stateRoot: String) -> String {
    StagingArea.sameFileSystem(stateRoot, output)
      ? "\(stateRoot)/staging" : "\(output)/.wallgen-staging"
  }

  /// The order staged site files are put in place: media, then assets, then the walls, then
  /// the index, so that a build killed while publishing never leaves a page pointing at a
  /// file that is not there yet.
  static func publishOrder(_ path: String) -> Int {
    if path.hasPrefix("media/") { return 0 }
    if path.hasPrefix("assets/") { return 1 }
    return path.contains("/") ? 2 : 3
  }

  /// Publishes what the build staged: every staged file is moved into place, and only then
  /// are the files this build no longer makes removed and the manifest and record saved.
  ///
  /// Before the first move, the folders the files go to are checked writable (and the missing
  /// ones made), the record of the last build is taken away (a build killed while publishing
  /// must not leave a record that calls the site complete), and the manifest is widened to
  /// the files about to be placed (so the next build prunes them whatever happens). Until the
  /// last move, any failure is rolled back: the site and the state folder are as they were.
  /// - Returns: How many site files were removed.
  /// - Throws: `BuildError.write` with step `publish` (rolled back), or `prune`, `manifest`
  ///   or `record` (the new site is in place, but not all the state is: the next build
  ///   finishes it).
  func publish(
    manifest: BuildManifest, previous: BuildManifest, record: BuildRecord, stateRoot: String
  ) throws(BuildError) -> Int {
    guard let staging else { return 0 }
    let output = settings.output
    let siteFiles = staging.stagedFiles(in: .site).sorted {
      (Self.publishOrder($0), $0) < (Self.publishOrder($1), $1)
    }
    let stateFiles = staging.stagedFiles(in: .state)
    let kept = Set(manifest.files)
    let removals = previous.files.filter { !kept.contains($0) }
    var folders: Set<String> = [output, stateRoot]
    for file in siteFiles + removals { folders.insert(Self.folder(of: "\(output)/\(file)")) }
    for file in stateFiles { folders.insert(Self.folder(of: "\(stateRoot)/\(file)")) }

    let commit = StagingCommit(area: staging)
    do {
      try commit.prepare(folders: folders)
      try commit.remove(BuildRecord.fileName, in: .state)
      let known = Set(previous.files)
      let knownRecords = Set(previous.records)
      if manifest.files.contains(where: { !known.contains($0) })
        || manifest.records.contains(where: { !knownRecords.contains($0) })
      {
        let widened = BuildManifest(
          files: previous.files + manifest.files, records: previous.records + manifest.records)
        try commit.write(widened.serialized, at: BuildManifest.fileName, in: .state)
      }
      for file in stateFiles { try commit.place(file, in: .state) }
      for file in siteFiles { try commit.place(file, in: .site) }
    } catch {
      commit.rollBack()
      throw .write(step: "publish", error)
    }

    // The new site is in place. Temporary files that killed builds left are removed with the
    // files it no longer makes.
    BuildManifest.removeStaleTemporaries(siteRoot: output)
    BuildManifest.removeStaleTemporaries(siteRoot: stateRoot)
    let removed: Int
    do {
      removed = try manifest.prune(previous: previous, siteRoot: output, stateRoot: stateRoot)
    } catch {
      throw .write(step: "prune", error)
    }
    do {
      try manifest.save(stateRoot: stateRoot)
    } catch {
      throw .write(step: "manifest", error)
    }
    do {
      try record.save(stateRoot: stateRoot, fileCount: manifest.files.count)
    } catch {
      throw .write(step: "record", error)
    }
    return removed
  }

  /// The folder part of `path`.
  static func folder(of path: String) -> String {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}

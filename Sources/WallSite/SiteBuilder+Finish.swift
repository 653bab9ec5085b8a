import WallSupport

extension SiteBuilder {
  /// The last of a build, once its files are in place in the site: removes what the last
  /// build's manifest (`previous`) lists and `manifest` does not, then what the builds this one
  /// replaces left (`replaced`), then saves `manifest` and `record`, stamped with the state of
  /// the site's files (`SiteStamp`).
  ///
  /// The one-process build runs it after publishing its staged files, the finalize step of a
  /// sharded build once every shard has written its own; a build killed before the record is
  /// saved leaves no record, so the next build does the work again.
  /// - Parameters:
  ///   - manifest: Every file of the new site and every media record it uses.
  ///   - previous: The last complete build's manifest.
  ///   - replaced: What other kinds of build left that this one replaces.
  ///   - record: The build's record.
  ///   - siteRoot: The site's folder.
  ///   - stateRoot: The state folder.
  ///   - saveManifest: Whether to write the manifest (false when it was written before, as
  ///     publishing writes it widened before the first move).
  ///   - jobs: The workers that stamp the site (`SiteStamp`).
  /// - Returns: How many site files were removed.
  /// - Throws: `BuildError.write` with step `prune`, `manifest` or `record`: the new site is in
  ///   place, but not all the state is.
  package static func finishSite(
    manifest: BuildManifest, previous: BuildManifest, replaced: [any ReplacedOutputs],
    record: BuildRecord, siteRoot: String, stateRoot: String, saveManifest: Bool = true,
    precompress: Bool = false, jobs: Int
  ) throws(BuildError) -> Int {
    // The manifest's file is saved when asked, and when the last build left an older
    // wallgen's manifest (its file is then replaced by this one's).
    let save =
      saveManifest
      || FileSystem.linkKind(of: "\(stateRoot)/\(BuildManifest.fileName)") != .regular
    return try finishSite(
      manifest: .memory(manifest.lines), fileCount: manifest.files.count,
      previous: .memory(previous.lines), replaced: replaced, record: record,
      siteRoot: siteRoot, stateRoot: stateRoot, precompress: precompress, jobs: jobs
    ) { () throws(WriteError) in
      if save { try manifest.save(stateRoot: stateRoot) }
    }
  }

  /// The last of a build, as `finishSite(manifest:previous:…)` with the manifests as sorted
  /// streams of lines: what a sharded build's finalize step uses, whose manifest is written as
  /// a stream before the prune (`saveManifest` puts it in place).
  /// - Parameters:
  ///   - manifest: Every file of the new site and every media record it uses.
  ///   - fileCount: How many site files `manifest` lists.
  ///   - previous: The last complete build's manifest.
  ///   - walls: The walls the record lists, read as a stream when the record is written; nil
  ///     when the record holds them (`record.wallPages`, `record.owners`).
  ///   - jobs: The workers that stamp the site (`SiteStamp`).
  ///   - saveManifest: Puts `manifest` in place as the state folder's manifest.
  /// - Returns: How many site files were removed.
  package static func finishSite(
    manifest: ManifestLines, fileCount: Int, previous: ManifestLines,
    replaced: [any ReplacedOutputs], record: BuildRecord, walls: (any WallListing)? = nil,
    siteRoot: String, stateRoot: String, precompress: Bool = false, jobs: Int,
    saveManifest: () throws(WriteError) -> Void
  ) throws(BuildError) -> Int {
    let removed: Int
    do {
      var count = try BuildManifest.prune(
        previous.source(), keeping: manifest.source(), siteRoot: siteRoot, stateRoot: stateRoot)
      for other in replaced {
        count += try other.discard(keeping: manifest, siteRoot: siteRoot, stateRoot: stateRoot)
      }
      removed = count
    } catch {
      throw .write(step: .prune, error)
    }
    // The gzip copies of the text files, or, without the option, none left by an earlier build.
    do {
      _ = try Precompression.update(
        lines: manifest.source(), on: precompress, siteRoot: siteRoot, stateRoot: stateRoot)
    } catch {
      throw .write(step: .precompress, error)
    }
    // Every file is in place and no other is left: what a build with nothing to do compares.
    var record = record
    do {
      record.siteStamp = try SiteStamp.stamp(
        lines: manifest.source(), siteRoot: siteRoot, jobs: jobs)
    } catch {
      throw .write(step: .manifest, error)
    }
    do {
      try saveManifest()
      try FileSystem.removeFile("\(stateRoot)/\(BuildManifest.legacyFileName)")
    } catch {
      throw .write(step: .manifest, error)
    }
    do {
      if let walls {
        try record.save(stateRoot: stateRoot, fileCount: fileCount, walls: walls)
      } else {
        try record.save(stateRoot: stateRoot, fileCount: fileCount)
      }
    } catch {
      throw .write(step: .record, error)
    }
    return removed
  }
}

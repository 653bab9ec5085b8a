import WallModel
import WallSite
import WallSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The shard records of a state folder as a whole: setting aside the records of another shard
/// count, and removing what records list once no build needs it.
enum ShardRecords {
  /// Sets aside the records of shard counts other than `count`, as
  /// `<K>-of-<M>.superseded.json`: a run of `count` shards has started, and the finalize step
  /// completes one run.
  ///
  /// Nothing they list is removed here (a shard of one count must not remove a file a shard
  /// of another count may be writing): the finalize step, or a one-process build, removes
  /// what no longer belongs to the site, and a shard of that count run again takes its record
  /// back when it still holds (a mistyped `--shard 0/30` costs nothing). A record is renamed
  /// as it is, unless one of the shard was set aside before: then the two are merged.
  /// - Throws: `WriteError` when a record cannot be written or removed.
  static func supersede(otherThan count: Int, stateRoot: String) throws(WriteError) {
    for shard in ShardRecord.present(stateRoot: stateRoot) where shard.count != count {
      let path = ShardRecord.path(shard, stateRoot: stateRoot)
      let aside = ShardRecord.supersededPath(shard, stateRoot: stateRoot)
      // Renamed rather than rewritten: a record can be megabytes.
      guard FileSystem.kind(of: aside) == .regular else {
        try move(path, to: aside)
        continue
      }
      if let record = ShardRecord.load(path: path, shard: shard, lists: false) {
        // The record's lists as they are, and what the older one claims as leftovers: merged
        // as sorted streams, the older claims sorted on disk first.
        let older = SpilledLines(scratch: "\(aside)\(FileSystem.temporarySuffix)claims")
        var lists = try ShardRecord.storedLists(path: path)
        lists.leftovers += try ShardRecord.gatherClaims(
          path: aside, shard: shard, siteRoot: nil, into: older)
        lists.sources.append(
          PrefixedLineSource(try older.sorted(), prefix: ShardRecord.leftoverPrefix))
        try record.save(to: aside, stateRoot: stateRoot, adding: lists)
      }
      try FileSystem.removeFile(path)
    }
  }

  /// Renames a record; a record another process moved first is no error.
  /// - Throws: `WriteError` when it cannot be renamed.
  static func move(_ path: String, to target: String) throws(WriteError) {
    guard rename(path, target) == 0 || errno == ENOENT else {
      throw WriteError(path: path, reason: FileSystem.lastErrorReason)
    }
  }

  /// Removes the records set aside.
  /// - Throws: `WriteError` when one cannot be removed.
  static func removeSuperseded(stateRoot: String) throws(WriteError) {
    for (shard, superseded) in ShardRecord.all(stateRoot: stateRoot) where superseded {
      try FileSystem.removeFile(ShardRecord.supersededPath(shard, stateRoot: stateRoot))
    }
  }

  /// Removes what the records `found` list (their claims, `ShardRecord.forEachClaim`) and `manifest`
  /// does not, and the folders this empties.
  ///
  /// Each record's claims are sorted into a scratch file in the state folder, one record at a
  /// time, then all are merged as sorted streams and compared with `manifest` in one pass: the
  /// memory is one shard's list and a buffer per stream merged, not every shard's lists.
  /// - Returns: How many site files were removed.
  /// - Throws: `WriteError` when a record cannot be read or a file cannot be removed.
  static func remove(
    claimsOf found: [(shard: ShardSpec, superseded: Bool)], keeping manifest: ManifestLines,
    siteRoot: String, stateRoot: String
  ) throws(WriteError) -> Int {
    guard !found.isEmpty else { return 0 }
    let scratch = "\(stateRoot)/\(ShardRecord.folder)/claims"
    let openers = found.map { shard, superseded in
      ClaimLines(
        path: ShardRecord.path(shard, superseded: superseded, stateRoot: stateRoot), shard: shard,
        scratch: "\(scratch)-\(shard.index)-of-\(shard.count)", siteRoot: siteRoot)
    }
    let claimed = try MergedLineSource.merging(openers, scratch: scratch)
    return try BuildManifest.prune(
      claimed, keeping: manifest.source(), siteRoot: siteRoot, stateRoot: stateRoot)
  }

  /// For a build that makes the whole site in one process: removes what every shard record
  /// lists and `manifest` does not, then the records.
  ///
  /// The records describe sharded runs whose site this build replaced. Left in place, the
  /// walls of a public run would stay in a private site, and a later finalize could take
  /// files this build removed for present.
  /// - Returns: How many site files were removed.
  /// - Throws: `WriteError` when a file or record cannot be removed.
  static func discard(keeping manifest: ManifestLines, siteRoot: String, stateRoot: String)
    throws(WriteError) -> Int
  {
    let found = ShardRecord.all(stateRoot: stateRoot)
    guard !found.isEmpty else { return 0 }
    let removed = try remove(
      claimsOf: found, keeping: manifest, siteRoot: siteRoot, stateRoot: stateRoot)
    for (shard, superseded) in found {
      try FileSystem.removeFile(
        ShardRecord.path(shard, superseded: superseded, stateRoot: stateRoot))
    }
    return removed
  }

  /// The wall folder (`walls/<folder>`) of `user` in a build with `settings`, as `SiteLayout`
  /// names it (public, or private with the secret and the link rotations).
  static func wallFolder(of user: User, settings: SiteBuilder.Settings) -> String {
    "walls/" + settings.wallFolderName(of: user)
  }
}

/// Opens the claims of a shard record as sorted manifest lines, gathered on disk
/// (`ShardRecord.gatherClaims`, `SpilledLines`) and read back as a stream: a merge of many
/// records holds a buffer per record, not their lists.
struct ClaimLines: LineSourceOpener {
  /// The record.
  var path: String
  /// Its shard.
  var shard: ShardSpec
  /// The path prefix of the scratch files (they take a temporary suffix and go with the
  /// stream).
  var scratch: String
  /// The site, where the wall folders it claims are listed.
  var siteRoot: String

  /// The record's claims (none when it is missing or not a record), as sorted lines.
  /// - Throws: `WriteError` when the record cannot be read or a scratch file written.
  func open() throws(WriteError) -> any LineSource {
    let claims = SpilledLines(scratch: scratch)
    try ShardRecord.gatherClaims(path: path, shard: shard, siteRoot: siteRoot, into: claims)
    return try claims.sorted()
  }
}

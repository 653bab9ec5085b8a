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
      guard let older = ShardRecord.load(path: aside, shard: shard) else {
        try move(path, to: aside)
        continue
      }
      if var record = ShardRecord.load(path: path, shard: shard) {
        record.leftovers.formUnion(older.claims)
        try record.save(to: aside, stateRoot: stateRoot)
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

  /// What the records set aside list.
  static func supersededClaims(stateRoot: String) -> ShardClaims {
    var claims = ShardClaims()
    for (shard, superseded) in ShardRecord.all(stateRoot: stateRoot) where superseded {
      let path = ShardRecord.supersededPath(shard, stateRoot: stateRoot)
      if let record = ShardRecord.load(path: path, shard: shard) {
        claims.formUnion(record.claims)
      }
    }
    return claims
  }

  /// Removes the records set aside.
  /// - Throws: `WriteError` when one cannot be removed.
  static func removeSuperseded(stateRoot: String) throws(WriteError) {
    for (shard, superseded) in ShardRecord.all(stateRoot: stateRoot) where superseded {
      try FileSystem.removeFile(ShardRecord.supersededPath(shard, stateRoot: stateRoot))
    }
  }

  /// Removes the site files and media records `claims` lists (its folders' wall pages
  /// included) but those `keeping` lists, and the folders this empties.
  /// - Returns: How many site files were removed.
  /// - Throws: `WriteError` when a file cannot be removed.
  static func remove(
    _ claims: ShardClaims, keeping: ShardClaims, siteRoot: String, stateRoot: String
  ) throws(WriteError) -> Int {
    guard !claims.isEmpty else { return 0 }
    let keep = BuildManifest(files: keeping.siteFiles(siteRoot: siteRoot), records: keeping.records)
    return try keep.prune(
      previous: BuildManifest(files: claims.siteFiles(siteRoot: siteRoot), records: claims.records),
      siteRoot: siteRoot, stateRoot: stateRoot)
  }

  /// For a build that makes the whole site in one process: removes what every shard record
  /// lists and `manifest` does not, then the records.
  ///
  /// The records describe sharded runs whose site this build replaced. Left in place, the
  /// walls of a public run would stay in a private site, and a later finalize could take
  /// files this build removed for present.
  /// - Returns: How many site files were removed.
  /// - Throws: `WriteError` when a file or record cannot be removed.
  static func discard(keeping manifest: BuildManifest, siteRoot: String, stateRoot: String)
    throws(WriteError) -> Int
  {
    let found = ShardRecord.all(stateRoot: stateRoot)
    guard !found.isEmpty else { return 0 }
    var claims = ShardClaims()
    var paths: [String] = []
    for (shard, superseded) in found {
      let path = ShardRecord.path(shard, superseded: superseded, stateRoot: stateRoot)
      if let record = ShardRecord.load(path: path, shard: shard) {
        claims.formUnion(record.claims)
      }
      paths.append(path)
    }
    let removed = try manifest.prune(
      previous: BuildManifest(files: claims.siteFiles(siteRoot: siteRoot), records: claims.records),
      siteRoot: siteRoot, stateRoot: stateRoot)
    for path in paths { try FileSystem.removeFile(path) }
    return removed
  }

  /// The wall folder (`walls/<folder>`) of `objectId` in a build with `secret` (nil for a
  /// public build), as `SiteLayout` names it.
  static func wallFolder(of objectId: String, secret: [UInt8]?) -> String {
    guard let secret else {
      return "walls/"
        + (SiteLayout.isSafeFolderName(objectId)
          ? objectId : SiteLayout.hashedFolderName(objectId))
    }
    return "walls/" + SiteLayout.privateToken(secret: secret, userID: objectId)
  }
}

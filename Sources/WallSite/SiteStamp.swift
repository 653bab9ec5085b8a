import WallSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the files of a site were when its build finished: a SHA-256 over each file's path,
/// size, modification and change times and inode, in the manifest's order, kept in the build
/// record (`BuildRecord.siteStamp`).
///
/// A build with nothing to do compares it with the files on disk, by `lstat` alone (no file is
/// read), so a site edited since (a page changed, whatever its size; its modification time set
/// back: the change time still moves; a file replaced or made a symlink) is built again,
/// never trusted. wallgen writes by renaming, so a file it rewrites has a new inode and change
/// time, and a file it leaves alone keeps all four.
package enum SiteStamp {
  /// How many files one worker looks at in a go.
  static let chunk = 4_096

  /// The stamp of `files` (site-relative paths, in the manifest's order) under `siteRoot`,
  /// looked at by `jobs` workers; nil when one is not a regular file.
  package static func stamp(files: [String], siteRoot: String, jobs: Int) -> String? {
    let hasher = SHA256.hasher()
    guard add(files, to: hasher, siteRoot: siteRoot, jobs: jobs, chunk: chunk) else { return nil }
    return Hex.encode(hasher.finalize())
  }

  /// The stamp of the site files a manifest's sorted lines list (`f <path>`), read as a stream
  /// (a plan-engine build's manifest is never held), `chunk` paths for each of `jobs` workers at
  /// a time: the same stamp as `stamp(files:siteRoot:jobs:)` of those paths.
  /// - Throws: `WriteError` when the lines cannot be read.
  package static func stamp(
    lines: any LineSource, siteRoot: String, jobs: Int, chunk: Int = chunk
  ) throws(WriteError) -> String? {
    let hasher = SHA256.hasher()
    let batch = chunk * max(1, jobs)
    var paths: [String] = []
    paths.reserveCapacity(batch)
    while let line = try lines.next() {
      guard line.hasPrefix(BuildManifest.filePrefix) else { continue }
      paths.append(BuildManifest.path(of: line))
      guard paths.count == batch else { continue }
      guard add(paths, to: hasher, siteRoot: siteRoot, jobs: jobs, chunk: chunk) else {
        return nil
      }
      paths.removeAll(keepingCapacity: true)
    }
    guard add(paths, to: hasher, siteRoot: siteRoot, jobs: jobs, chunk: chunk) else { return nil }
    return Hex.encode(hasher.finalize())
  }

  /// Hashes the states of `paths` in order, `chunk` of them at a time by `jobs` workers; false
  /// when one is not a regular file.
  private static func add(
    _ paths: [String], to hasher: DigestHasher, siteRoot: String, jobs: Int, chunk: Int
  ) -> Bool {
    let chunks = (paths.count + chunk - 1) / chunk
    let states = ParallelWork.map(count: chunks, jobs: jobs) { index -> [UInt8]? in
      var bytes: [UInt8] = []
      for path in paths[(index * chunk)..<min(paths.count, (index + 1) * chunk)] {
        guard state(of: path, in: siteRoot, into: &bytes) else { return nil }
      }
      return bytes
    }
    for state in states {
      guard let state else { return false }
      hasher.update(state)
    }
    return true
  }

  /// Appends the path and the state of the file `path` of `siteRoot` to `bytes`; false when it
  /// is not a regular file.
  private static func state(of path: String, in siteRoot: String, into bytes: inout [UInt8])
    -> Bool
  {
    var info = stat()
    guard lstat("\(siteRoot)/\(path)", &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      return false
    }
    bytes += path.utf8
    bytes.append(0)
    for value in [
      Int64(info.st_size), Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec),
      Int64(info.st_ctim.tv_sec), Int64(info.st_ctim.tv_nsec),
      Int64(bitPattern: UInt64(info.st_ino)),
    ] {
      withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }
    return true
  }
}

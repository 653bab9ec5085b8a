#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a set of files looks like from their metadata.
///
/// For each file: its inode, size and modification time. Two fingerprints differ when a file was edited, replaced, added or
/// removed; the files themselves are never read.
public struct FileFingerprint: Sendable, Equatable {
  /// One file's metadata.
  public struct Stamp: Sendable, Equatable {
    var inode: UInt64
    var size: Int64
    var modified: Int64
  }

  /// Stamps by path.
  public private(set) var stamps: [String: Stamp] = [:]

  /// Takes the fingerprint of files and folders (walked recursively; hidden names skipped).
  /// - Parameter paths: files or folders; missing ones count as empty.
  /// - Parameter excluded: folders left out, e.g. an output folder inside the export.
  public init(of paths: [String], excluding excluded: [String] = []) {
    let skipped = Set(excluded.compactMap(FileSystem.realPath))
    for path in paths { add(path, skipped: skipped, depth: 0) }
  }

  private mutating func add(_ path: String, skipped: Set<String>, depth: Int) {
    var info = stat()
    guard depth < 32, stat(path, &info) == 0 else { return }
    if info.st_mode & S_IFMT == S_IFDIR {
      if let real = FileSystem.realPath(path), skipped.contains(real) { return }
      for name in FileSystem.contents(of: path) where !name.hasPrefix(".") {
        add("\(path)/\(name)", skipped: skipped, depth: depth + 1)
      }
    } else {
      stamps[path] = Stamp(
        inode: UInt64(info.st_ino), size: Int64(info.st_size),
        modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }
  }
}

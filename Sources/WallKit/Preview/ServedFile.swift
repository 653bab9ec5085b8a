#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A regular file read for a response, with a validator taken from the same open file
/// (inode, size, modification time), so tag and bytes always agree even while a rebuild
/// replaces files by renaming.
struct ServedFile {
  /// Why a file could not be served.
  enum Failure: Error, Equatable {
    case missing
    case notRegular
    case unreadable(String)
  }

  /// The entity tag, without quotes: "<inode>-<size>-<mtime ns>" in hex.
  var tag: String
  /// The bytes, or nil when `unchanged(tag)` said the client has them.
  var bytes: [UInt8]?

  /// Opens `path` (a final symlink is refused) and reads it unless `unchanged` returns true.
  static func read(_ path: String, unless unchanged: (String) -> Bool) throws(Failure)
    -> ServedFile
  {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    guard fd >= 0 else {
      if errno == ENOENT || errno == ELOOP || errno == ENOTDIR { throw .missing }
      throw .unreadable(FileSystem.lastErrorReason)
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw .unreadable(FileSystem.lastErrorReason) }
    guard info.st_mode & S_IFMT == S_IFREG else { throw .notRegular }
    let size = Int(info.st_size)
    let nanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    let tag = [UInt64(info.st_ino), UInt64(size), UInt64(bitPattern: nanoseconds)]
      .map { String($0, radix: 16) }.joined(separator: "-")
    if unchanged(tag) { return ServedFile(tag: tag, bytes: nil) }
    var bytes = [UInt8](repeating: 0, count: size)
    var done = 0
    while done < size {
      let count = bytes.withUnsafeMutableBytes { buffer in
        pread(fd, buffer.baseAddress.map { $0 + done }, size - done, off_t(done))
      }
      if count < 0 && errno == EINTR { continue }
      if count < 0 { throw .unreadable(FileSystem.lastErrorReason) }
      if count == 0 { break }
      done += count
    }
    if done < size { bytes.removeLast(size - done) }
    return ServedFile(tag: tag, bytes: bytes)
  }
}

import WallSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A regular file opened for a response, with a validator taken from the same open file
/// (inode, size, modification time), so tag and bytes always agree even while a rebuild
/// replaces files by renaming.
///
/// Opening costs an `open` and an `fstat`; nothing is read until asked: a chunk at a time
/// (`FileRegion`), sent by `sendfile`, or whole (`readAll`, for HTML pages of at most a chunk,
/// which get the live-reload script and go out with their head). The descriptor is closed when
/// the last reference goes.
final class ServedFile: Sendable {
  /// Why a file could not be served.
  enum Failure: Error, Equatable {
    case missing
    case notRegular
    case unreadable(String)
  }

  /// The entity tag, without quotes: "<inode>-<size>-<mtime ns>" in hex.
  let tag: String
  /// The size in bytes, from `fstat`.
  let size: Int
  /// The open file (read-only), for `pread` and `sendfile`.
  let descriptor: Int32

  /// Opens `path` (a final symlink is refused) and takes its size and tag.
  init(opening path: String) throws(Failure) {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    guard fd >= 0 else {
      if errno == ENOENT || errno == ELOOP || errno == ENOTDIR { throw .missing }
      throw .unreadable(FileSystem.lastErrorReason)
    }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      let reason = FileSystem.lastErrorReason
      close(fd)
      throw .unreadable(reason)
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      close(fd)
      throw .notRegular
    }
    let nanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    descriptor = fd
    size = Int(info.st_size)
    tag = [UInt64(info.st_ino), UInt64(info.st_size), UInt64(bitPattern: nanoseconds)]
      .map { String($0, radix: 16) }.joined(separator: "-")
  }

  deinit {
    close(descriptor)
  }

  /// Reads up to `count` bytes at `offset` into the start of `buffer`; the number read, 0 at
  /// the end of the file, or nil on a read error.
  func read(at offset: Int, count: Int, into buffer: inout [UInt8]) -> Int? {
    let wanted = min(count, buffer.count)
    while true {
      let result = buffer.withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress, wanted, off_t(offset))
      }
      if result < 0 && errno == EINTR { continue }
      return result < 0 ? nil : result
    }
  }

  /// The whole file (as long as it was when opened, or shorter if it shrank since).
  func readAll() throws(Failure) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: size)
    var done = 0
    while done < size {
      let count = bytes.withUnsafeMutableBytes { buffer in
        pread(descriptor, buffer.baseAddress.map { $0 + done }, size - done, off_t(done))
      }
      if count < 0 && errno == EINTR { continue }
      if count < 0 { throw .unreadable(FileSystem.lastErrorReason) }
      if count == 0 { break }
      done += count
    }
    if done < size { bytes.removeLast(size - done) }
    return bytes
  }
}

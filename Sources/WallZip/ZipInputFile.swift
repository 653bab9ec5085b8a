#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A read-only file descriptor used with positional reads (`pread`), closed on deinit.
///
/// Sendable: both stored properties are immutable and `pread` does not use the shared file offset,
/// so concurrent reads are safe.
final class ZipInputFile: Sendable {
  /// The path the file was opened with, for error messages.
  let path: String
  /// The file's size when it was opened.
  let size: UInt64
  /// The open descriptor, for positional reads and for libzip (which gets a duplicate).
  let descriptor: Int32

  init(path: String) throws(ZipError) {
    // O_NONBLOCK so that opening a FIFO fails the regular-file check below instead of hanging.
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      throw .cannotOpen(path: path, reason: systemErrorMessage())
    }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      let reason = systemErrorMessage()
      close(descriptor)
      throw .cannotOpen(path: path, reason: reason)
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      throw .cannotOpen(path: path, reason: "not a regular file")
    }
    self.path = path
    self.size = UInt64(info.st_size)
    self.descriptor = descriptor
  }

  deinit {
    close(descriptor)
  }

  /// Reads exactly `count` bytes at `offset`; callers bounds-check against `size` first.
  func read(at offset: UInt64, count: Int) throws(ZipError) -> [UInt8] {
    guard count > 0 else { return [] }
    guard offset <= UInt64(Int64.max) - UInt64(count) else {
      throw .readFailed(path: path, offset: offset, reason: "offset is beyond any file size")
    }
    var bytes = [UInt8](repeating: 0, count: count)
    var done = 0
    while done < count {
      let result = bytes.withUnsafeMutableBytes { buffer in
        pread(
          descriptor, buffer.baseAddress.map { $0 + done }, count - done,
          off_t(offset) + off_t(done))
      }
      if result < 0 && errno == EINTR { continue }
      guard result > 0 else {
        let reason =
          result < 0 ? systemErrorMessage() : "read \(done) of \(count) bytes, then end of file"
        throw .readFailed(path: path, offset: offset, reason: reason)
      }
      done += result
    }
    return bytes
  }
}

/// The text of `strerror(errno)`, such as "No such file or directory".
func systemErrorMessage() -> String {
  String(cString: strerror(errno))
}

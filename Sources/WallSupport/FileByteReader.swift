#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a file from start to end into buffers the caller gives, through one file descriptor.
///
/// Memory is the caller's buffer, whatever the file's size. The file is closed when the reader
/// goes.
public final class FileByteReader {
  /// The file read.
  public let path: String
  private let fd: Int32

  /// Opens `path` (symlinks are followed, as `FileSystem.readFile` does).
  /// - Throws: `FileSystemError` naming the file when it is missing, not a regular file, or
  ///   cannot be opened.
  public init(path: String) throws(FileSystemError) {
    self.path = path
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      if errno == ENOENT { throw .notFound(path: path) }
      throw .unreadable(path: path, reason: FileSystem.lastErrorReason)
    }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      close(fd)
      throw .unreadable(path: path, reason: "not a regular file")
    }
    self.fd = fd
  }

  deinit { close(fd) }

  /// Reads the next bytes of the file into `buffer`.
  /// - Parameter buffer: Where to put them.
  /// - Returns: How many bytes were read: 0 only at the end of the file (or for an empty
  ///   buffer).
  /// - Throws: `FileSystemError.unreadable` naming the file when the system cannot read it.
  public func read(into buffer: UnsafeMutableRawBufferPointer) throws(FileSystemError) -> Int {
    guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
    while true {
      let count = systemRead(fd, base, buffer.count)
      if count >= 0 { return count }
      if errno != EINTR { throw .unreadable(path: path, reason: FileSystem.lastErrorReason) }
    }
  }
}

/// The C `read`, out of reach of `FileByteReader.read`'s name.
private func systemRead(_ fd: Int32, _ base: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(fd, base, count)
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a text file line by line through a fixed buffer: memory does not grow with the file.
///
/// A `\r` before a line's `\n` is kept (wallgen's lists never hold one); a last line without
/// `\n` is a line. The file is closed when the reader goes.
public final class LineFileReader: LineSource {
  /// The file read.
  public let path: String
  private let fd: Int32
  private var buffer: [UInt8]
  private var start = 0
  private var end = 0
  private var atEnd = false

  /// The buffer's size: a line longer than this is still read, the buffer grows to it.
  static let bufferBytes = 1 << 16

  /// Opens `path` (symlinks are followed, as `FileSystem.readFile` does).
  /// - Throws: `WriteError` naming the file when it cannot be opened or is not a regular file.
  public init(path: String) throws(WriteError) {
    self.path = path
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw WriteError(path: path, reason: FileSystem.lastErrorReason) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      close(fd)
      throw WriteError(path: path, reason: "cannot be read as a list: not a regular file")
    }
    self.fd = fd
    buffer = [UInt8](repeating: 0, count: Self.bufferBytes)
  }

  deinit { close(fd) }

  /// The next line, or nil at the end of the file.
  /// - Throws: `WriteError` naming the file when it cannot be read.
  public func next() throws(WriteError) -> String? {
    while true {
      if let newline = buffer[start..<end].firstIndex(of: 0x0A) {
        let line = String(decoding: buffer[start..<newline], as: UTF8.self)
        start = newline + 1
        return line
      }
      if atEnd {
        guard start < end else { return nil }
        let line = String(decoding: buffer[start..<end], as: UTF8.self)
        start = end
        return line
      }
      try fill()
    }
  }

  /// Moves the unread bytes to the front and reads more after them.
  private func fill() throws(WriteError) {
    if start > 0 {
      let unread = end - start
      if unread > 0 {
        buffer.withUnsafeMutableBytes { bytes in
          guard let base = bytes.baseAddress else { return }
          memmove(base, base + start, unread)
        }
      }
      (start, end) = (0, unread)
    }
    if end == buffer.count { buffer += [UInt8](repeating: 0, count: buffer.count) }
    while true {
      let count = buffer.withUnsafeMutableBytes { bytes in
        read(fd, bytes.baseAddress.map { $0 + end }, bytes.count - end)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw WriteError(path: path, reason: "cannot be read: \(FileSystem.lastErrorReason)")
      }
      if count == 0 { atEnd = true }
      end += count
      return
    }
  }
}

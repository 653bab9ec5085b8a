import WallSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A new file written front to back, which knows how many bytes it holds.
final class OutputFile {
  /// The file's path.
  let path: String
  /// The bytes written so far: the offset of the next byte.
  private(set) var size = 0
  private var descriptor: Int32

  /// Creates (or truncates) `path`, readable by everyone.
  /// - Throws: `WACZError` when it cannot be created.
  init(path: String) throws(WACZError) {
    self.path = path
    descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw WACZError(path: path, reason: FileSystem.lastErrorReason) }
  }

  deinit { if descriptor >= 0 { Glibc.close(descriptor) } }

  /// Appends all of `bytes`.
  /// - Throws: `WACZError` when the disk refuses them.
  func write(_ bytes: UnsafeRawBufferPointer) throws(WACZError) {
    var written = 0
    while written < bytes.count {
      let count = Glibc.write(
        descriptor, bytes.baseAddress.map { $0 + written }, bytes.count - written)
      if count < 0 {
        if errno == EINTR { continue }
        throw WACZError(path: path, reason: FileSystem.lastErrorReason)
      }
      written += count
    }
    size += bytes.count
  }

  /// Appends all of `bytes`.
  /// - Throws: `WACZError` when the disk refuses them.
  func write(_ bytes: [UInt8]) throws(WACZError) {
    // `withUnsafeBytes` rethrows untyped errors: the write's error is kept and thrown after.
    var failure: WACZError?
    bytes.withUnsafeBytes { buffer in
      do throws(WACZError) { try write(buffer) } catch { failure = error }
    }
    if let failure { throw failure }
  }

  /// Closes the file.
  /// - Throws: `WACZError` when the last writes fail.
  func close() throws(WACZError) {
    let result = Glibc.close(descriptor)
    descriptor = -1
    guard result == 0 else { throw WACZError(path: path, reason: FileSystem.lastErrorReason) }
  }
}

/// Reads a regular file in fixed-size chunks, so memory does not grow with the file.
enum ChunkedReader {
  /// The size of each chunk.
  static let chunkSize = 1 << 20

  /// Shows every chunk of `path` to `body`, in order, and returns the file's size.
  /// - Throws: `WACZError` naming `path` when it cannot be read, or what `body` throws.
  @discardableResult
  static func read(
    _ path: String, _ body: (UnsafeRawBufferPointer) throws(WACZError) -> Void
  ) throws(WACZError) -> Int {
    let input = open(path, O_RDONLY | O_CLOEXEC)
    guard input >= 0 else {
      throw WACZError(path: path, reason: "cannot read it: \(FileSystem.lastErrorReason)")
    }
    defer { Glibc.close(input) }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
    defer { buffer.deallocate() }
    var total = 0
    while true {
      let count = Glibc.read(input, buffer.baseAddress, buffer.count)
      if count < 0 {
        if errno == EINTR { continue }
        throw WACZError(path: path, reason: "cannot read it: \(FileSystem.lastErrorReason)")
      }
      if count == 0 { return total }
      try body(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
      total += count
    }
  }

  /// The first `count` bytes of `path` (fewer when it is shorter).
  /// - Throws: `WACZError` naming `path` when it cannot be read.
  static func head(_ path: String, count: Int) throws(WACZError) -> [UInt8] {
    let input = open(path, O_RDONLY | O_CLOEXEC)
    guard input >= 0 else {
      throw WACZError(path: path, reason: "cannot read it: \(FileSystem.lastErrorReason)")
    }
    defer { Glibc.close(input) }
    var bytes = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
      let read = bytes.withUnsafeMutableBytes { buffer in
        Glibc.read(input, buffer.baseAddress.map { $0 + filled }, count - filled)
      }
      if read < 0 {
        if errno == EINTR { continue }
        throw WACZError(path: path, reason: "cannot read it: \(FileSystem.lastErrorReason)")
      }
      if read == 0 { break }
      filled += read
    }
    return Array(bytes.prefix(filled))
  }
}

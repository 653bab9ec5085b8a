import WallKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file written front to back through a buffer: the class files of a streamed export, which
/// are far too large to build in memory first.
///
/// `classFile(_:)` writes a JSON array with one object per line (`[\n{…},\n{…}\n]`), the form
/// a tool can read line by line. The file is written under a temporary name and renamed when
/// finished, so a stopped generator leaves no half file under the real name.
final class LineFileWriter {
  /// The file's final path.
  let path: String
  /// How many bytes were written so far.
  private(set) var bytes = 0
  /// How many rows `row(_:)` wrote.
  private(set) var rows = 0
  private let temporary: String
  private let descriptor: Int32
  private var buffer: [UInt8] = []
  private let isArray: Bool

  /// Opens `path` (under a temporary name) for writing.
  /// - Parameter isArray: Whether rows are the objects of a JSON array.
  /// - Throws: `WriteError` naming the file when it cannot be created.
  init(path: String, isArray: Bool) throws(WriteError) {
    self.path = path
    self.isArray = isArray
    temporary = path + ".partial"
    descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else {
      throw WriteError(path: temporary, reason: String(cString: strerror(errno)))
    }
    buffer.reserveCapacity(1 << 20)
    if isArray { buffer.append(UInt8(ascii: "[")) }
  }

  deinit {
    close(descriptor)
  }

  /// Opens a class file: a JSON array of one object per line.
  /// - Throws: `WriteError` naming the file.
  static func classFile(_ path: String) throws(WriteError) -> LineFileWriter {
    try LineFileWriter(path: path, isArray: true)
  }

  /// Appends one row (one JSON object without a line break).
  /// - Throws: `WriteError` naming the file.
  func row(_ text: String) throws(WriteError) {
    if isArray { buffer.append(contentsOf: rows == 0 ? [0x0A] : [0x2C, 0x0A]) }  // "\n" or ",\n"
    buffer.append(contentsOf: text.utf8)
    rows += 1
    if buffer.count >= 1 << 20 { try flush() }
  }

  /// Appends raw text.
  /// - Throws: `WriteError` naming the file.
  func text(_ text: String) throws(WriteError) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= 1 << 20 { try flush() }
  }

  /// Ends the array, writes what is buffered and gives the file its real name.
  /// - Throws: `WriteError` naming the file.
  func finish() throws(WriteError) {
    if isArray { buffer.append(contentsOf: Array("\n]\n".utf8)) }
    try flush()
    guard rename(temporary, path) == 0 else {
      throw WriteError(path: path, reason: String(cString: strerror(errno)))
    }
  }

  private func flush() throws(WriteError) {
    try Self.writeAll(buffer, to: descriptor, path: temporary)
    bytes += buffer.count
    buffer.removeAll(keepingCapacity: true)
  }

  /// Writes a small file in one go (an image, a Graph file), without a temporary name.
  /// - Throws: `WriteError` naming the file.
  static func writeWhole(_ bytes: [UInt8], to path: String) throws(WriteError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else {
      throw WriteError(path: path, reason: String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    try writeAll(bytes, to: descriptor, path: path)
  }

  /// Writes every byte of `bytes` to `descriptor` (a short write is continued).
  /// - Throws: `WriteError` naming `path`.
  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String)
    throws(WriteError)
  {
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes {
        write(descriptor, $0.baseAddress.map { $0 + written }, $0.count - written)
      }
      guard count > 0 else {
        throw WriteError(path: path, reason: String(cString: strerror(errno)))
      }
      written += count
    }
  }
}

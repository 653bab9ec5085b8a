#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A temporary file beside the destination, written through a small buffer and renamed onto the
/// destination by `commit()`, or deleted by `discard()` / deinit.
final class ZipOutputFile {
  /// The final destination, for error messages.
  let path: String
  /// The number of bytes written so far (buffered or not).
  private(set) var position: UInt64 = 0
  private let temporaryPath: String
  private var descriptor: Int32
  private var committed = false
  private var buffer: [UInt8] = []
  private static let bufferSize = 64 * 1024

  init(path: String) throws(ZipError) {
    var template = Array((path + ".tmp-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemp($0) } ?? -1
    }
    guard descriptor >= 0 else { throw .cannotOpen(path: path, reason: systemErrorMessage()) }
    self.path = path
    self.descriptor = descriptor
    self.temporaryPath = String(
      decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    buffer.reserveCapacity(Self.bufferSize)
    // mkstemp creates 0600; archives are ordinary readable files.
    fchmod(descriptor, 0o644)
  }

  deinit {
    discard()
  }

  /// Appends `bytes`, flushing the buffer when it fills.
  func write(_ bytes: UnsafeRawBufferPointer) throws(ZipError) {
    if buffer.count + bytes.count > Self.bufferSize { try flush() }
    if bytes.count >= Self.bufferSize {
      try writeAll(bytes, at: position)
    } else {
      buffer.append(contentsOf: bytes)
    }
    position += UInt64(bytes.count)
  }

  /// Appends `bytes`, flushing the buffer when it fills.
  func write(_ bytes: [UInt8]) throws(ZipError) {
    try bytes.withRawBytes { (raw) throws(ZipError) in try write(raw) }
  }

  /// Overwrites already-written bytes at `offset` (used to fill in sizes and CRC after the data).
  func patch(_ bytes: [UInt8], at offset: UInt64) throws(ZipError) {
    try flush()
    try bytes.withRawBytes { (raw) throws(ZipError) in try writeAll(raw, at: offset) }
  }

  /// Drops everything from `offset` on, to undo a half-written entry.
  func truncate(to offset: UInt64) throws(ZipError) {
    try flush()
    guard ftruncate(descriptor, off_t(offset)) == 0 else {
      throw .writeFailed(path: path, reason: systemErrorMessage())
    }
    position = offset
  }

  /// Flushes, syncs, closes and renames the temporary file onto `path`.
  func commit() throws(ZipError) {
    try flush()
    guard fsync(descriptor) == 0 else {
      throw .writeFailed(path: path, reason: systemErrorMessage())
    }
    let closed = close(descriptor)
    descriptor = -1
    guard closed == 0 else { throw .writeFailed(path: path, reason: systemErrorMessage()) }
    guard rename(temporaryPath, path) == 0 else {
      throw .writeFailed(
        path: path, reason: "cannot rename the temporary file: \(systemErrorMessage())")
    }
    committed = true
  }

  /// Closes the file and, unless `commit()` succeeded, deletes the temporary file.
  func discard() {
    if descriptor >= 0 {
      close(descriptor)
      descriptor = -1
    }
    if !committed {
      unlink(temporaryPath)
      committed = true  // nothing left to clean up
    }
  }

  private func flush() throws(ZipError) {
    guard !buffer.isEmpty else { return }
    let start = position - UInt64(buffer.count)
    try buffer.withRawBytes { (raw) throws(ZipError) in try writeAll(raw, at: start) }
    buffer.removeAll(keepingCapacity: true)
  }

  private func writeAll(_ bytes: UnsafeRawBufferPointer, at offset: UInt64) throws(ZipError) {
    guard descriptor >= 0 else { throw .writerClosed(path: path) }
    var done = 0
    while done < bytes.count {
      let result = pwrite(
        descriptor, bytes.baseAddress.map { $0 + done }, bytes.count - done,
        off_t(offset) + off_t(done))
      if result < 0 && errno == EINTR { continue }
      guard result > 0 else { throw .writeFailed(path: path, reason: systemErrorMessage()) }
      done += result
    }
  }
}

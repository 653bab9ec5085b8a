import CZlib

/// Compresses a stream of bytes as gzip members with zlib (the sole `import CZlib`).
///
/// Each `finish` ends one member, so a reader can start decompressing at any member's offset:
/// a WARC file stores every record as its own member. The header's time is 0 and the level
/// fixed, so the same bytes always compress to the same member.
final class GzipMember {
  private var stream = z_stream()
  private var output = [UInt8](repeating: 0, count: 1 << 16)
  private let sink: (UnsafeRawBufferPointer) throws(WACZError) -> Void
  private let path: String

  /// Starts a compressor that hands its output to `sink` as it is made.
  /// - Parameter path: The file being written, for errors.
  /// - Parameter sink: Receives the compressed bytes, in order.
  /// - Throws: `WACZError` naming `path` when zlib cannot start (out of memory).
  init(path: String, sink: @escaping (UnsafeRawBufferPointer) throws(WACZError) -> Void)
    throws(WACZError)
  {
    self.sink = sink
    self.path = path
    guard CZlib_deflateInitGzip(&stream, 6) == Z_OK else {
      throw WACZError(path: path, reason: "zlib cannot start compressing (out of memory)")
    }
  }

  deinit { deflateEnd(&stream) }

  /// Compresses `bytes` into the current member.
  func append(_ bytes: UnsafeRawBufferPointer) throws(WACZError) {
    guard let base = bytes.baseAddress, bytes.count > 0 else { return }
    stream.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: Bytef.self))
    stream.avail_in = uInt(bytes.count)
    try run(flush: Z_NO_FLUSH)
  }

  /// Compresses `bytes` into the current member.
  func append(_ bytes: [UInt8]) throws(WACZError) {
    let failure = bytes.withUnsafeBytes { buffer -> WACZError? in
      do throws(WACZError) { try append(buffer) } catch { return error }
      return nil
    }
    if let failure { throw failure }
  }

  /// Ends the current member (its gzip trailer) and starts the next.
  func finish() throws(WACZError) {
    stream.next_in = nil
    stream.avail_in = 0
    try run(flush: Z_FINISH)
    deflateReset(&stream)
  }

  private func run(flush: Int32) throws(WACZError) {
    let capacity = output.count
    while true {
      let (status, produced) = output.withUnsafeMutableBufferPointer { buffer in
        stream.next_out = buffer.baseAddress
        stream.avail_out = uInt(capacity)
        let status = deflate(&stream, flush)
        return (status, capacity - Int(stream.avail_out))
      }
      if produced > 0 {
        let failure = output.withUnsafeBytes { buffer -> WACZError? in
          do throws(WACZError) {
            try sink(UnsafeRawBufferPointer(rebasing: buffer[0..<produced]))
          } catch {
            return error
          }
          return nil
        }
        if let failure { throw failure }
      }
      if flush == Z_FINISH {
        if status == Z_STREAM_END { return }
      } else if stream.avail_in == 0 && stream.avail_out > 0 {
        return
      }
      guard status == Z_OK || status == Z_BUF_ERROR else {
        throw WACZError(path: path, reason: "zlib's deflate failed with status \(status)")
      }
    }
  }
}

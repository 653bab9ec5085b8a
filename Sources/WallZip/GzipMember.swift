import CZlib

/// Compresses a stream of bytes as gzip members with zlib (the sole `import CZlib`): the WARC
/// of a WACZ, and the `.gz` copies of `--precompress`.
///
/// Each `finish` ends one member, so a reader can start decompressing at any member's offset:
/// a WARC file stores every record as its own member. The header's time is 0 and the level
/// fixed, so the same bytes always compress to the same member.
package final class GzipMember<Failure: Error> {
  private var stream = z_stream()
  private var output = [UInt8](repeating: 0, count: 1 << 16)
  private let sink: (UnsafeRawBufferPointer) throws(Failure) -> Void
  private let failure: (String) -> Failure

  /// Starts a compressor that hands its output to `sink` as it is made.
  /// - Parameters:
  ///   - level: zlib's level, 1 (fastest) to 9 (smallest).
  ///   - failure: Makes the error of a zlib failure from its reason (naming the file written).
  ///   - sink: Receives the compressed bytes, in order.
  /// - Throws: `failure`'s error when zlib cannot start (out of memory).
  package init(
    level: Int32 = 6, failure: @escaping (String) -> Failure,
    sink: @escaping (UnsafeRawBufferPointer) throws(Failure) -> Void
  ) throws(Failure) {
    self.sink = sink
    self.failure = failure
    guard CZlib_deflateInitGzip(&stream, level) == Z_OK else {
      throw failure("zlib cannot start compressing (out of memory)")
    }
  }

  deinit { deflateEnd(&stream) }

  /// Compresses `bytes` into the current member.
  package func append(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
    guard let base = bytes.baseAddress, bytes.count > 0 else { return }
    stream.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: Bytef.self))
    stream.avail_in = uInt(bytes.count)
    try run(flush: Z_NO_FLUSH)
  }

  /// Compresses `bytes` into the current member.
  package func append(_ bytes: [UInt8]) throws(Failure) {
    let failed = bytes.withUnsafeBytes { buffer -> Failure? in
      do throws(Failure) { try append(buffer) } catch { return error }
      return nil
    }
    if let failed { throw failed }
  }

  /// Ends the current member (its gzip trailer) and starts the next.
  package func finish() throws(Failure) {
    stream.next_in = nil
    stream.avail_in = 0
    try run(flush: Z_FINISH)
    deflateReset(&stream)
  }

  private func run(flush: Int32) throws(Failure) {
    let capacity = output.count
    while true {
      let (status, produced) = output.withUnsafeMutableBufferPointer { buffer in
        stream.next_out = buffer.baseAddress
        stream.avail_out = uInt(capacity)
        let status = deflate(&stream, flush)
        return (status, capacity - Int(stream.avail_out))
      }
      if produced > 0 {
        let failed = output.withUnsafeBytes { buffer -> Failure? in
          do throws(Failure) {
            try sink(UnsafeRawBufferPointer(rebasing: buffer[0..<produced]))
          } catch {
            return error
          }
          return nil
        }
        if let failed { throw failed }
      }
      if flush == Z_FINISH {
        if status == Z_STREAM_END { return }
      } else if stream.avail_in == 0 && stream.avail_out > 0 {
        return
      }
      guard status == Z_OK || status == Z_BUF_ERROR else {
        throw failure("zlib's deflate failed with status \(status)")
      }
    }
  }
}

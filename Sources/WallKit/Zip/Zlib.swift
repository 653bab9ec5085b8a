// The only file in WallKit that imports zlib. Everything zlib-shaped (z_stream, return codes,
// crc32) stays in here; the rest of the Zip folder sees `Inflater`, `Deflater` and `CRC32`.
import CZlib

/// A zlib call that returned an error code, with zlib's own message when it gave one.
struct ZlibFailure: Error, Equatable {
  /// The zlib return code, such as `Z_DATA_ERROR` (-3).
  var code: Int32
  /// zlib's message (`z_stream.msg`), or a fallback naming the return code.
  var message: String

  init(code: Int32, stream: UnsafeMutablePointer<z_stream>?) {
    self.code = code
    if let stream, let msg = stream.pointee.msg {
      self.message = String(cString: msg)
    } else {
      self.message = "zlib returned \(code)"
    }
  }
}

/// A running CRC-32 (the zip/gzip polynomial), computed by zlib's `crc32`.
struct CRC32 {
  /// The checksum of everything passed to `update` so far.
  private(set) var value: UInt32 = 0

  /// Folds `bytes` into the checksum.
  mutating func update(_ bytes: UnsafeRawBufferPointer) {
    guard var base = bytes.baseAddress?.assumingMemoryBound(to: Bytef.self) else { return }
    var remaining = bytes.count
    var crc = uLong(value)
    while remaining > 0 {
      let step = min(remaining, Int(UInt32.max >> 1))
      crc = crc32(crc, base, uInt(step))
      base += step
      remaining -= step
    }
    value = UInt32(truncatingIfNeeded: crc)
  }

  /// Folds `bytes` into the checksum.
  mutating func update(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { update($0) }
  }
}

/// What one `Inflater.inflate` call ended with.
enum InflateProgress: Equatable {
  /// All input was consumed and the stream wants more.
  case needsInput
  /// The deflate stream ended; the stream is finished.
  case streamEnd
  /// `output` reached the caller's byte budget before the stream ended.
  case budgetReached
}

/// A raw-deflate (no zlib/gzip header) decompressor owning one `z_stream`.
final class Inflater {
  private let stream: UnsafeMutablePointer<z_stream>

  init() throws(ZlibFailure) {
    stream = .allocate(capacity: 1)
    stream.initialize(to: z_stream())
    let code = inflateInit2_(stream, -MAX_WBITS, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
    guard code == Z_OK else {
      let failure = ZlibFailure(code: code, stream: stream)
      stream.deallocate()
      throw failure
    }
  }

  deinit {
    inflateEnd(stream)
    stream.deallocate()
  }

  /// Inflates `input`, appending to `output` but never letting it grow past `budget` bytes.
  ///
  /// Returns when the input is used up, the stream ends, or `output.count == budget`.
  func inflate(_ input: [UInt8], into output: inout [UInt8], budget: Int) throws(ZlibFailure)
    -> InflateProgress
  {
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    return try input.withRawBytes { (inBuffer) throws(ZlibFailure) in
      stream.pointee.next_in = UnsafeMutablePointer(
        mutating: inBuffer.baseAddress?.assumingMemoryBound(to: Bytef.self))
      stream.pointee.avail_in = uInt(inBuffer.count)
      defer {
        stream.pointee.next_in = nil
        stream.pointee.avail_in = 0
      }
      while true {
        let room = min(chunk.count, budget - output.count)
        if room <= 0 { return .budgetReached }
        let (code, produced) = chunk.withUnsafeMutableBufferPointer { outBuffer in
          stream.pointee.next_out = outBuffer.baseAddress
          stream.pointee.avail_out = uInt(room)
          let code = CZlib.inflate(stream, Z_NO_FLUSH)
          let produced = room - Int(stream.pointee.avail_out)
          stream.pointee.next_out = nil
          stream.pointee.avail_out = 0
          return (code, produced)
        }
        output.append(contentsOf: chunk[0..<produced])
        switch code {
        case Z_STREAM_END:
          return .streamEnd
        case Z_OK:
          if stream.pointee.avail_in == 0 && produced < room { return .needsInput }
        case Z_BUF_ERROR:
          // "No progress possible": with room in `output`, that can only mean "out of input".
          guard stream.pointee.avail_in == 0 else { throw ZlibFailure(code: code, stream: stream) }
          return .needsInput
        default:
          throw ZlibFailure(code: code, stream: stream)
        }
      }
    }
  }
}

/// A raw-deflate compressor owning one `z_stream`, at a fixed level so output is reproducible.
final class Deflater {
  private let stream: UnsafeMutablePointer<z_stream>

  /// Creates a compressor at zlib `level` (0–9) with zlib's default memory level and strategy.
  init(level: Int32) throws(ZlibFailure) {
    stream = .allocate(capacity: 1)
    stream.initialize(to: z_stream())
    let code = deflateInit2_(
      stream, level, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY, zlibVersion(),
      Int32(MemoryLayout<z_stream>.size))
    guard code == Z_OK else {
      let failure = ZlibFailure(code: code, stream: stream)
      stream.deallocate()
      throw failure
    }
  }

  deinit {
    deflateEnd(stream)
    stream.deallocate()
  }

  /// Compresses `input` and returns the bytes zlib produced; pass `finish: true` at the end.
  func deflate(_ input: UnsafeRawBufferPointer, finish: Bool) throws(ZlibFailure) -> [UInt8] {
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    stream.pointee.next_in = UnsafeMutablePointer(
      mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
    stream.pointee.avail_in = uInt(input.count)
    defer {
      stream.pointee.next_in = nil
      stream.pointee.avail_in = 0
    }
    let flush = finish ? Z_FINISH : Z_NO_FLUSH
    while true {
      let (code, produced, full) = chunk.withUnsafeMutableBufferPointer { outBuffer in
        stream.pointee.next_out = outBuffer.baseAddress
        stream.pointee.avail_out = uInt(outBuffer.count)
        let code = CZlib.deflate(stream, flush)
        let produced = outBuffer.count - Int(stream.pointee.avail_out)
        let full = stream.pointee.avail_out == 0
        stream.pointee.next_out = nil
        stream.pointee.avail_out = 0
        return (code, produced, full)
      }
      output.append(contentsOf: chunk[0..<produced])
      switch code {
      case Z_STREAM_END:
        return output
      case Z_OK, Z_BUF_ERROR:
        // Without `finish`, stop once the input is used up and zlib had room to spare; with
        // `finish`, keep draining until Z_STREAM_END. Z_BUF_ERROR only means "no progress".
        if !finish && stream.pointee.avail_in == 0 && !full { return output }
        if code == Z_BUF_ERROR && !full { throw ZlibFailure(code: code, stream: stream) }
      default:
        throw ZlibFailure(code: code, stream: stream)
      }
    }
  }
}

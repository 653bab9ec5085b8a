/// Streams one entry's bytes into the archive: updates the CRC-32 and sizes and writes them
/// stored or deflated, refusing sizes that would need ZIP64.
final class ZipEntryEncoder {
  private let output: ZipOutputFile
  private let deflater: Deflater?
  private let entry: String
  private let sizeLimit: UInt64
  private var crc = CRC32()
  /// The CRC-32 of everything fed so far.
  var crc32: UInt32 { crc.value }
  /// The number of bytes fed so far.
  private(set) var uncompressedSize: UInt64 = 0
  /// The number of bytes written to the archive so far.
  private(set) var compressedSize: UInt64 = 0

  /// Input is handed to zlib in pieces of this size (its counters are 32-bit).
  private static let chunkSize = 64 * 1024

  init(output: ZipOutputFile, compression: ZipCompression, entry: String, sizeLimit: UInt64)
    throws(ZipError)
  {
    self.output = output
    self.entry = entry
    self.sizeLimit = sizeLimit
    switch compression {
    case .stored:
      deflater = nil
    case .deflated:
      do {
        deflater = try Deflater(level: 6)
      } catch {
        throw .compressionFailed(path: output.path, entry: entry, reason: error.message)
      }
    }
  }

  /// Adds `bytes` to the entry.
  func feed(_ bytes: UnsafeRawBufferPointer) throws(ZipError) {
    var start = 0
    while start < bytes.count {
      let piece = UnsafeRawBufferPointer(
        rebasing: bytes[start..<min(start + Self.chunkSize, bytes.count)])
      start += piece.count
      crc.update(piece)
      uncompressedSize += UInt64(piece.count)
      try checkLimit(uncompressedSize, "its size")
      if deflater != nil {
        try emit(compress(piece, finish: false))
      } else {
        try emit(piece)
      }
    }
  }

  /// Adds `bytes` to the entry.
  func feed(_ bytes: [UInt8]) throws(ZipError) {
    try bytes.withRawBytes { (raw) throws(ZipError) in try feed(raw) }
  }

  /// Flushes the compressor; call once after the last `feed`.
  func finish() throws(ZipError) {
    guard deflater != nil else { return }
    try emit(compress(UnsafeRawBufferPointer(start: nil, count: 0), finish: true))
  }

  private func compress(_ piece: UnsafeRawBufferPointer, finish: Bool) throws(ZipError) -> [UInt8] {
    guard let deflater else { return [] }
    do {
      return try deflater.deflate(piece, finish: finish)
    } catch {
      throw .compressionFailed(path: output.path, entry: entry, reason: error.message)
    }
  }

  private func emit(_ bytes: [UInt8]) throws(ZipError) {
    try bytes.withRawBytes { (raw) throws(ZipError) in try emit(raw) }
  }

  private func emit(_ bytes: UnsafeRawBufferPointer) throws(ZipError) {
    compressedSize += UInt64(bytes.count)
    try checkLimit(compressedSize, "its compressed size")
    try output.write(bytes)
  }

  private func checkLimit(_ size: UInt64, _ what: String) throws(ZipError) {
    guard size <= sizeLimit else {
      throw .zip64Required(
        path: output.path, entry: entry, reason: "\(what) passes \(sizeLimit) bytes")
    }
  }
}

extension ZipArchive {
  /// Extracts one entry's bytes through libzip, which checks the CRC-32.
  ///
  /// Memory stays within the entry's declared size: reading stops as soon as the output passes
  /// it, so a small-declared entry that inflates hugely fails instead of growing.
  /// - Parameter entry: An entry from this archive's `entries`.
  /// - Parameter limit: The most bytes the caller accepts for this entry (lowered to
  ///   `limits.entryBytes` when that is smaller).
  /// - Returns: The uncompressed bytes (empty for directories).
  /// - Throws: `ZipError` for unsupported, oversized, truncated or corrupt entries.
  public func contents(of entry: ZipEntry, limit: Int) throws(ZipError) -> [UInt8] {
    try checkReadable(entry, limit: limit)
    let declared = Int(entry.uncompressedSize)  // <= cap, so it fits
    let (bytes, failure) = reader.read(index: entry.index, upTo: declared)
    guard bytes.count <= declared else {
      throw .exceedsDeclaredSize(
        path: path, entry: entry.name, declaredSize: entry.uncompressedSize)
    }
    let mismatch = ZipError.sizeMismatch(
      path: path, entry: entry.name, declaredSize: entry.uncompressedSize,
      actualSize: UInt64(bytes.count))
    switch failure {
    case nil:
      guard bytes.count == declared else { throw mismatch }
      return bytes
    case .crc where bytes.count == declared:
      throw .crcMismatch(
        path: path, entry: entry.name, expected: entry.crc32, actual: ZipCRC32.checksum(bytes))
    case .crc, .size:
      throw mismatch
    case .other(let reason):
      throw .corruptData(path: path, entry: entry.name, reason: reason)
    }
  }
}

extension ZipArchive {
  /// Checks that `entry` can be read, at most `limit` bytes (lowered to `limits.entryBytes`):
  /// not encrypted, stored or deflated, declared within the cap, with a local header that
  /// agrees with the central directory.
  /// - Throws: `ZipError` naming what is wrong.
  func checkReadable(_ entry: ZipEntry, limit: Int) throws(ZipError) {
    guard !entry.isEncrypted else { throw .encryptedEntry(path: path, entry: entry.name) }
    guard entry.method == ZipFormat.methodStored || entry.method == ZipFormat.methodDeflated else {
      throw .unsupportedMethod(path: path, entry: entry.name, method: entry.method)
    }
    let cap = limit < 0 ? 0 : min(UInt64(limit), limits.entryBytes)
    guard limit >= 0, entry.uncompressedSize <= cap else {
      throw .entryTooLarge(
        path: path, entry: entry.name, size: entry.uncompressedSize, limit: Int(clamping: cap))
    }
    // libzip would fail here too, but with "Invalid argument"; this names the offsets.
    _ = try ZipLocalHeader.read(
      in: file, at: entry.localHeaderOffset, compressedSize: entry.compressedSize,
      entry: entry.name)
  }

  /// Opens `entry` to be read a piece at a time, in the memory of the caller's buffer.
  ///
  /// What a plan's part streams a class file with. The same checks as `contents(of:limit:)` hold, the
  /// last ones (the size and the CRC-32) when its end is read.
  /// - Throws: `ZipError` for an entry that cannot be read (see `checkReadable`).
  public func stream(of entry: ZipEntry, limit: Int) throws(ZipError) -> ZipEntryStream {
    try checkReadable(entry, limit: limit)
    let (reader, failure) = reader.open(index: entry.index)
    guard let reader else {
      throw .corruptData(path: path, entry: entry.name, reason: failure ?? "cannot be opened")
    }
    return ZipEntryStream(reader: reader, archive: self, entry: entry)
  }

  /// The CRC-32 of `entry`'s bytes as they inflate, read again a piece at a time.
  ///
  /// The actual value a stream quotes when libzip finds a mismatch; 0 when it cannot be read again.
  func actualCRC32(of entry: ZipEntry) -> UInt32 {
    guard case let (reader?, _) = reader.open(index: entry.index) else { return 0 }
    var state = UInt32.max
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      // The last read fails on the mismatch, once every byte has come out.
      let count = chunk.withUnsafeMutableBytes { (try? reader.read(into: $0)) ?? 0 }
      guard count > 0 else { break }
      state = ZipCRC32.update(state, chunk[0..<count])
    }
    return ~state
  }
}

/// An entry of a zip read a piece at a time (`ZipArchive.stream(of:limit:)`).
///
/// It fails as soon as more bytes come out than the entry declares, and at its end when fewer
/// did or its CRC-32 does not match.
public final class ZipEntryStream {
  private let reader: LibZipEntryReader
  private let zip: ZipArchive
  private let entry: ZipEntry
  private var delivered: UInt64 = 0
  private var archive: String { zip.path }

  init(reader: LibZipEntryReader, archive: ZipArchive, entry: ZipEntry) {
    self.reader = reader
    self.zip = archive
    self.entry = entry
  }

  /// Reads the entry's next bytes into `buffer`; 0 only at its end.
  /// - Throws: `ZipError` when the data is corrupt, longer or shorter than declared, or fails
  ///   its CRC-32.
  public func read(into buffer: UnsafeMutableRawBufferPointer) throws(ZipError) -> Int {
    let count: Int
    do {
      count = try reader.read(into: buffer)
    } catch {
      switch error {
      case .crc where delivered == entry.uncompressedSize:
        throw .crcMismatch(
          path: archive, entry: entry.name, expected: entry.crc32,
          actual: zip.actualCRC32(of: entry))
      case .crc, .size:
        throw .sizeMismatch(
          path: archive, entry: entry.name, declaredSize: entry.uncompressedSize,
          actualSize: delivered)
      case .other(let reason):
        throw .corruptData(path: archive, entry: entry.name, reason: reason)
      }
    }
    delivered += UInt64(count)
    guard delivered <= entry.uncompressedSize else {
      throw .exceedsDeclaredSize(
        path: archive, entry: entry.name, declaredSize: entry.uncompressedSize)
    }
    if count == 0, delivered != entry.uncompressedSize {
      throw .sizeMismatch(
        path: archive, entry: entry.name, declaredSize: entry.uncompressedSize,
        actualSize: delivered)
    }
    return count
  }
}

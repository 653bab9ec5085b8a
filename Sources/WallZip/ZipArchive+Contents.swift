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

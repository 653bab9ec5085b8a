extension ZipArchive {
  /// Compressed bytes are read in chunks of this size.
  private static let readChunkSize = 64 * 1024

  /// Extracts one entry's bytes, checking its sizes and CRC-32.
  ///
  /// Memory stays within the entry's declared size: inflation stops as soon as the output would
  /// pass it, so a small-declared entry that inflates hugely fails instead of growing.
  /// - Parameter entry: An entry from this archive's `entries`.
  /// - Parameter limit: The most bytes the caller accepts for this entry.
  /// - Returns: The uncompressed bytes (empty for directories).
  /// - Throws: `ZipError` for unsupported, oversized, truncated or corrupt entries.
  public func contents(of entry: ZipEntry, limit: Int) throws(ZipError) -> [UInt8] {
    guard !entry.isEncrypted else { throw .encryptedEntry(path: path, entry: entry.name) }
    guard entry.method == ZipFormat.methodStored || entry.method == ZipFormat.methodDeflated else {
      throw .unsupportedMethod(path: path, entry: entry.name, method: entry.method)
    }
    guard limit >= 0, entry.uncompressedSize <= UInt64(limit) else {
      throw .entryTooLarge(
        path: path, entry: entry.name, size: entry.uncompressedSize, limit: limit)
    }
    let dataOffset = try dataOffset(of: entry)
    let bytes =
      if entry.method == ZipFormat.methodStored {
        try stored(entry, at: dataOffset)
      } else {
        try inflated(entry, at: dataOffset)
      }
    var crc = CRC32()
    crc.update(bytes)
    guard crc.value == entry.crc32 else {
      throw .crcMismatch(path: path, entry: entry.name, expected: entry.crc32, actual: crc.value)
    }
    return bytes
  }

  /// Checks the local header and returns where the entry's data starts, after checking that the
  /// data lies inside the file.
  private func dataOffset(of entry: ZipEntry) throws(ZipError) -> UInt64 {
    let headerSize = UInt64(ZipFormat.localFileHeaderSize)
    guard entry.localHeaderOffset <= file.size, file.size - entry.localHeaderOffset >= headerSize
    else {
      throw .invalidLocalHeader(
        path: path, entry: entry.name,
        reason: "offset \(entry.localHeaderOffset) leaves no room for a header "
          + "in the \(file.size)-byte file")
    }
    let header = try file.read(at: entry.localHeaderOffset, count: ZipFormat.localFileHeaderSize)
    guard let signature = header.uint32(at: 0), signature == ZipFormat.localFileSignature,
      let nameLength = header.uint16(at: 26), let extraLength = header.uint16(at: 28)
    else {
      throw .invalidLocalHeader(
        path: path, entry: entry.name,
        reason: "no local header signature at offset \(entry.localHeaderOffset)")
    }
    let dataOffset = entry.localHeaderOffset + headerSize + UInt64(nameLength) + UInt64(extraLength)
    guard dataOffset <= file.size, file.size - dataOffset >= entry.compressedSize else {
      throw .invalidLocalHeader(
        path: path, entry: entry.name,
        reason: "\(entry.compressedSize) bytes of data at offset \(dataOffset) run past the end "
          + "of the \(file.size)-byte file")
    }
    return dataOffset
  }

  private func stored(_ entry: ZipEntry, at offset: UInt64) throws(ZipError) -> [UInt8] {
    guard entry.compressedSize == entry.uncompressedSize else {
      throw .sizeMismatch(
        path: path, entry: entry.name, declaredSize: entry.uncompressedSize,
        actualSize: entry.compressedSize)
    }
    return try file.read(at: offset, count: Int(entry.compressedSize))
  }

  private func inflated(_ entry: ZipEntry, at offset: UInt64) throws(ZipError) -> [UInt8] {
    if entry.compressedSize == 0 && entry.uncompressedSize == 0 { return [] }
    let declared = Int(entry.uncompressedSize)  // <= limit, so it fits
    let budget = declared == Int.max ? declared : declared + 1
    var output: [UInt8] = []
    output.reserveCapacity(min(declared, 16 << 20))
    let inflater: Inflater
    do {
      inflater = try Inflater()
    } catch {
      throw .corruptData(path: path, entry: entry.name, reason: error.message)
    }
    var position = offset
    var remaining = entry.compressedSize
    while true {
      guard remaining > 0 else {
        throw .corruptData(
          path: path, entry: entry.name,
          reason: "the deflate stream is unfinished after all \(entry.compressedSize) "
            + "compressed bytes")
      }
      let count = Int(min(remaining, UInt64(Self.readChunkSize)))
      let chunk = try file.read(at: position, count: count)
      position += UInt64(count)
      remaining -= UInt64(count)
      let progress: InflateProgress
      do {
        progress = try inflater.inflate(chunk, into: &output, budget: budget)
      } catch {
        throw .corruptData(path: path, entry: entry.name, reason: error.message)
      }
      if output.count > declared || progress == .budgetReached {
        throw .exceedsDeclaredSize(
          path: path, entry: entry.name, declaredSize: entry.uncompressedSize)
      }
      if progress == .streamEnd { break }
    }
    guard output.count == declared else {
      throw .sizeMismatch(
        path: path, entry: entry.name, declaredSize: entry.uncompressedSize,
        actualSize: UInt64(output.count))
    }
    return output
  }
}

/// Writes a zip archive entry by entry, streaming each entry's data to a temporary file beside
/// `path` that `finish()` renames into place.
///
/// Output is deterministic: entries appear in the order they are added, timestamps come from the
/// caller, deflate runs at a fixed level, names carry the UTF-8 flag, and there are no extra
/// fields, so the same calls produce byte-identical archives. ZIP64 is not written: an entry or archive
/// past 4 GiB (or 65,535 entries) throws `ZipError.zip64Required`.
public final class ZipWriter {
  /// The destination the archive is renamed to by `finish()`.
  public let path: String

  private let output: ZipOutputFile
  private let sizeLimit: UInt64
  private var centralDirectory: [UInt8] = []
  private var entryCount = 0
  private var names: Set<String> = []
  private var isOpen = true

  /// Creates a temporary file beside `path` to write the archive into.
  /// - Parameter path: Where the finished archive goes; replaced atomically by `finish()`.
  /// - Throws: `ZipError.cannotOpen` when the temporary file cannot be created.
  public convenience init(path: String) throws(ZipError) {
    try self.init(path: path, sizeLimit: UInt64(UInt32.max - 1))
  }

  /// Creates a writer whose 32-bit size and offset ceiling is `sizeLimit` (lowered by tests).
  init(path: String, sizeLimit: UInt64) throws(ZipError) {
    self.path = path
    self.sizeLimit = sizeLimit
    self.output = try ZipOutputFile(path: path)
  }

  /// Adds a file entry with the given bytes.
  /// - Parameter name: A safe relative path such as `photos/a.jpg`.
  /// - Parameter contents: The entry's bytes.
  /// - Parameter modified: The timestamp stored for the entry.
  /// - Parameter compression: Stored or deflated (the default).
  /// - Throws: `ZipError` for an unsafe or duplicate name, an entry needing ZIP64, or an I/O error.
  public func addFile(
    named name: String, contents: [UInt8], modified: ZipTimestamp,
    compression: ZipCompression = .deflated
  ) throws(ZipError) {
    try addEntry(name, modified: modified, compression: compression, isDirectory: false) {
      (encoder) throws(ZipError) in try encoder.feed(contents)
    }
  }

  /// Adds a file entry whose bytes are read from `sourcePath` in chunks, never all at once.
  /// - Parameter name: A safe relative path such as `photos/a.jpg`.
  /// - Parameter sourcePath: The file to copy into the archive.
  /// - Parameter modified: The timestamp stored for the entry.
  /// - Parameter compression: Stored or deflated (the default).
  /// - Throws: `ZipError.cannotReadSource` when the file cannot be read; otherwise as
  ///   `addFile(named:contents:modified:compression:)`.
  public func addFile(
    named name: String, contentsOf sourcePath: String, modified: ZipTimestamp,
    compression: ZipCompression = .deflated
  ) throws(ZipError) {
    try addEntry(name, modified: modified, compression: compression, isDirectory: false) {
      (encoder) throws(ZipError) in
      do throws(ZipError) {
        let source = try ZipInputFile(path: sourcePath)
        var offset: UInt64 = 0
        while offset < source.size {
          let count = Int(min(source.size - offset, 64 * 1024))
          try encoder.feed(source.read(at: offset, count: count))
          offset += UInt64(count)
        }
      } catch {
        switch error {
        case .cannotOpen(_, let reason), .readFailed(_, _, let reason):
          throw .cannotReadSource(path: path, entry: name, source: sourcePath, reason: reason)
        default:
          throw error
        }
      }
    }
  }

  /// Adds a directory entry; a trailing `/` is appended to `name` when missing.
  /// - Parameter name: A safe relative path such as `photos` or `photos/`.
  /// - Parameter modified: The timestamp stored for the entry.
  /// - Throws: `ZipError` for an unsafe or duplicate name or an I/O error.
  public func addDirectory(named name: String, modified: ZipTimestamp) throws(ZipError) {
    let directoryName = name.isEmpty || name.hasSuffix("/") ? name : name + "/"
    try addEntry(directoryName, modified: modified, compression: .stored, isDirectory: true) { _ in
    }
  }

  /// Writes the central directory and renames the archive onto `path`; the writer is then closed.
  /// - Throws: `ZipError` when writing or renaming fails; the temporary file is then removed.
  public func finish() throws(ZipError) {
    guard isOpen else { throw .writerClosed(path: path) }
    isOpen = false
    do throws(ZipError) {
      let directoryOffset = output.position
      guard directoryOffset <= sizeLimit, UInt64(centralDirectory.count) <= sizeLimit else {
        throw .zip64Required(
          path: path, entry: nil,
          reason: "the central directory at offset \(directoryOffset) with size "
            + "\(centralDirectory.count) passes \(sizeLimit) bytes")
      }
      try output.write(centralDirectory)
      try output.write(
        ZipHeaders.endOfCentralDirectory(
          entryCount: entryCount, directorySize: UInt32(centralDirectory.count),
          directoryOffset: UInt32(directoryOffset)))
      try output.commit()
    } catch {
      output.discard()
      throw error
    }
  }

  private func addEntry(
    _ name: String, modified: ZipTimestamp, compression: ZipCompression, isDirectory: Bool,
    writeData: (ZipEntryEncoder) throws(ZipError) -> Void
  ) throws(ZipError) {
    guard isOpen else { throw .writerClosed(path: path) }
    let tooLong: ZipNameProblem? = name.utf8.count > Int(UInt16.max) ? .tooLong : nil
    if let problem = ZipNamePolicy.problem(in: name) ?? tooLong {
      throw .invalidEntryName(path: path, entry: name, problem: problem)
    }
    guard !names.contains(name) else { throw .duplicateEntryName(path: path, entry: name) }
    let offset = output.position
    guard offset <= sizeLimit, entryCount < Int(UInt16.max) else {
      throw .zip64Required(
        path: path, entry: name,
        reason: "it would be entry \(entryCount + 1) at offset \(offset)")
    }
    var header = ZipHeaders.Fields(
      name: Array(name.utf8), method: compression.method, modified: modified,
      isDirectory: isDirectory, localHeaderOffset: UInt32(offset))
    do throws(ZipError) {
      try output.write(ZipHeaders.localFileHeader(header))
      let encoder = try ZipEntryEncoder(
        output: output, compression: compression, entry: name, sizeLimit: sizeLimit)
      try writeData(encoder)
      try encoder.finish()
      header.crc32 = encoder.crc32
      header.compressedSize = UInt32(encoder.compressedSize)
      header.uncompressedSize = UInt32(encoder.uncompressedSize)
      try output.patch(ZipHeaders.sizesAndCRC(header), at: offset + 14)
    } catch {
      rollBack(to: offset)
      throw error
    }
    centralDirectory += ZipHeaders.centralFileHeader(header)
    entryCount += 1
    names.insert(name)
  }

  /// Drops a half-written entry so the archive stays valid; if even that fails, closes the writer.
  private func rollBack(to offset: UInt64) {
    do throws(ZipError) {
      try output.truncate(to: offset)
    } catch {
      isOpen = false
      output.discard()
    }
  }
}

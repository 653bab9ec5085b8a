/// Where the central directory is, taken from the end of central directory record and, when the
/// archive has one, the ZIP64 end record it points to.
struct ZipEndOfCentralDirectory: Equatable {
  /// The number of entries the central directory declares.
  var entryCount: UInt64
  /// The central directory's size in bytes.
  var directorySize: UInt64
  /// The central directory's offset from the start of the file.
  var directoryOffset: UInt64

  /// Finds the end record by scanning back over a possible archive comment, then reads it.
  static func locate(in file: ZipInputFile) throws(ZipError) -> Self {
    guard file.size > 0 else { throw .emptyFile(path: file.path) }
    let minimum = UInt64(ZipFormat.endOfCentralDirectorySize)
    guard file.size >= minimum else {
      throw .missingEndOfCentralDirectory(path: file.path, fileSize: file.size)
    }
    let tailSize = min(file.size, minimum + UInt64(ZipFormat.maxCommentLength))
    let tailStart = file.size - tailSize
    let tail = try file.read(at: tailStart, count: Int(tailSize))
    guard let position = recordPosition(in: tail) else {
      throw .missingEndOfCentralDirectory(path: file.path, fileSize: file.size)
    }
    let recordOffset = tailStart + UInt64(position)
    let record = Array(tail[position..<position + ZipFormat.endOfCentralDirectorySize])
    if let zip64 = try zip64Record(in: file, before: recordOffset) {
      return zip64
    }
    let disk = record.uint16(at: 4) ?? 0
    let directoryDisk = record.uint16(at: 6) ?? 0
    guard disk == 0, directoryDisk == 0 else {
      throw .invalidDirectory(
        path: file.path,
        reason: "the archive spans disks (disk \(disk), directory on disk \(directoryDisk))")
    }
    return Self(
      entryCount: UInt64(record.uint16(at: 10) ?? 0),
      directorySize: UInt64(record.uint32(at: 12) ?? 0),
      directoryOffset: UInt64(record.uint32(at: 16) ?? 0))
  }

  /// The last record start whose comment length reaches exactly to the end of `tail`, or failing
  /// that, the last one whose comment fits (some tools append bytes after the comment).
  private static func recordPosition(in tail: [UInt8]) -> Int? {
    let size = ZipFormat.endOfCentralDirectorySize
    let candidates = stride(from: tail.count - size, through: 0, by: -1).lazy.filter {
      tail.uint32(at: $0) == ZipFormat.endOfCentralDirectorySignature
    }
    func commentEnd(_ position: Int) -> Int {
      position + size + Int(tail.uint16(at: position + 20) ?? 0)
    }
    return candidates.first { commentEnd($0) == tail.count }
      ?? candidates.first { commentEnd($0) <= tail.count }
  }

  /// Reads the ZIP64 end record when a ZIP64 locator sits right before the classic end record.
  private static func zip64Record(in file: ZipInputFile, before recordOffset: UInt64)
    throws(ZipError)
    -> Self?
  {
    let locatorSize = UInt64(ZipFormat.zip64LocatorSize)
    guard recordOffset >= locatorSize else { return nil }
    let locator = try file.read(at: recordOffset - locatorSize, count: ZipFormat.zip64LocatorSize)
    guard locator.uint32(at: 0) == ZipFormat.zip64LocatorSignature,
      let offset = locator.uint64(at: 8)
    else { return nil }
    let endSize = UInt64(ZipFormat.zip64EndSize)
    guard offset <= recordOffset - locatorSize, recordOffset - locatorSize - offset >= endSize
    else {
      throw .invalidDirectory(
        path: file.path,
        reason: "the ZIP64 end record offset \(offset) does not leave room for the record "
          + "before the ZIP64 locator at offset \(recordOffset - locatorSize)")
    }
    let record = try file.read(at: offset, count: ZipFormat.zip64EndSize)
    guard let signature = record.uint32(at: 0), signature == ZipFormat.zip64EndSignature,
      let disk = record.uint32(at: 16), let directoryDisk = record.uint32(at: 20),
      let count = record.uint64(at: 32), let size = record.uint64(at: 40),
      let directoryOffset = record.uint64(at: 48)
    else {
      throw .invalidDirectory(
        path: file.path, reason: "no ZIP64 end record signature at offset \(offset)")
    }
    guard disk == 0, directoryDisk == 0 else {
      throw .invalidDirectory(
        path: file.path,
        reason: "the archive spans disks (disk \(disk), directory on disk \(directoryDisk))")
    }
    return Self(entryCount: count, directorySize: size, directoryOffset: directoryOffset)
  }
}

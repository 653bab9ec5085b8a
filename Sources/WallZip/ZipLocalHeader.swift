/// The fixed part and name of an entry's local file header (APPNOTE 4.3.7), read with `pread`
/// to check it against the central directory before libzip reads the entry.
struct ZipLocalHeader {
  /// The general purpose flags in the local header.
  var flags: UInt16
  /// The name bytes in the local header.
  var nameBytes: [UInt8]
  /// Where the entry's data starts.
  var dataOffset: UInt64

  /// Reads the local header at `offset` and checks that it and `compressedSize` bytes of data
  /// after it lie inside the file.
  /// - Parameter entry: The entry's name, for error messages.
  static func read(
    in file: ZipInputFile, at offset: UInt64, compressedSize: UInt64, entry: String
  ) throws(ZipError) -> Self {
    let path = file.path
    let headerSize = UInt64(ZipFormat.localFileHeaderSize)
    guard offset <= file.size, file.size - offset >= headerSize else {
      throw .invalidLocalHeader(
        path: path, entry: entry,
        reason: "offset \(offset) leaves no room for a header in the \(file.size)-byte file")
    }
    let header = try file.read(at: offset, count: ZipFormat.localFileHeaderSize)
    guard let signature = header.uint32(at: 0), signature == ZipFormat.localFileSignature,
      let flags = header.uint16(at: 6), let nameLength = header.uint16(at: 26),
      let extraLength = header.uint16(at: 28)
    else {
      throw .invalidLocalHeader(
        path: path, entry: entry, reason: "no local header signature at offset \(offset)")
    }
    let dataOffset = offset + headerSize + UInt64(nameLength) + UInt64(extraLength)
    guard dataOffset <= file.size, file.size - dataOffset >= compressedSize else {
      throw .invalidLocalHeader(
        path: path, entry: entry,
        reason: "\(compressedSize) bytes of data at offset \(dataOffset) run past the end "
          + "of the \(file.size)-byte file")
    }
    let nameBytes = try file.read(at: offset + headerSize, count: Int(nameLength))
    return Self(flags: flags, nameBytes: nameBytes, dataOffset: dataOffset)
  }
}

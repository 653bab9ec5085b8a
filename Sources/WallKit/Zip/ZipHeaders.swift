/// Builds the fixed-layout records `ZipWriter` emits (APPNOTE 4.3.7, 4.3.12, 4.3.16).
enum ZipHeaders {
  /// What one entry's headers say.
  struct Fields {
    var name: [UInt8]
    var method: UInt16
    var modified: ZipTimestamp
    var isDirectory: Bool
    var localHeaderOffset: UInt32
    var crc32: UInt32 = 0
    var compressedSize: UInt32 = 0
    var uncompressedSize: UInt32 = 0
  }

  /// "Version needed to extract" 2.0: deflate and directories.
  private static let versionNeeded: UInt16 = 20
  /// "Version made by": host 3 (Unix), so external attributes hold a Unix mode; spec 2.0.
  private static let versionMadeBy: UInt16 = 3 << 8 | 20
  /// `-rw-r--r--` regular file.
  private static let fileAttributes: UInt32 = 0o100644 << 16
  /// `drwxr-xr-x` directory, plus the MS-DOS directory bit.
  private static let directoryAttributes: UInt32 = 0o040755 << 16 | 0x10

  /// The local file header with zero CRC and sizes, patched later by `sizesAndCRC`.
  static func localFileHeader(_ fields: Fields) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.appendLittleEndian(ZipFormat.localFileSignature)
    bytes.appendLittleEndian(versionNeeded)
    appendCommon(fields, to: &bytes)
    bytes.appendLittleEndian(UInt16(0))  // extra field length
    bytes += fields.name
    return bytes
  }

  /// CRC-32, compressed size and uncompressed size: local header bytes 14..<26.
  static func sizesAndCRC(_ fields: Fields) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.appendLittleEndian(fields.crc32)
    bytes.appendLittleEndian(fields.compressedSize)
    bytes.appendLittleEndian(fields.uncompressedSize)
    return bytes
  }

  /// The central directory file header for a finished entry.
  static func centralFileHeader(_ fields: Fields) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.appendLittleEndian(ZipFormat.centralFileSignature)
    bytes.appendLittleEndian(versionMadeBy)
    bytes.appendLittleEndian(versionNeeded)
    appendCommon(fields, to: &bytes)
    bytes.appendLittleEndian(UInt16(0))  // extra field length
    bytes.appendLittleEndian(UInt16(0))  // comment length
    bytes.appendLittleEndian(UInt16(0))  // disk number start
    bytes.appendLittleEndian(UInt16(0))  // internal attributes
    bytes.appendLittleEndian(fields.isDirectory ? directoryAttributes : fileAttributes)
    bytes.appendLittleEndian(fields.localHeaderOffset)
    bytes += fields.name
    return bytes
  }

  /// The end of central directory record, with no comment.
  static func endOfCentralDirectory(entryCount: Int, directorySize: UInt32, directoryOffset: UInt32)
    -> [UInt8]
  {
    var bytes: [UInt8] = []
    bytes.appendLittleEndian(ZipFormat.endOfCentralDirectorySignature)
    bytes.appendLittleEndian(UInt16(0))  // this disk
    bytes.appendLittleEndian(UInt16(0))  // disk with the directory
    bytes.appendLittleEndian(UInt16(entryCount))
    bytes.appendLittleEndian(UInt16(entryCount))
    bytes.appendLittleEndian(directorySize)
    bytes.appendLittleEndian(directoryOffset)
    bytes.appendLittleEndian(UInt16(0))  // comment length
    return bytes
  }

  /// Flags through name length, shared by local and central headers.
  private static func appendCommon(_ fields: Fields, to bytes: inout [UInt8]) {
    bytes.appendLittleEndian(ZipFormat.flagUTF8)
    bytes.appendLittleEndian(fields.method)
    bytes.appendLittleEndian(fields.modified.dosTime)
    bytes.appendLittleEndian(fields.modified.dosDate)
    bytes.appendLittleEndian(fields.crc32)
    bytes.appendLittleEndian(fields.compressedSize)
    bytes.appendLittleEndian(fields.uncompressedSize)
    bytes.appendLittleEndian(UInt16(fields.name.count))
  }
}

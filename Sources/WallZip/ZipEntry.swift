/// One safe entry of a `ZipArchive`, as described by the central directory.
public struct ZipEntry: Sendable, Equatable {
  /// The entry's relative path; directories end in `/`.
  public let name: String
  /// Whether the name ends in `/`.
  public let isDirectory: Bool
  /// The APPNOTE compression method: 0 stored, 8 deflated; others cannot be extracted.
  public let method: UInt16
  /// Whether general purpose flag bit 0 (encryption) is set; such entries cannot be extracted.
  public let isEncrypted: Bool
  /// The size of the entry's data in the archive, as declared.
  public let compressedSize: UInt64
  /// The size of the extracted bytes, as declared (and checked on extraction).
  public let uncompressedSize: UInt64
  /// The declared CRC-32 of the extracted bytes (checked on extraction).
  public let crc32: UInt32
  /// The last-modified DOS timestamp.
  public let modified: ZipTimestamp
  /// The entry's index in libzip's view of the archive (its central directory position).
  let index: UInt64
  /// Where the entry's local file header starts.
  let localHeaderOffset: UInt64
}

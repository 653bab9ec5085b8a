import Foundation

/// One entry for `ZipFixtures.rawArchive`: every header field is whatever the test says, so
/// hostile archives (bad names, lying sizes, wrong CRCs) can be built byte by byte.
public struct RawZipEntry: Sendable {
  /// The name bytes, written as-is (may contain NUL, `..`, backslashes).
  public var name: [UInt8]
  /// The bytes written as the entry's data (already compressed when `method` is 8).
  public var data: [UInt8]
  /// The compression method field.
  public var method: UInt16
  /// The general purpose flags (default: bit 11, UTF-8).
  public var flags: UInt16
  /// The CRC-32 field; nil means the CRC of `data`.
  public var crc32: UInt32?
  /// The uncompressed size field; nil means `data.count`.
  public var uncompressedSize: UInt64?
  /// The name written in the local header; nil means `name` (a different one smuggles a file).
  public var localName: [UInt8]?

  /// Describes an entry; the defaults give a valid stored entry.
  /// - Parameter name: The name, UTF-8 encoded as-is.
  /// - Parameter data: The entry's (stored or compressed) bytes.
  /// - Parameter method: The compression method field.
  /// - Parameter flags: The general purpose flags.
  /// - Parameter crc32: The CRC-32 field, or nil for the real CRC of `data`.
  /// - Parameter uncompressedSize: The uncompressed size field, or nil for `data.count`.
  public init(
    _ name: String, data: [UInt8] = [], method: UInt16 = 0, flags: UInt16 = 0x800,
    crc32: UInt32? = nil, uncompressedSize: UInt64? = nil
  ) {
    self.name = Array(name.utf8)
    self.data = data
    self.method = method
    self.flags = flags
    self.crc32 = crc32
    self.uncompressedSize = uncompressedSize
  }
}

/// Builds zip bytes by hand for tests, independently of `ZipWriter`.
public enum ZipFixtures {
  /// A complete archive: local headers and data, central directory, end record.
  /// - Parameter entries: The entries, in order.
  /// - Parameter comment: The archive comment.
  /// - Parameter zip64: Whether sizes and offsets go in ZIP64 extra fields and a ZIP64 end record
  ///   (with 0xFFFFFFFF / 0xFFFF placeholders in the classic fields).
  public static func rawArchive(
    _ entries: [RawZipEntry], comment: [UInt8] = [], zip64: Bool = false
  )
    -> [UInt8]
  {
    var file: [UInt8] = []
    var directory: [UInt8] = []
    for entry in entries {
      let offset = UInt64(file.count)
      let crc = entry.crc32 ?? crc32(entry.data)
      let compressed = UInt64(entry.data.count)
      let uncompressed = entry.uncompressedSize ?? compressed
      var extra: [UInt8] = []
      if zip64 {
        extra.le16(0x0001)
        extra.le16(24)
        extra.le64(uncompressed)
        extra.le64(compressed)
        extra.le64(offset)
      }
      let small = { (value: UInt64) -> UInt32 in
        zip64 ? UInt32.max : UInt32(truncatingIfNeeded: value)
      }
      file.le32(0x0403_4b50)
      file.le16(zip64 ? 45 : 20)
      file.le16(entry.flags)
      file.le16(entry.method)
      file.le16(0)  // time
      file.le16(0x21)  // 1980-01-01
      file.le32(crc)
      file.le32(small(compressed))
      file.le32(small(uncompressed))
      let localName = entry.localName ?? entry.name
      file.le16(UInt16(localName.count))
      file.le16(UInt16(extra.count))
      file += localName + extra + entry.data

      directory.le32(0x0201_4b50)
      directory.le16(0x0314)
      directory.le16(zip64 ? 45 : 20)
      directory.le16(entry.flags)
      directory.le16(entry.method)
      directory.le16(0)
      directory.le16(0x21)
      directory.le32(crc)
      directory.le32(small(compressed))
      directory.le32(small(uncompressed))
      directory.le16(UInt16(entry.name.count))
      directory.le16(UInt16(extra.count))
      directory += [0, 0, 0, 0, 0, 0]  // comment length, disk, internal attributes
      directory.le32(0o100644 << 16)
      directory.le32(small(offset))
      directory += entry.name + extra
    }
    let directoryOffset = UInt64(file.count)
    file += directory
    if zip64 {
      let recordOffset = UInt64(file.count)
      file.le32(0x0606_4b50)
      file.le64(44)
      file.le16(45)
      file.le16(45)
      file.le32(0)
      file.le32(0)
      file.le64(UInt64(entries.count))
      file.le64(UInt64(entries.count))
      file.le64(UInt64(directory.count))
      file.le64(directoryOffset)
      file.le32(0x0706_4b50)
      file.le32(0)
      file.le64(recordOffset)
      file.le32(1)
    }
    file.le32(0x0605_4b50)
    file += [0, 0, 0, 0]
    file.le16(zip64 ? 0xFFFF : UInt16(entries.count))
    file.le16(zip64 ? 0xFFFF : UInt16(entries.count))
    file.le32(zip64 ? UInt32.max : UInt32(directory.count))
    file.le32(zip64 ? UInt32.max : UInt32(directoryOffset))
    file.le16(UInt16(comment.count))
    return file + comment
  }

  /// The CRC-32 (zip polynomial 0xEDB88320) of `bytes`, computed bit by bit without zlib.
  /// - Parameter bytes: The bytes to checksum.
  public static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  /// Overwrites four little-endian bytes at `offset`.
  /// - Parameter bytes: The archive bytes to change.
  /// - Parameter offset: Where the field starts.
  /// - Parameter value: The new field value.
  public static func patchUInt32(_ bytes: inout [UInt8], at offset: Int, to value: UInt32) {
    for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index)) }
  }

  /// The central directory offset stored in the end record of a comment-less archive.
  /// - Parameter bytes: A comment-less archive.
  public static func centralDirectoryOffset(of bytes: [UInt8]) -> Int {
    let field = bytes.count - 22 + 16
    return (0..<4).reduce(0) { $0 | Int(bytes[field + $1]) << (8 * $1) }
  }

  /// A fresh empty directory under the system temporary directory.
  /// - Throws: Whatever `FileManager` throws when it cannot create the directory.
  public static func temporaryDirectory() throws -> String {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("wallgen-zip-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
  }

  /// Writes `bytes` to `name` in a fresh temporary folder.
  /// - Parameter bytes: The file's contents.
  /// - Parameter name: The file name inside the folder.
  /// - Returns: The file's path and its folder (for the caller to remove).
  /// - Throws: Whatever `FileManager` or `Data.write` throws.
  public static func temporaryFile(_ bytes: [UInt8], name: String = "test.zip") throws -> (
    path: String, folder: String
  ) {
    let folder = try temporaryDirectory()
    let path = folder + "/" + name
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return (path, folder)
  }
}

extension Array where Element == UInt8 {
  mutating func le16(_ value: UInt16) {
    append(UInt8(truncatingIfNeeded: value))
    append(UInt8(truncatingIfNeeded: value >> 8))
  }

  mutating func le32(_ value: UInt32) {
    le16(UInt16(truncatingIfNeeded: value))
    le16(UInt16(truncatingIfNeeded: value >> 16))
  }

  mutating func le64(_ value: UInt64) {
    le32(UInt32(truncatingIfNeeded: value))
    le32(UInt32(truncatingIfNeeded: value >> 32))
  }
}

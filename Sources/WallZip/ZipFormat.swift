/// Record signatures and fixed sizes from PKWARE's APPNOTE.TXT, shared by the reader and writer.
enum ZipFormat {
  /// "PK\u{3}\u{4}": local file header (APPNOTE 4.3.7).
  static let localFileSignature: UInt32 = 0x0403_4b50
  /// "PK\u{1}\u{2}": central directory file header (APPNOTE 4.3.12).
  static let centralFileSignature: UInt32 = 0x0201_4b50
  /// "PK\u{5}\u{6}": end of central directory record (APPNOTE 4.3.16).
  static let endOfCentralDirectorySignature: UInt32 = 0x0605_4b50
  /// "PK\u{6}\u{6}": ZIP64 end of central directory record (APPNOTE 4.3.14).
  static let zip64EndSignature: UInt32 = 0x0606_4b50
  /// "PK\u{6}\u{7}": ZIP64 end of central directory locator (APPNOTE 4.3.15).
  static let zip64LocatorSignature: UInt32 = 0x0706_4b50

  static let localFileHeaderSize = 30
  static let centralFileHeaderSize = 46
  static let endOfCentralDirectorySize = 22
  static let zip64LocatorSize = 20
  static let zip64EndSize = 56
  static let maxCommentLength = 0xFFFF

  /// Extra-field header ID of the ZIP64 extended information field (APPNOTE 4.5.3).
  static let zip64ExtraID: UInt16 = 0x0001

  /// General purpose flag bit 0: the entry is encrypted.
  static let flagEncrypted: UInt16 = 1 << 0
  /// General purpose flag bit 11: name and comment are UTF-8 (APPNOTE appendix D).
  static let flagUTF8: UInt16 = 1 << 11

  /// Compression method 0: stored.
  static let methodStored: UInt16 = 0
  /// Compression method 8: deflated.
  static let methodDeflated: UInt16 = 8
}

extension Array where Element == UInt8 {
  /// The little-endian `UInt16` at `offset`, or nil when it would run past the end.
  func uint16(at offset: Int) -> UInt16? {
    guard offset >= 0, offset <= count - 2 else { return nil }
    return UInt16(self[offset]) | UInt16(self[offset + 1]) << 8
  }

  /// The little-endian `UInt32` at `offset`, or nil when it would run past the end.
  func uint32(at offset: Int) -> UInt32? {
    guard let low = uint16(at: offset), let high = uint16(at: offset + 2) else { return nil }
    return UInt32(low) | UInt32(high) << 16
  }

  /// The little-endian `UInt64` at `offset`, or nil when it would run past the end.
  func uint64(at offset: Int) -> UInt64? {
    guard let low = uint32(at: offset), let high = uint32(at: offset + 4) else { return nil }
    return UInt64(low) | UInt64(high) << 32
  }
}

/// The central directory's records, read by us as well as by libzip: libzip 1.7.3 tells neither
/// an entry's local header offset nor its exact name bytes (it turns NUL into a space), and
/// both are needed to check names and overlaps.
enum ZipCentralDirectory {
  /// Reads and parses the central directory that `end` points to.
  static func read(from file: ZipInputFile, end: ZipEndOfCentralDirectory) throws(ZipError)
    -> [ZipCentralRecord]
  {
    let path = file.path
    let (directoryEnd, overflow) = end.directoryOffset.addingReportingOverflow(end.directorySize)
    guard !overflow, directoryEnd <= file.size else {
      throw .invalidDirectory(
        path: path,
        reason: "the directory at offset \(end.directoryOffset) with size \(end.directorySize) "
          + "extends past the end of the \(file.size)-byte file")
    }
    let recordSize = UInt64(ZipFormat.centralFileHeaderSize)
    guard end.entryCount <= end.directorySize / recordSize else {
      throw .invalidDirectory(
        path: path,
        reason: "it declares \(end.entryCount) entries but its \(end.directorySize) bytes "
          + "hold at most \(end.directorySize / recordSize)")
    }
    let bytes = try file.read(at: end.directoryOffset, count: Int(end.directorySize))
    var records: [ZipCentralRecord] = []
    var position = 0
    for index in 0..<Int(end.entryCount) {
      let record = try ZipCentralRecord(bytes, at: position, index: index, path: path)
      position = record.end
      records.append(record)
    }
    return records
  }
}

/// One central directory file header (APPNOTE 4.3.12), bounds-checked against the directory, with
/// 0xFFFFFFFF sizes and offset replaced from its ZIP64 extra field.
struct ZipCentralRecord {
  var flags: UInt16
  var method: UInt16
  var time: UInt16
  var date: UInt16
  var crc32: UInt32
  var compressedSize: UInt64
  var uncompressedSize: UInt64
  var localHeaderOffset: UInt64
  var nameBytes: [UInt8]
  /// Where the next record starts.
  var end: Int

  init(_ bytes: [UInt8], at position: Int, index: Int, path: String) throws(ZipError) {
    guard let signature = bytes.uint32(at: position),
      position <= bytes.count - ZipFormat.centralFileHeaderSize
    else {
      throw .invalidDirectory(
        path: path, reason: "entry #\(index + 1) at directory offset \(position) is truncated")
    }
    guard signature == ZipFormat.centralFileSignature else {
      throw .invalidDirectory(
        path: path,
        reason: "entry #\(index + 1) at directory offset \(position) has signature "
          + "0x\(String(signature, radix: 16)) instead of 0x2014b50")
    }
    func u16(_ offset: Int) -> UInt16 { bytes.uint16(at: position + offset) ?? 0 }
    func u32(_ offset: Int) -> UInt32 { bytes.uint32(at: position + offset) ?? 0 }
    flags = u16(8)
    method = u16(10)
    time = u16(12)
    date = u16(14)
    crc32 = u32(16)
    let nameStart = position + ZipFormat.centralFileHeaderSize
    let extraStart = nameStart + Int(u16(28))
    let commentStart = extraStart + Int(u16(30))
    end = commentStart + Int(u16(32))
    guard end <= bytes.count else {
      throw .invalidDirectory(
        path: path,
        reason: "entry #\(index + 1) at directory offset \(position) has name, extra field and "
          + "comment running \(end - bytes.count) bytes past the directory's end")
    }
    nameBytes = Array(bytes[nameStart..<extraStart])
    // APPNOTE 4.5.3: the ZIP64 field holds only the values that overflowed, in this order.
    var zip64 = Self.zip64Values(in: Array(bytes[extraStart..<commentStart]))
    func resolve(_ value: UInt32, _ field: String) throws(ZipError) -> UInt64 {
      guard value == UInt32.max else { return UInt64(value) }
      guard !zip64.isEmpty else {
        throw .invalidDirectory(
          path: path,
          reason: "entry #\(index + 1) has \(field) 0xffffffff but no ZIP64 value for it")
      }
      return zip64.removeFirst()
    }
    uncompressedSize = try resolve(u32(24), "uncompressed size")
    compressedSize = try resolve(u32(20), "compressed size")
    localHeaderOffset = try resolve(u32(42), "local header offset")
  }

  /// The public entry for this record, which libzip knows as entry `index`.
  func entry(named name: String, index: Int) -> ZipEntry {
    ZipEntry(
      name: name, isDirectory: name.hasSuffix("/"), method: method,
      isEncrypted: flags & ZipFormat.flagEncrypted != 0, compressedSize: compressedSize,
      uncompressedSize: uncompressedSize, crc32: crc32,
      modified: ZipTimestamp(dosDate: date, dosTime: time), index: UInt64(index),
      localHeaderOffset: localHeaderOffset)
  }

  /// The 8-byte values in the first ZIP64 extended information field, if any.
  private static func zip64Values(in extra: [UInt8]) -> [UInt64] {
    var position = 0
    while let id = extra.uint16(at: position), let size = extra.uint16(at: position + 2) {
      let dataStart = position + 4
      let dataEnd = dataStart + Int(size)
      guard dataEnd <= extra.count else { return [] }
      if id == ZipFormat.zip64ExtraID {
        return stride(from: dataStart, to: dataEnd - 7, by: 8).compactMap { extra.uint64(at: $0) }
      }
      position = dataEnd
    }
    return []
  }
}

extension ZipFixtures {
  /// An archive whose entries overlap the way David Fifield's "better zip bomb" does.
  ///
  /// Each entry's deflate data is a stored block quoting the next entry's local header, followed by
  /// that entry's data, so every entry ends in the same final block holding `payload`. Each entry
  /// alone is valid (names, sizes and CRC-32s all agree); only their overlap is wrong.
  /// - Parameter names: The entry names, in file order (at least one).
  /// - Parameter payload: The bytes of the shared final block (at most 65,535).
  public static func overlappingArchive(names: [String], payload: [UInt8]) -> [UInt8] {
    var kernel: [UInt8] = [0x01]  // final stored block
    kernel += storedBlockLength(payload.count) + payload
    // Built back to front: entry i's data quotes entry i+1's header, then continues as its data.
    var data = kernel
    var output = payload
    var headers: [[UInt8]] = []
    var central: [(name: [UInt8], crc: UInt32, compressed: Int, uncompressed: Int)] = []
    for name in names.reversed() {
      let nameBytes = Array(name.utf8)
      let crc = crc32(output)
      var header: [UInt8] = []
      header.le32(0x0403_4b50)
      header.le16(20)
      header.le16(0x800)
      header.le16(8)
      header.le16(0)
      header.le16(0x21)
      header.le32(crc)
      header.le32(UInt32(data.count))
      header.le32(UInt32(output.count))
      header.le16(UInt16(nameBytes.count))
      header.le16(0)
      header += nameBytes
      headers.insert(header, at: 0)
      central.insert((nameBytes, crc, data.count, output.count), at: 0)
      data = [0x00] + storedBlockLength(header.count) + header + data  // non-final stored block
      output = header + output
    }
    // `data` now quotes header 0 too; the file starts with header 0 itself.
    var file = Array(data.dropFirst(5))
    var offsets: [Int] = []
    var offset = 0
    for header in headers {
      offsets.append(offset)
      offset += header.count + 5
    }
    let directoryOffset = file.count
    for (entry, offset) in zip(central, offsets) {
      file.le32(0x0201_4b50)
      file.le16(0x0314)
      file.le16(20)
      file.le16(0x800)
      file.le16(8)
      file.le16(0)
      file.le16(0x21)
      file.le32(entry.crc)
      file.le32(UInt32(entry.compressed))
      file.le32(UInt32(entry.uncompressed))
      file.le16(UInt16(entry.name.count))
      file += [0, 0, 0, 0, 0, 0, 0, 0]  // extra and comment lengths, disk, internal attributes
      file.le32(0o100644 << 16)
      file.le32(UInt32(offset))
      file += entry.name
    }
    let directorySize = file.count - directoryOffset
    file.le32(0x0605_4b50)
    file += [0, 0, 0, 0]
    file.le16(UInt16(names.count))
    file.le16(UInt16(names.count))
    file.le32(UInt32(directorySize))
    file.le32(UInt32(directoryOffset))
    file.le16(0)
    return file
  }

  /// LEN and NLEN of a stored deflate block (RFC 1951, 3.2.4).
  private static func storedBlockLength(_ count: Int) -> [UInt8] {
    let length = UInt16(count)
    return [
      UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8),
    ]
  }
}

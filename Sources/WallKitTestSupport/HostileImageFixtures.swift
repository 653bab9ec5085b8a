/// Hostile images for the resource-bound tests (issue #12), made from tiny encoded files.
extension ImageFixtures {
  /// `png` with `chunks` inserted right after its IHDR chunk, each with a correct CRC.
  /// - Parameters:
  ///   - png: A PNG file whose first chunk is IHDR (as `PNGCodec.encode` writes).
  ///   - chunks: Four-letter chunk types and their data.
  public static func withChunks(_ png: [UInt8], _ chunks: [(type: String, data: [UInt8])])
    -> [UInt8]
  {
    let afterIHDR = 8 + 8 + 13 + 4
    var inserted: [UInt8] = []
    for chunk in chunks {
      let body = Array(chunk.type.utf8) + chunk.data
      inserted += bigEndian(UInt32(chunk.data.count)) + body + bigEndian(crc32(body))
    }
    return Array(png.prefix(afterIHDR)) + inserted + Array(png.dropFirst(afterIHDR))
  }

  /// A zTXt chunk's data: `keyword`, NUL, compression method 0, and a zlib stream that inflates
  /// to `zeros` zero bytes (about 13 bits per 258 of them, so megabytes fit in kilobytes).
  /// - Parameters:
  ///   - keyword: The Latin-1 keyword (1 to 79 bytes).
  ///   - zeros: How many zero bytes the text inflates to (at least 1).
  public static func zTXtData(keyword: String, zeros: Int) -> [UInt8] {
    Array(keyword.utf8) + [0, 0] + zlibZeros(count: zeros)
  }

  /// A zlib stream (one fixed-Huffman deflate block) of `count` zero bytes: a literal 0, then
  /// length-258 copies at distance 1, then literal zeros for the remainder.
  /// - Parameter count: How many zero bytes the stream inflates to (at least 1).
  public static func zlibZeros(count: Int) -> [UInt8] {
    var bits = BitWriter()
    bits.write(1, count: 1)  // BFINAL
    bits.write(1, count: 2)  // BTYPE 01: fixed Huffman codes
    let total = max(1, count)
    bits.writeCode(0x30, length: 8)  // literal 0
    for _ in 0..<((total - 1) / 258) {
      bits.writeCode(0xC5, length: 8)  // length symbol 285: 258 bytes, no extra bits
      bits.writeCode(0, length: 5)  // distance code 0: distance 1
    }
    for _ in 0..<((total - 1) % 258) { bits.writeCode(0x30, length: 8) }
    bits.writeCode(0, length: 7)  // end of block (256)
    let adler = UInt32(total % 65521) << 16 | 1
    return [0x78, 0x01] + bits.bytes + bigEndian(adler)
  }

  /// `jpeg` with the width and height of its SOF0/SOF1/SOF2 frame header replaced, so the header
  /// claims a size the data does not have (a decompression bomb's header).
  /// - Parameters:
  ///   - jpeg: A JPEG file as `JPEGCodec.encode` writes it.
  ///   - width: The width to claim (at most 65535).
  ///   - height: The height to claim (at most 65535).
  /// - Returns: The patched file, or `jpeg` unchanged when it has no such frame header.
  public static func jpegClaiming(_ jpeg: [UInt8], width: UInt16, height: UInt16) -> [UInt8] {
    var bytes = jpeg
    var offset = 2
    while offset + 9 < bytes.count, bytes[offset] == 0xFF {
      let marker = bytes[offset + 1]
      let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
      if (0xC0...0xC2).contains(marker) {
        bytes[offset + 5] = UInt8(height >> 8)
        bytes[offset + 6] = UInt8(height & 0xFF)
        bytes[offset + 7] = UInt8(width >> 8)
        bytes[offset + 8] = UInt8(width & 0xFF)
        return bytes
      }
      offset += 2 + length
    }
    return jpeg
  }
}

/// Packs bits least significant first, as deflate does.
private struct BitWriter {
  var bytes: [UInt8] = []
  private var used = 8

  /// Writes the low `count` bits of `value`, least significant first (header fields).
  mutating func write(_ value: UInt32, count: Int) {
    for index in 0..<count {
      if used == 8 {
        bytes.append(0)
        used = 0
      }
      if value >> index & 1 == 1 { bytes[bytes.count - 1] |= 1 << used }
      used += 1
    }
  }

  /// Writes a Huffman code of `length` bits, most significant first.
  mutating func writeCode(_ code: UInt32, length: Int) {
    for index in stride(from: length - 1, through: 0, by: -1) { write(code >> index, count: 1) }
  }
}

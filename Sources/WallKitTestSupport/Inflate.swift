/// A small deflate decoder (RFC 1951, after zlib's `puff.c`), so tests can read what a PNG holds
/// without going through libpng: an oracle independent of the decoder under test.
///
/// Slow and strict; for test files of a few kilobytes only.
public enum Inflate {
  /// Why a stream could not be inflated.
  public struct Failure: Error, Equatable, CustomStringConvertible {
    /// What was wrong, such as "bad block type 3".
    public var description: String
  }

  /// Inflates a zlib stream (RFC 1950): its two-byte header, deflate data, Adler-32 unchecked.
  /// - Parameter bytes: The zlib stream.
  /// - Returns: The inflated bytes.
  /// - Throws: `Inflate.Failure` for a malformed stream.
  public static func zlib(_ bytes: [UInt8]) throws(Failure) -> [UInt8] {
    guard bytes.count >= 2, bytes[0] & 0x0F == 8, (Int(bytes[0]) << 8 | Int(bytes[1])) % 31 == 0
    else { throw Failure(description: "not a zlib stream") }
    return try deflate(bytes, from: 2)
  }

  /// Inflates one gzip member (RFC 1952) without optional header fields, as zlib writes it
  /// with no name or comment; its CRC-32 and length unchecked.
  /// - Parameter bytes: The member.
  /// - Returns: The inflated bytes.
  /// - Throws: `Inflate.Failure` for anything else, or a malformed stream.
  public static func gzip(_ bytes: [UInt8]) throws(Failure) -> [UInt8] {
    guard bytes.count >= 18, bytes[0] == 0x1F, bytes[1] == 0x8B, bytes[2] == 8, bytes[3] == 0
    else { throw Failure(description: "not a gzip member without header fields") }
    return try deflate(bytes, from: 10)
  }

  /// Inflates the raw deflate data (RFC 1951) of `bytes` from `offset`.
  private static func deflate(_ bytes: [UInt8], from offset: Int) throws(Failure) -> [UInt8] {
    var reader = BitReader(bytes: bytes, offset: offset)
    var out: [UInt8] = []
    var final = false
    while !final {
      final = try reader.bits(1) == 1
      switch try reader.bits(2) {
      case 0: try stored(&reader, into: &out)
      case 1: try codes(&reader, Huffman.fixedLiterals, Huffman.fixedDistances, into: &out)
      case 2:
        let (literals, distances) = try dynamicTables(&reader)
        try codes(&reader, literals, distances, into: &out)
      case let type: throw Failure(description: "bad block type \(type)")
      }
    }
    return out
  }

  private static func stored(_ reader: inout BitReader, into out: inout [UInt8]) throws(Failure) {
    reader.alignToByte()
    let length = try reader.bits(16)
    let complement = try reader.bits(16)
    guard length == ~complement & 0xFFFF else { throw Failure(description: "bad stored length") }
    for _ in 0..<length { out.append(UInt8(try reader.bits(8))) }
  }

  private static let lengthBase = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
    163, 195, 227, 258,
  ]
  private static let lengthExtra = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
  ]
  private static let distanceBase = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
  ]
  private static let distanceExtra = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
  ]

  private static func codes(
    _ reader: inout BitReader, _ literals: Huffman, _ distances: Huffman,
    into out: inout [UInt8]
  ) throws(Failure) {
    while true {
      let symbol = try literals.decode(&reader)
      if symbol < 256 {
        out.append(UInt8(symbol))
        continue
      }
      if symbol == 256 { return }
      let index = symbol - 257
      guard index < lengthBase.count else { throw Failure(description: "bad length symbol") }
      let length = lengthBase[index] + (try reader.bits(lengthExtra[index]))
      let code = try distances.decode(&reader)
      guard code < distanceBase.count else { throw Failure(description: "bad distance symbol") }
      let distance = distanceBase[code] + (try reader.bits(distanceExtra[code]))
      guard distance <= out.count else { throw Failure(description: "distance too far back") }
      for _ in 0..<length { out.append(out[out.count - distance]) }
    }
  }

  private static func dynamicTables(_ reader: inout BitReader) throws(Failure) -> (
    Huffman, Huffman
  ) {
    let literalCount = try reader.bits(5) + 257
    let distanceCount = try reader.bits(5) + 1
    let codeCount = try reader.bits(4) + 4
    let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
    var codeLengths = [Int](repeating: 0, count: 19)
    for index in 0..<codeCount { codeLengths[order[index]] = try reader.bits(3) }
    let lengthCode = try Huffman(lengths: codeLengths)
    var lengths: [Int] = []
    while lengths.count < literalCount + distanceCount {
      let symbol = try lengthCode.decode(&reader)
      switch symbol {
      case 0..<16: lengths.append(symbol)
      case 16:
        guard let previous = lengths.last else { throw Failure(description: "repeat of nothing") }
        lengths += Array(repeating: previous, count: 3 + (try reader.bits(2)))
      case 17: lengths += Array(repeating: 0, count: 3 + (try reader.bits(3)))
      default: lengths += Array(repeating: 0, count: 11 + (try reader.bits(7)))
      }
    }
    guard lengths.count == literalCount + distanceCount else {
      throw Failure(description: "code lengths overrun")
    }
    return (
      try Huffman(lengths: Array(lengths[..<literalCount])),
      try Huffman(lengths: Array(lengths[literalCount...]))
    )
  }
}

/// Reads a deflate stream's bits, least significant first.
private struct BitReader {
  let bytes: [UInt8]
  var offset: Int
  var bit = 0

  init(bytes: [UInt8], offset: Int) {
    self.bytes = bytes
    self.offset = offset
  }

  mutating func bits(_ count: Int) throws(Inflate.Failure) -> Int {
    var value = 0
    for index in 0..<count {
      guard offset < bytes.count else { throw Inflate.Failure(description: "stream too short") }
      value |= Int(bytes[offset] >> bit & 1) << index
      bit += 1
      if bit == 8 {
        bit = 0
        offset += 1
      }
    }
    return value
  }

  mutating func alignToByte() {
    if bit != 0 {
      bit = 0
      offset += 1
    }
  }
}

/// A canonical Huffman code, decoded one bit at a time (puff.c's `decode`).
private struct Huffman {
  /// How many codes have each length, 0 to 15.
  var counts = [Int](repeating: 0, count: 16)
  /// Symbols ordered by code.
  var symbols: [Int] = []

  static let fixedLiterals: Huffman = {
    let lengths =
      [Int](repeating: 8, count: 144) + [Int](repeating: 9, count: 112)
      + [Int](repeating: 7, count: 24) + [Int](repeating: 8, count: 8)
    return (try? Huffman(lengths: lengths)) ?? Huffman()
  }()
  static let fixedDistances: Huffman =
    (try? Huffman(lengths: [Int](repeating: 5, count: 30))) ?? Huffman()

  init() {}

  init(lengths: [Int]) throws(Inflate.Failure) {
    for length in lengths { counts[length] += 1 }
    var start = [Int](repeating: 0, count: 16)
    var running = 0
    for length in 1..<16 {
      start[length] = running
      running += counts[length]
    }
    symbols = [Int](repeating: 0, count: running)
    var next = start
    for (symbol, length) in lengths.enumerated() where length > 0 {
      symbols[next[length]] = symbol
      next[length] += 1
    }
  }

  func decode(_ reader: inout BitReader) throws(Inflate.Failure) -> Int {
    var code = 0
    var first = 0
    var index = 0
    for length in 1..<16 {
      code |= try reader.bits(1)
      let count = counts[length]
      if code - count < first { return symbols[index + (code - first)] }
      index += count
      first += count
      first <<= 1
      code <<= 1
    }
    throw Inflate.Failure(description: "bad Huffman code")
  }
}

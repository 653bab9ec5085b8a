import WallSupport

/// One digest of every file of an export with its content identity, made in one walk with
/// constant memory: what a plan's identity and a build's fingerprint hold of the export.
///
/// It is a multiset hash: the sum, modulo 2^256, of the SHA-256 of each file's
/// `"<path>\t<identity>"`, with the number of files. The order of the walk does not matter, so
/// nothing is gathered or sorted (`ExportSource.forEachContentIdentity`); a file added, removed,
/// renamed or changed, or two files' contents swapped, changes one term of the sum and so the
/// digest (but for a collision of SHA-256 sums, as unlikely as one of SHA-256).
package enum ExportContentDigest {
  /// The digest of `source`'s files: their count, a space and the sum in hexadecimal.
  /// - Parameter source: The export.
  package static func of(_ source: any ExportSource) -> String {
    var sum = Sum()
    var count = 0
    source.forEachContentIdentity { path, identity in
      sum.add(SHA256.digest(Array("\(path)\t\(identity)".utf8)))
      count += 1
    }
    return "\(count) \(Hex.encode(sum.bytes))"
  }

  /// A 256-bit number, as four 64-bit words, most significant first.
  package struct Sum {
    private var words: [UInt64] = [0, 0, 0, 0]

    /// Zero.
    package init() {}

    /// Adds the 32 bytes `digest` (big-endian), modulo 2^256.
    package mutating func add(_ digest: [UInt8]) {
      var carry: UInt64 = 0
      for word in stride(from: 3, through: 0, by: -1) {
        var value: UInt64 = 0
        for byte in digest[(word * 8)..<(word * 8 + 8)] { value = value << 8 | UInt64(byte) }
        let (partial, overflow) = words[word].addingReportingOverflow(value)
        let (total, overflowCarry) = partial.addingReportingOverflow(carry)
        words[word] = total
        carry = (overflow ? 1 : 0) + (overflowCarry ? 1 : 0)
      }
    }

    /// The sum as 32 bytes, big-endian.
    package var bytes: [UInt8] {
      words.flatMap { word in (0..<8).map { UInt8(truncatingIfNeeded: word >> (56 - 8 * $0)) } }
    }
  }
}

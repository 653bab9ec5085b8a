/// Where a rendering kept in a memo's spill file is, packed into 64 bits so that the memo's
/// index of them costs 24 bytes a slot (`FragmentMemo`).
///
/// From the high bits down: the offset in the file (34 bits, so 16 GiB), the length (20 bits,
/// so less than 1 MiB), the number of the indentation it was made at (8 bits, a place in the
/// memo's list of indentations) and whether it starts and ends at the start of a line. A
/// rendering that does not fit is not spilled: it is made again when met again.
struct SpilledRendering: Equatable {
  private let bits: UInt64

  private static let countBits = 20, indentBits = 8, flagBits = 2
  private static let offsetShift = countBits + indentBits + flagBits
  /// The first offset that does not fit.
  static let offsetLimit = 1 << (64 - offsetShift)
  /// The first length that does not fit.
  static let countLimit = 1 << countBits
  /// The first indentation number that does not fit.
  static let indentLimit = 1 << indentBits

  /// The place of `count` bytes at `offset` made at indentation number `indent`; nil when one
  /// of them does not fit.
  init?(offset: Int, count: Int, indent: Int, startsAtLineStart: Bool, endsAtLineStart: Bool) {
    guard Self.fits(offset: offset, count: count), (0..<Self.indentLimit).contains(indent)
    else { return nil }
    var bits = UInt64(offset) << Self.offsetShift
    bits |= UInt64(count) << (Self.indentBits + Self.flagBits)
    bits |= UInt64(indent) << Self.flagBits
    if startsAtLineStart { bits |= 2 }
    if endsAtLineStart { bits |= 1 }
    self.bits = bits
  }

  /// Whether `count` bytes at `offset` can be recorded.
  static func fits(offset: Int, count: Int) -> Bool {
    (0..<offsetLimit).contains(offset) && (0..<countLimit).contains(count)
  }

  /// The offset of the rendering in the spill file.
  var offset: Int { Int(bits >> Self.offsetShift) }
  /// Its length in bytes.
  var count: Int { Int((bits >> (Self.indentBits + Self.flagBits)) & UInt64(Self.countLimit - 1)) }
  /// The number of the indentation it was made at.
  var indent: Int { Int((bits >> Self.flagBits) & UInt64(Self.indentLimit - 1)) }
  /// Whether it was made at the start of a line.
  var startsAtLineStart: Bool { bits & 2 != 0 }
  /// Whether it ends at the start of a line.
  var endsAtLineStart: Bool { bits & 1 != 0 }
}

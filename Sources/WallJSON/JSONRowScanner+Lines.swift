/// The first two non-blank lines of a file as it streams past (`JSONRowScanner`), for
/// `JSONLinesReader.holdsDocumentsPerLine`: a line longer than a row may be stands as its first
/// non-blank byte, which that check passes over as it passes over a line too long.
struct FirstLines {
  /// Whether the lines are still wanted (a file that opens with `[` needs none).
  var isNeeded = true
  /// The non-blank lines found, at most two.
  private var found: [[UInt8]] = []
  /// The line being read, while it is short enough to keep.
  private var current: [UInt8] = []
  /// The first non-blank byte of the line being read.
  private var currentFirst: UInt8?
  /// Whether the line being read was too long to keep.
  private var currentTooLong = false

  /// Whether two non-blank lines have been found.
  var isComplete: Bool { found.count >= 2 }

  /// What `holdsDocumentsPerLine` reads: the lines found, and the line being read when the file
  /// ended in it, one per line.
  var probe: [UInt8] {
    var lines = found
    if lines.count < 2, currentFirst != nil { lines.append(kept) }
    return Array(lines.joined(separator: [0x0A]))
  }

  private var kept: [UInt8] {
    currentTooLong ? [currentFirst ?? UInt8(ascii: "{")] : current
  }

  /// Takes the next bytes of the file; a line of more than `rowBytes + 1` bytes (one for a
  /// `\r`) is too long.
  mutating func take(_ bytes: ArraySlice<UInt8>, rowBytes: Int) {
    var rest = bytes
    while !isComplete, !rest.isEmpty {
      let newline = rest.firstIndex(of: 0x0A)
      let piece = rest[..<(newline ?? rest.endIndex)]
      if currentFirst == nil, let first = piece.first(where: { !JSONRowScanner.isBlank($0) }) {
        currentFirst = first
      }
      if !currentTooLong {
        if current.count + piece.count > rowBytes + 1 {
          currentTooLong = true
          current = []
        } else {
          current += piece
        }
      }
      guard let newline else { return }
      if currentFirst != nil { found.append(kept) }
      (current, currentFirst, currentTooLong) = ([], nil, false)
      rest = rest[(newline + 1)...]
    }
  }
}

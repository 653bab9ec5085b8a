/// Text from the export made safe to print on a terminal.
///
/// Names, objectIds and file names come from the export, so they may hold escape sequences
/// (`ESC ]0;title BEL` sets a terminal's window title, `ESC [2J` clears it) or bidirectional
/// overrides that make a line read differently from what it holds. Every such character is
/// written as a visible `\u{…}` escape instead; everything else is kept as it is.
public enum TerminalText {
  /// `text` with every control character (C0, DEL, C1) and every bidirectional formatting
  /// character written as `\u{XX}`; a backslash is kept as it is.
  /// - Parameter text: Text that came from the export.
  public static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 8)
    for scalar in text.unicodeScalars {
      if needsEscape(scalar) {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether a scalar can change what a terminal shows beyond printing itself.
  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: return true  // C0 (tab and newline too), DEL, C1
    // bidirectional marks, embeddings, overrides and isolates
    case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }
}

import WallSupport

/// The text a render produces, with the indentation of standalone partials and blocks.
///
/// Indentation goes before each non-empty line of *template* text (and before a value that
/// starts a line); line breaks inside values never get it, as the spec requires.
///
/// The text is kept as UTF-8 bytes: pages go to disk as bytes, and appending bytes is cheaper
/// than growing a `String`.
struct TemplateOutput {
  /// Everything written so far, as UTF-8.
  private(set) var bytes: [UInt8] = []
  private var indent = ""
  private var atLineStart = true
  /// Where `replay(count:endsAtLineStart:fill:)` restores a rendering before appending it.
  private var scratch: [UInt8] = []

  /// An empty output with room for `capacity` bytes.
  init(capacity: Int = 0) {
    bytes.reserveCapacity(capacity)
  }

  /// Writes literal template text, indenting each of its lines.
  mutating func writeTemplateText(_ string: String) {
    guard !string.isEmpty else { return }
    guard !indent.isEmpty else {
      bytes.append(contentsOf: string.utf8)
      atLineStart = bytes.last == UInt8(ascii: "\n")
      return
    }
    // Split on the byte, not the Character: "\r\n" is one Character that holds the "\n".
    let units = string.utf8
    var lineStart = units.startIndex
    while let newline = units[lineStart...].firstIndex(of: UInt8(ascii: "\n")) {
      writeLine(string[lineStart..<newline])
      bytes.append(UInt8(ascii: "\n"))
      atLineStart = true
      lineStart = units.index(after: newline)
    }
    writeLine(string[lineStart...])
  }

  private mutating func writeLine(_ line: Substring) {
    guard !line.isEmpty else { return }
    if atLineStart && line != "\r" { bytes.append(contentsOf: indent.utf8) }
    bytes.append(contentsOf: line.utf8)
    atLineStart = false
  }

  /// Writes an interpolated value, HTML-escaped unless `escaped` is false.
  mutating func writeValue(_ value: String, escaped: Bool) {
    guard !value.isEmpty else { return }
    if atLineStart {
      bytes.append(contentsOf: indent.utf8)
      atLineStart = false
    }
    if escaped {
      HTMLEscape.append(value, to: &bytes)
    } else {
      bytes.append(contentsOf: value.utf8)
    }
  }

  /// Starts included content: a standalone inclusion (`extra` set) adds `extra` to the indentation;
  /// an inline one is not indented.
  ///
  /// Returns what ``endIndent(_:)`` restores.
  mutating func beginIndent(_ extra: String?) -> String {
    let saved = indent
    if let extra {
      indent += extra
    } else {
      if atLineStart && !indent.isEmpty {
        bytes.append(contentsOf: indent.utf8)
        atLineStart = false
      }
      indent = ""
    }
    return saved
  }

  /// The indentation in force and whether the next byte starts a line: with the same state,
  /// the same writes produce the same bytes.
  var lineState: (indent: String, atLineStart: Bool) { (indent, atLineStart) }

  /// Appends bytes an earlier render produced from the same `lineState`, and takes the line
  /// state that render ended in.
  mutating func replay(_ fragment: [UInt8], endsAtLineStart: Bool) {
    bytes.append(contentsOf: fragment)
    atLineStart = endsAtLineStart
  }

  /// Appends `fragment` as ``replay(_:endsAtLineStart:)`` does, from memory the caller owns.
  mutating func replay(_ fragment: UnsafeRawBufferPointer, endsAtLineStart: Bool) {
    bytes.append(contentsOf: fragment)
    atLineStart = endsAtLineStart
  }

  /// Appends `count` bytes that `fill` writes (an earlier render's, restored), as
  /// ``replay(_:endsAtLineStart:)`` does; when `fill` returns false, appends nothing and
  /// returns false.
  mutating func replay(
    count: Int, endsAtLineStart: Bool, fill: (UnsafeMutableRawBufferPointer) -> Bool
  ) -> Bool {
    // Filled in a buffer kept for the purpose, then copied: an array cannot grow by bytes left
    // uninitialized, and zeroing them first costs as much as the copy.
    if scratch.count < count {
      scratch = [UInt8](repeating: 0, count: max(count, 2 * scratch.count))
    }
    let filled = scratch.withUnsafeMutableBytes { buffer in
      fill(UnsafeMutableRawBufferPointer(rebasing: buffer[..<count]))
    }
    guard filled else { return false }
    scratch.withUnsafeBufferPointer { buffer in
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
    }
    atLineStart = endsAtLineStart
    return true
  }

  /// Hands the bytes written so far to `drain` and forgets them, keeping the line state, so that
  /// the text that follows is written as it would have been.
  mutating func drain(into drain: ([UInt8]) -> Void) {
    drain(bytes)
    bytes.removeAll(keepingCapacity: true)
  }

  /// Restores the indentation saved by ``beginIndent(_:)``.
  mutating func endIndent(_ saved: String) {
    indent = saved
  }
}

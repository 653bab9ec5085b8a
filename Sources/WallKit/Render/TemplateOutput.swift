/// The text a render produces, with the indentation of standalone partials and blocks.
///
/// Indentation goes before each non-empty line of *template* text (and before a value that
/// starts a line); line breaks inside values never get it, as the spec requires.
struct TemplateOutput {
  /// Everything written so far.
  private(set) var text = ""
  private var indent = ""
  private var atLineStart = true

  /// Writes literal template text, indenting each of its lines.
  mutating func writeTemplateText(_ string: String) {
    guard !string.isEmpty else { return }
    guard !indent.isEmpty else {
      text += string
      atLineStart = string.utf8.last == UInt8(ascii: "\n")
      return
    }
    // Split on the byte, not the Character: "\r\n" is one Character that holds the "\n".
    let bytes = string.utf8
    var lineStart = bytes.startIndex
    while let newline = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) {
      writeLine(string[lineStart..<newline])
      text += "\n"
      atLineStart = true
      lineStart = bytes.index(after: newline)
    }
    writeLine(string[lineStart...])
  }

  private mutating func writeLine(_ line: Substring) {
    guard !line.isEmpty else { return }
    if atLineStart && line != "\r" { text += indent }
    text += line
    atLineStart = false
  }

  /// Writes an interpolated value, HTML-escaped unless `escaped` is false.
  mutating func writeValue(_ value: String, escaped: Bool) {
    guard !value.isEmpty else { return }
    if atLineStart {
      text += indent
      atLineStart = false
    }
    if escaped {
      HTMLEscape.append(value, to: &text)
    } else {
      text += value
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
        text += indent
        atLineStart = false
      }
      indent = ""
    }
    return saved
  }

  /// Restores the indentation saved by ``beginIndent(_:)``.
  mutating func endIndent(_ saved: String) {
    indent = saved
  }
}

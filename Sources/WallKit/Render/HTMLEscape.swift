/// Escapes text for HTML element content and quoted attribute values.
///
/// `&`, `<`, `>`, `"` and `'` become `&amp;`, `&lt;`, `&gt;`, `&quot;` and `&#39;`.
public enum HTMLEscape {
  /// Returns `text` with the five HTML-special characters replaced by entities.
  /// - Parameter text: Untrusted text, such as a user's comment.
  /// - Returns: The escaped text.
  public static func escape(_ text: String) -> String {
    var output = ""
    append(text, to: &output)
    return output
  }

  /// Appends `text`, escaped, to `output` without building an intermediate string.
  static func append(_ text: String, to output: inout String) {
    let bytes = text.utf8
    var runStart = bytes.startIndex
    var index = runStart
    while index != bytes.endIndex {
      let entity: String? =
        switch bytes[index] {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): "&#39;"
        default: nil
        }
      if let entity {
        output += text[runStart..<index]
        output += entity
        runStart = bytes.index(after: index)
      }
      index = bytes.index(after: index)
    }
    output += text[runStart..<bytes.endIndex]
  }
}

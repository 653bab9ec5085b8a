/// Escapes text for HTML element content and quoted attribute values.
///
/// `&`, `<`, `>`, `"` and `'` become `&amp;`, `&lt;`, `&gt;`, `&quot;` and `&#39;`.
public enum HTMLEscape {
  /// Returns `text` with the five HTML-special characters replaced by entities.
  /// - Parameter text: Untrusted text, such as a user's comment.
  /// - Returns: The escaped text.
  public static func escape(_ text: String) -> String {
    var output: [UInt8] = []
    append(text, to: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// Appends the UTF-8 of `text`, escaped, to `output`: runs without a special character are
  /// copied whole.
  package static func append(_ text: String, to output: inout [UInt8]) {
    var text = text
    text.withUTF8 { bytes in
      var runStart = 0
      for index in bytes.indices {
        let entity: StaticString
        switch bytes[index] {
        case UInt8(ascii: "&"): entity = "&amp;"
        case UInt8(ascii: "<"): entity = "&lt;"
        case UInt8(ascii: ">"): entity = "&gt;"
        case UInt8(ascii: "\""): entity = "&quot;"
        case UInt8(ascii: "'"): entity = "&#39;"
        default: continue
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        output.append(
          contentsOf: UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
        runStart = index + 1
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }
  }
}

import WallSupport

/// A picture for users without one: their initials on a colour derived from their id.
///
/// An SVG, so it is small, sharp at any size, and needs no font in the build.
public enum GeneratedAvatar {
  /// Background colours with enough contrast for white text (WCAG AA at this size).
  static let palette = [
    "#1f5f8b", "#7a3e9d", "#a23b2a", "#2e6b3a", "#8a5300", "#3d4f9f", "#9c2f6a", "#2b6a6e",
    "#5b5b5b", "#6b4a2b",
  ]

  /// Up to two initials of a display name, upper-cased ("Ada Berg" → "AB").
  ///
  /// Control characters and characters XML 1.0 forbids (U+0001, U+FFFE, …) are never
  /// initials, so the SVG stays well-formed whatever the name holds.
  public static func initials(of name: String) -> String {
    let printable = String(String.UnicodeScalarView(name.unicodeScalars.filter(isPrintable)))
    let words = printable.split(whereSeparator: { $0.isWhitespace || $0 == "-" })
    let letters = words.prefix(2).compactMap { $0.first(where: \.isLetter) ?? $0.first }
    let text = String(letters).uppercased()
    return text.isEmpty ? "?" : text
  }

  /// Whether a scalar is allowed in XML 1.0 text and is no control character.
  static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0xFFFE, 0xFFFF: return false
    default: return !scalar.properties.isNoncharacterCodePoint
    }
  }

  /// The SVG document for a user.
  public static func svg(userID: String, name: String) -> String {
    var hash: UInt32 = 2_166_136_261
    for byte in userID.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    let colour = palette[Int(hash % UInt32(palette.count))]
    let text = HTMLEscape.escape(initials(of: name))
    return """
      <svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">\
      <rect width="128" height="128" fill="\(colour)"/>\
      <text x="64" y="64" dy=".35em" text-anchor="middle" fill="#fff" \
      font-family="system-ui,-apple-system,'Segoe UI',Roboto,sans-serif" font-size="52" \
      font-weight="600">\(text)</text></svg>

      """
  }
}

/// Decodes entry names and decides whether they are safe relative paths.
///
/// A safe name is non-empty, relative (no leading `/`, `\` or drive letter), has no NUL byte and
/// no `.`, `..` or empty component when split on either `/` or `\`. A single trailing `/` marks a
/// directory and is allowed.
enum ZipNamePolicy {
  /// Decodes raw name bytes as UTF-8 or, failing that, code page 437.
  ///
  /// UTF-8 is used when flag bit 11 says so, and also when the flag is clear but the bytes are
  /// valid UTF-8 (many Unix and macOS tools write UTF-8 without setting the flag). Invalid UTF-8
  /// under the flag gives a lossy name and `.invalidUTF8`.
  static func decode(_ bytes: [UInt8], flags: UInt16) -> (name: String, problem: ZipNameProblem?) {
    if let utf8 = String(validating: bytes, as: UTF8.self) { return (utf8, nil) }
    if flags & ZipFormat.flagUTF8 != 0 {
      return (String(decoding: bytes, as: UTF8.self), .invalidUTF8)
    }
    var name = ""
    name.unicodeScalars.append(contentsOf: bytes.map(codePage437))
    return (name, nil)
  }

  /// The reason `name` is unsafe, or nil when it is a safe relative path.
  static func problem(in name: String) -> ZipNameProblem? {
    let scalars = Array(name.unicodeScalars)
    guard let first = scalars.first else { return .empty }
    if scalars.contains("\0") { return .containsNUL }
    if first == "/" || first == "\\" { return .absolutePath }
    if scalars.count >= 2, scalars[1] == ":", first.isASCIILetter {
      return .driveLetter
    }
    var components = name.unicodeScalars.split(
      omittingEmptySubsequences: false, whereSeparator: { $0 == "/" || $0 == "\\" })
    if name.hasSuffix("/") { components.removeLast() }
    for component in components {
      if component.isEmpty { return .emptyComponent }
      if component.elementsEqual("..".unicodeScalars) { return .parentComponent }
      if component.elementsEqual(".".unicodeScalars) { return .currentComponent }
    }
    return nil
  }

  /// `name` with control characters escaped (`\0`, `\u{1B}`), for quoting in messages.
  static func printable(_ name: String) -> String {
    var result = ""
    for scalar in name.unicodeScalars {
      if scalar == "\0" {
        result += "\\0"
      } else if scalar.properties.generalCategory == .control {
        result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// The Unicode scalar for one code page 437 byte (IBM PC), the APPNOTE default encoding.
  private static func codePage437(_ byte: UInt8) -> Unicode.Scalar {
    if byte < 0x80 { return Unicode.Scalar(byte) }
    return highCodePage437[Int(byte - 0x80)]
  }

  private static let highCodePage437: [Unicode.Scalar] = Array(
    ("ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌"
      + "█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u{A0}").unicodeScalars)
}

extension Unicode.Scalar {
  fileprivate var isASCIILetter: Bool {
    ("a"..."z").contains(self) || ("A"..."Z").contains(self)
  }
}

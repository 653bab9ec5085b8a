/// The path of a request target, percent-decoded and checked segment by segment, so that
/// nothing in it can climb out of the served folder: no `.` or `..` segment (raw or encoded),
/// no encoded `/`, no backslash, no NUL or other control character, only valid UTF-8.
public struct RequestPath: Sendable, Equatable {
  /// The decoded, non-empty segments: `/walls/a%20b/` gives ["walls", "a b"].
  public var segments: [String]
  /// Whether the path ends with `/` (folders are served at such paths only).
  public var hasTrailingSlash: Bool

  /// Parses the path of an origin-form target (`/path?query`); the query is ignored.
  /// - Throws: `RequestPathError` when the target is not a safe path.
  public init(target: String) throws(RequestPathError) {
    guard target.hasPrefix("/") else { throw .notOriginForm(target) }
    let path = target.utf8.prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
    hasTrailingSlash = path.last == UInt8(ascii: "/")
    segments = []
    for raw in path.split(separator: UInt8(ascii: "/")) {
      let segment = try Self.decode(raw)
      if segment == "." || segment == ".." { throw .dotSegment(segment) }
      segments.append(segment)
    }
    if segments.isEmpty { hasTrailingSlash = true }
  }

  /// The path, percent-encoded again from its segments (safe to put in a `Location`).
  public var encoded: String {
    "/" + segments.map(Self.encode).joined(separator: "/")
      + (hasTrailingSlash && !segments.isEmpty ? "/" : "")
  }

  /// The path relative to the served folder, for the file system: "walls/a b/index.html".
  public var relative: String { segments.joined(separator: "/") }

  private static func decode(_ raw: Substring.UTF8View.SubSequence) throws(RequestPathError)
    -> String
  {
    var bytes: [UInt8] = []
    var index = raw.startIndex
    while index < raw.endIndex {
      var byte = raw[index]
      if byte == UInt8(ascii: "%") {
        let high = raw.index(after: index)
        guard high < raw.endIndex, raw.index(after: high) < raw.endIndex,
          let h = hexValue(raw[high]), let l = hexValue(raw[raw.index(after: high)])
        else { throw .badEscape(String(decoding: raw, as: UTF8.self)) }
        byte = h << 4 | l
        index = raw.index(high, offsetBy: 2)
      } else {
        index = raw.index(after: index)
      }
      switch byte {
      case UInt8(ascii: "/"): throw .encodedSlash(String(decoding: raw, as: UTF8.self))
      case UInt8(ascii: "\\"): throw .backslash(String(decoding: raw, as: UTF8.self))
      case 0..<0x20, 0x7F: throw .controlCharacter(String(decoding: raw, as: UTF8.self))
      default: bytes.append(byte)
      }
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw .notUTF8(String(decoding: raw, as: UTF8.self))
    }
    return text
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  private static func encode(_ segment: String) -> String {
    var text = ""
    for byte in segment.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
        UInt8(ascii: "."), UInt8(ascii: "~"):
        text.unicodeScalars.append(UnicodeScalar(byte))
      default:
        text += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
      }
    }
    return text
  }
}

/// Why a request path was refused (answered 400 Bad Request).
public enum RequestPathError: Error, Equatable, CustomStringConvertible {
  /// The target does not start with `/` (absolute-form, authority-form or `*`).
  case notOriginForm(String)
  /// A `%` not followed by two hex digits.
  case badEscape(String)
  /// A segment that is `.` or `..`, written plainly or percent-encoded.
  case dotSegment(String)
  /// A `%2F` inside a segment.
  case encodedSlash(String)
  /// A backslash, plain or encoded.
  case backslash(String)
  /// A NUL or other control character, encoded.
  case controlCharacter(String)
  /// Bytes that do not decode as UTF-8.
  case notUTF8(String)

  public var description: String {
    switch self {
    case .notOriginForm(let target): "the target '\(target)' is not a path starting with '/'"
    case .badEscape(let segment): "bad percent escape in '\(segment)'"
    case .dotSegment(let segment): "the path segment '\(segment)' is not allowed"
    case .encodedSlash(let segment): "an encoded '/' in '\(segment)' is not allowed"
    case .backslash(let segment): "a backslash in '\(segment)' is not allowed"
    case .controlCharacter(let segment): "a control character in '\(segment)' is not allowed"
    case .notUTF8(let segment): "'\(segment)' is not UTF-8 once decoded"
    }
  }
}

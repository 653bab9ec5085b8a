/// The encoded image formats wallgen reads and writes.
public enum ImageFormat: String, Sendable {
  /// JPEG (JFIF/EXIF), starting with `FF D8 FF`.
  case jpeg
  /// PNG, starting with the 8-byte signature `89 50 4E 47 0D 0A 1A 0A`.
  case png

  /// The file extension used for this format, without a dot.
  public var fileExtension: String {
    switch self {
    case .jpeg: return "jpg"
    case .png: return "png"
    }
  }

  /// Identifies the format from the leading magic bytes, never from a file name.
  /// - Parameter bytes: The start of the file (at least 8 bytes for PNG, 3 for JPEG).
  /// - Returns: The format, or `nil` when the bytes match neither signature.
  public static func sniff(_ bytes: [UInt8]) -> ImageFormat? {
    if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
    return nil
  }
}

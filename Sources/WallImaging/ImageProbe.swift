/// Reads image headers quickly, without decoding pixels.
public enum ImageProbe {
  /// Sniffs the format from magic bytes and reads size, EXIF orientation and alpha.
  /// - Parameters:
  ///   - bytes: The encoded image.
  ///   - limits: File size and pixel limits.
  /// - Returns: The header information.
  /// - Throws: `ImagingError.empty`, `.notAnImage`, `.fileTooLarge`, `.tooManyPixels` or
  ///   `.decodeFailed` when the header is unreadable.
  public static func inspect(_ bytes: [UInt8], limits: ImageLimits) throws(ImagingError)
    -> ImageInfo
  {
    switch try format(of: bytes, limits: limits) {
    case .jpeg: return try JPEGCodec.inspect(bytes, limits: limits)
    case .png: return try PNGCodec.inspect(bytes, limits: limits)
    }
  }

  /// The sniffed format, after the file-size checks.
  /// - Throws: `ImagingError.empty`, `.fileTooLarge` or `.notAnImage`.
  static func format(of bytes: [UInt8], limits: ImageLimits) throws(ImagingError) -> ImageFormat {
    try limits.checkFile(byteCount: bytes.count)
    guard let format = ImageFormat.sniff(bytes) else {
      throw .notAnImage(firstBytes: Array(bytes.prefix(8)))
    }
    return format
  }
}

/// An encoded image file held in memory.
public struct EncodedImage: Sendable, Equatable {
  /// The format of `bytes`.
  public var format: ImageFormat
  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int
  /// The encoded file.
  public var bytes: [UInt8]

  /// Creates an encoded image.
  /// - Parameters:
  ///   - format: The format of `bytes`.
  ///   - width: Width in pixels.
  ///   - height: Height in pixels.
  ///   - bytes: The encoded file.
  public init(format: ImageFormat, width: Int, height: Int, bytes: [UInt8]) {
    self.format = format
    self.width = width
    self.height = height
    self.bytes = bytes
  }
}

/// A decoded bitmap and the non-fatal problems the decoder reported.
public struct DecodedImage: Sendable {
  /// The pixels: RGB for JPEG, RGBA for PNG.
  public var bitmap: Bitmap
  /// Non-fatal decoder messages.
  ///
  /// For JPEG, libjpeg's corrupt-data warnings as `"<first message> (<N> warnings)"`.
  public var warnings: [String]
  /// The embedded ICC profile (JPEG APP2 `ICC_PROFILE`, PNG iCCP), if any; the pixels are
  /// as stored, not converted.
  public var iccProfile: [UInt8]?

  /// Creates a decoded image.
  /// - Parameters:
  ///   - bitmap: The pixels.
  ///   - warnings: Non-fatal decoder messages.
  ///   - iccProfile: The embedded ICC profile, if any.
  public init(bitmap: Bitmap, warnings: [String], iccProfile: [UInt8]? = nil) {
    self.bitmap = bitmap
    self.warnings = warnings
    self.iccProfile = iccProfile
  }
}

/// What a row-by-row decode reports besides the rows it delivered.
struct StreamedDecode {
  /// Non-fatal decoder messages.
  var warnings: [String]
  /// The embedded ICC profile, if any (for PNG, only when there is no sRGB chunk).
  var iccProfile: [UInt8]?
}

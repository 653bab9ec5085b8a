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
  /// The most bytes the decoder library held at once, counted by its allocator (libpng); 0 when
  /// not counted (libjpeg, whose whole-image buffers `ImageLimits.maxDecoderBytes` bounds).
  public var decoderPeakBytes: Int

  /// Creates a decoded image.
  /// - Parameters:
  ///   - bitmap: The pixels.
  ///   - warnings: Non-fatal decoder messages.
  ///   - iccProfile: The embedded ICC profile, if any.
  ///   - decoderPeakBytes: The decoder library's peak allocation, or 0 when not counted.
  public init(
    bitmap: Bitmap, warnings: [String], iccProfile: [UInt8]? = nil, decoderPeakBytes: Int = 0
  ) {
    self.bitmap = bitmap
    self.warnings = warnings
    self.iccProfile = iccProfile
    self.decoderPeakBytes = decoderPeakBytes
  }
}

/// What a row-by-row decode reports besides the rows it delivered.
struct StreamedDecode {
  /// Non-fatal decoder messages.
  var warnings: [String]
  /// The embedded ICC profile, if any (for PNG, only when there is no sRGB chunk).
  var iccProfile: [UInt8]?
  /// The decoder library's peak allocation (libpng's, counted); 0 for libjpeg.
  var decoderPeakBytes: Int
  /// The bytes of the buffer the decoded rows were delivered in.
  var rowBufferBytes: Int
}

/// Bounds on the inputs the imaging stage accepts, checked before any pixel is decoded.
public struct ImageLimits: Sendable, Equatable {
  /// The largest stored `width * height` accepted (default `defaultMaxPixels`).
  public var maxPixels: Int
  /// The largest encoded file accepted, in bytes (default 200 MiB).
  public var maxFileBytes: Int
  /// The most memory libjpeg may use for whole-image buffers, in bytes (default 512 MiB).
  ///
  /// Progressive and multi-scan JPEGs keep every DCT coefficient until the last scan (about
  /// 3 bytes per pixel for 4:2:0 colour); a file whose header passes `maxPixels` but which
  /// would need more is refused instead of decoded.
  public var maxDecoderBytes: Int
  /// The most scans a JPEG may have (default 500, as libjpeg-turbo's TurboJPEG scan limit).
  public var maxJPEGScans: Int
  /// The longest stored side accepted, width or height (default 65 535 pixels).
  ///
  /// Row buffers (libpng's, the decoded-row batch, the box sums) grow with the width, and the
  /// resampler's tables with the sides; `maxPixels` alone lets a 100 000 000 x 1 image through.
  /// 65 535 is JPEG's own ceiling (65 500), so PNG gets the same.
  public var maxSide: Int
  /// The longest side of any output variant (default 4096 pixels).
  ///
  /// Variants are narrowed, keeping the aspect ratio, so that their height stays within it; a
  /// source more extreme than `maxOutputSide`:1 gets a 1-pixel side.
  public var maxOutputSide: Int

  /// The default `maxPixels` (and `--max-pixels`): 100 million.
  public static let defaultMaxPixels = 100_000_000

  /// Creates limits.
  /// - Parameters:
  ///   - maxPixels: The largest stored `width * height` accepted.
  ///   - maxFileBytes: The largest encoded file accepted, in bytes.
  ///   - maxDecoderBytes: The most memory libjpeg may use for whole-image buffers.
  ///   - maxJPEGScans: The most scans a JPEG may have.
  ///   - maxSide: The longest stored side accepted.
  ///   - maxOutputSide: The longest side of any output variant.
  public init(
    maxPixels: Int = ImageLimits.defaultMaxPixels, maxFileBytes: Int = 200 << 20,
    maxDecoderBytes: Int = 512 << 20, maxJPEGScans: Int = 500, maxSide: Int = 65_535,
    maxOutputSide: Int = 4096
  ) {
    self.maxPixels = maxPixels
    self.maxFileBytes = maxFileBytes
    self.maxDecoderBytes = maxDecoderBytes
    self.maxJPEGScans = maxJPEGScans
    self.maxSide = maxSide
    self.maxOutputSide = maxOutputSide
  }

  /// Throws when the encoded input is empty or larger than `maxFileBytes`.
  /// - Parameter byteCount: The size of the encoded input.
  /// - Throws: `ImagingError.empty` or `ImagingError.fileTooLarge`.
  func checkFile(byteCount: Int) throws(ImagingError) {
    if byteCount == 0 { throw .empty }
    if byteCount > maxFileBytes { throw .fileTooLarge(bytes: byteCount, limit: maxFileBytes) }
  }

  /// Throws when a header's dimensions exceed `maxPixels` or a side exceeds `maxSide`.
  /// - Parameters:
  ///   - width: The stored width.
  ///   - height: The stored height.
  /// - Throws: `ImagingError.tooManyPixels` or `.sideTooLong`.
  package func checkPixels(width: Int, height: Int) throws(ImagingError) {
    let (product, overflow) = width.multipliedReportingOverflow(by: height)
    if overflow || product > maxPixels {
      throw .tooManyPixels(width: width, height: height, limit: maxPixels)
    }
    if max(width, height) > maxSide {
      throw .sideTooLong(width: width, height: height, limit: maxSide)
    }
  }
}

/// Bounds on the inputs the imaging stage accepts, checked before any pixel is decoded.
public struct ImageLimits: Sendable, Equatable {
  /// The largest stored `width * height` accepted (default 100 million).
  public var maxPixels: Int
  /// The largest encoded file accepted, in bytes (default 200 MiB).
  public var maxFileBytes: Int

  /// Creates limits.
  /// - Parameters:
  ///   - maxPixels: The largest stored `width * height` accepted.
  ///   - maxFileBytes: The largest encoded file accepted, in bytes.
  public init(maxPixels: Int = 100_000_000, maxFileBytes: Int = 200 << 20) {
    self.maxPixels = maxPixels
    self.maxFileBytes = maxFileBytes
  }

  /// Throws when the encoded input is empty or larger than `maxFileBytes`.
  /// - Parameter byteCount: The size of the encoded input.
  /// - Throws: `ImagingError.empty` or `ImagingError.fileTooLarge`.
  func checkFile(byteCount: Int) throws(ImagingError) {
    if byteCount == 0 { throw .empty }
    if byteCount > maxFileBytes { throw .fileTooLarge(bytes: byteCount, limit: maxFileBytes) }
  }

  /// Throws when a header's dimensions exceed `maxPixels`.
  /// - Parameters:
  ///   - width: The stored width.
  ///   - height: The stored height.
  /// - Throws: `ImagingError.tooManyPixels`.
  func checkPixels(width: Int, height: Int) throws(ImagingError) {
    let (product, overflow) = width.multipliedReportingOverflow(by: height)
    if overflow || product > maxPixels {
      throw .tooManyPixels(width: width, height: height, limit: maxPixels)
    }
  }
}

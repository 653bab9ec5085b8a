/// The encoded variants made from one source image.
public struct ThumbnailSet: Sendable {
  /// Source width as displayed (after EXIF orientation), before any scaling.
  public var sourceWidth: Int
  /// Source height as displayed (after EXIF orientation), before any scaling.
  public var sourceHeight: Int
  /// One image per distinct kept size, smallest first.
  public var variants: [EncodedImage]
  /// Non-fatal decoder messages about the source.
  public var warnings: [String]

  /// Creates a thumbnail set.
  /// - Parameters:
  ///   - sourceWidth: Upright source width.
  ///   - sourceHeight: Upright source height.
  ///   - variants: The encoded images, smallest first.
  ///   - warnings: Decoder warnings.
  public init(sourceWidth: Int, sourceHeight: Int, variants: [EncodedImage], warnings: [String]) {
    self.sourceWidth = sourceWidth
    self.sourceHeight = sourceHeight
    self.variants = variants
    self.warnings = warnings
  }
}

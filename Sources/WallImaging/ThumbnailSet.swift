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
  /// The bytes the decode stage held at its peak, as counted by the code.
  ///
  /// That is libpng's allocations (its allocator counts them; libjpeg's are not counted), the
  /// decoded-row buffer and the downscaler's buffers, output included. See
  /// `ImageLimits.decodeMemoryBound(largestSize:)`.
  public var decodeBytes: Int
  /// The WebP sibling of each variant, in the same order (same size), when
  /// `Thumbnailer.webp` is set; empty otherwise and for square avatars.
  public var webpVariants: [[UInt8]] = []

  /// Creates a thumbnail set.
  /// - Parameters:
  ///   - sourceWidth: Upright source width.
  ///   - sourceHeight: Upright source height.
  ///   - variants: The encoded images, smallest first.
  ///   - warnings: Decoder warnings.
  ///   - decodeBytes: The bytes the decode stage held at its peak.
  public init(
    sourceWidth: Int, sourceHeight: Int, variants: [EncodedImage], warnings: [String],
    decodeBytes: Int = 0
  ) {
    self.sourceWidth = sourceWidth
    self.sourceHeight = sourceHeight
    self.variants = variants
    self.warnings = warnings
    self.decodeBytes = decodeBytes
  }
}

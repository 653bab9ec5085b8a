/// Makes resized, upright, metadata-free variants of JPEG and PNG images.
///
/// Pipeline: sniff and read the header (limits checked before decoding) → decode row by row
/// (JPEG with libjpeg's DCT scaling to the smallest M/8 not below the largest requested size)
/// straight into a streaming box + Lanczos-3 downscaler to the largest size → convert an
/// embedded ICC profile to sRGB → apply EXIF orientation → each smaller size Lanczos-3 from the
/// next larger one → encode. Opaque results are progressive JPEGs; results with any alpha below 255 are
/// PNGs (alpha kept, nothing composited). See docs/media.md.
public struct Thumbnailer: Sendable {
  /// Limits applied to every source.
  public var limits: ImageLimits
  /// libjpeg quality for JPEG variants, 1...100.
  public var jpegQuality: Int
  /// When set, every photo variant also gets a WebP sibling (`ThumbnailSet.webpVariants`).
  public var webp: WebPSettings?

  /// Creates a thumbnailer.
  /// - Parameters:
  ///   - limits: File size and pixel limits for sources.
  ///   - jpegQuality: libjpeg quality for JPEG variants, 1...100.
  public init(limits: ImageLimits = ImageLimits(), jpegQuality: Int = 82) {
    self.limits = limits
    self.jpegQuality = jpegQuality
  }

  /// Makes one variant per requested width.
  ///
  /// Decodes JPEG or PNG bytes, applies EXIF orientation, shrink-on-load, and high-quality
  /// downscales to each width (never upscaling: widths above the source width are dropped, but
  /// the source width itself is produced if every requested width is larger). Heights keep the
  /// upright aspect ratio (rounded, at least 1). No side exceeds `limits.maxOutputSide`: widths
  /// whose height would are dropped the same way, and the widest that fits is produced instead.
  /// Opaque → progressive JPEG; images with any non-opaque alpha → PNG.
  /// - Parameters:
  ///   - bytes: The encoded source.
  ///   - widths: Requested widths in pixels; duplicates are merged.
  /// - Returns: One variant per kept width, narrowest first.
  /// - Throws: `ImagingError` for bad requests, refused or undecodable sources.
  public func variants(of bytes: [UInt8], widths: [Int]) throws(ImagingError) -> ThumbnailSet {
    let info = try prepare(bytes, sizes: widths)
    // The sizes a plan predicts from the header are the sizes made: one computation for both.
    let sizes = plannedVariantSizes(of: info, widths: widths)
    let largest = sizes.last ?? PixelSize(width: 1, height: 1)
    let minimum =
      info.orientation >= 5 ? PixelSize(width: largest.height, height: largest.width) : largest
    let (decoded, decodeBytes) = try shrink(
      bytes, format: info.format, target: minimum, square: false)
    // Each smaller width from the next larger variant (a cascade, as libvips' pyramids): the
    // scale between neighbours stays near 2, so each Lanczos pass is short.
    var current = decoded.bitmap.oriented(info.orientation)
    var variants: [EncodedImage] = []
    var webpVariants: [[UInt8]] = []
    for size in sizes.reversed() {
      let (width, height) = (size.width, size.height)
      if width != current.width || height != current.height {
        current = try current.resized(width: width, height: height)
      }
      variants.append(try encode(current))
      if let webp { webpVariants.append(try WebPCodec.encode(current, settings: webp)) }
    }
    var set = ThumbnailSet(
      sourceWidth: info.displayWidth, sourceHeight: info.displayHeight,
      variants: Array(variants.reversed()),
      warnings: decoded.warnings, decodeBytes: decodeBytes)
    set.webpVariants = Array(webpVariants.reversed())
    return set
  }

  /// Square centre-cropped avatars (for example 64 and 128) from a profile picture.
  ///
  /// Sizes above the shorter upright side or `limits.maxOutputSide` are dropped (the smaller of
  /// the two is produced if all are larger).
  /// - Parameters:
  ///   - bytes: The encoded source.
  ///   - sizes: Requested side lengths in pixels; duplicates are merged.
  /// - Returns: One square variant per kept size, smallest first.
  /// - Throws: `ImagingError` for bad requests, refused or undecodable sources.
  public func squareVariants(of bytes: [UInt8], sizes: [Int]) throws(ImagingError)
    -> ThumbnailSet
  {
    let info = try prepare(bytes, sizes: sizes)
    let kept = plannedSquareSizes(of: info, sizes: sizes)
    let largest = kept.last ?? 1
    let (decoded, decodeBytes) = try shrink(
      bytes, format: info.format, target: PixelSize(width: largest, height: largest),
      square: true)
    var current = decoded.bitmap.oriented(info.orientation)
    var variants: [EncodedImage] = []
    for size in kept.reversed() {
      if size != current.width { current = try current.resized(width: size, height: size) }
      variants.append(try encode(current))
    }
    return ThumbnailSet(
      sourceWidth: info.displayWidth, sourceHeight: info.displayHeight,
      variants: Array(variants.reversed()),
      warnings: decoded.warnings, decodeBytes: decodeBytes)
  }

  /// Validates the request and reads the header (format, size, orientation, limits).
  private func prepare(_ bytes: [UInt8], sizes: [Int]) throws(ImagingError) -> ImageInfo {
    guard !sizes.isEmpty else { throw .noSizesRequested }
    if let bad = sizes.first(where: { $0 <= 0 }) { throw .invalidSize(bad) }
    guard (1...100).contains(jpegQuality) else { throw .invalidQuality(jpegQuality) }
    return try ImageProbe.inspect(bytes, limits: limits)
  }

  /// Decodes row by row into a downscaler to `target` (stored orientation; a centred square
  /// when `square`), converts an embedded ICC profile to sRGB and drops an all-opaque alpha.
  ///
  /// Also returns the bytes the decode held at its peak (see `ThumbnailSet.decodeBytes`).
  private func shrink(_ bytes: [UInt8], format: ImageFormat, target: PixelSize, square: Bool)
    throws(ImagingError) -> (DecodedImage, Int)
  {
    let resizer = StreamingResizer(target: target, centerSquare: square)
    let streamed: StreamedDecode
    switch format {
    case .jpeg:
      streamed = try JPEGCodec.stream(bytes, minimumSize: target, limits: limits, into: resizer)
    case .png:
      streamed = try PNGCodec.stream(bytes, limits: limits, into: resizer)
    }
    var bitmap = try resizer.finish(format: format)
    var warnings = streamed.warnings
    if let profile = streamed.iccProfile {
      switch ColorTransform.plan(profile: profile, channels: bitmap.channels) {
      case .convert(let transform): transform.apply(to: &bitmap)
      case .keep: break
      case .unusable(let reason): warnings.append(reason + "; colours are used as stored")
      }
    }
    if bitmap.channels == 4 && bitmap.isOpaque {
      bitmap = bitmap.droppingAlpha()
    }
    let decodeBytes = streamed.decoderPeakBytes + streamed.rowBufferBytes + resizer.bufferBytes
    return (
      DecodedImage(bitmap: bitmap, warnings: warnings, iccProfile: streamed.iccProfile),
      decodeBytes
    )
  }

  private func encode(_ bitmap: Bitmap) throws(ImagingError) -> EncodedImage {
    if bitmap.isOpaque {
      let bytes = try JPEGCodec.encode(bitmap, quality: jpegQuality, progressive: true)
      return EncodedImage(format: .jpeg, width: bitmap.width, height: bitmap.height, bytes: bytes)
    }
    let bytes = try PNGCodec.encode(bitmap, compression: .runLength)
    return EncodedImage(format: .png, width: bitmap.width, height: bitmap.height, bytes: bytes)
  }

  /// Distinct requested sizes not above `limit`, ascending; `[limit]` if none fits.
  package static func keptSizes(_ sizes: [Int], limit: Int) -> [Int] {
    let kept = Set(sizes.filter { $0 <= limit }).sorted()
    return kept.isEmpty ? [limit] : kept
  }

  /// The height that keeps the aspect ratio of `width` x `height` at `targetWidth`.
  package static func height(forWidth targetWidth: Int, width: Int, height: Int) -> Int {
    max(1, (height * targetWidth * 2 + width) / (2 * width))
  }
}

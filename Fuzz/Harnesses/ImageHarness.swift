import WallKit

/// Makes thumbnails of the input as a JPEG or PNG source, with limits small enough that every
/// input is quick: what the media stage does for every picture of an export.
enum ImageHarness {
  /// Small limits: a few megapixels at most, small outputs.
  static let thumbnailer = Thumbnailer(
    limits: ImageLimits(
      maxPixels: 4_000_000, maxFileBytes: 1 << 20, maxDecoderBytes: 64 << 20, maxJPEGScans: 100,
      maxSide: 8192, maxOutputSide: 256),
    jpegQuality: 75)

  /// Runs the thumbnailer; every outcome but a crash is fine.
  static func run(_ bytes: [UInt8]) {
    _ = try? thumbnailer.variants(of: bytes, widths: [16, 48])
    // The square crops take another path through the resizer; the first byte picks it, so that
    // most inputs cost one decode.
    if let first = bytes.first, first & 1 == 1 {
      _ = try? thumbnailer.squareVariants(of: bytes, sizes: [24])
    }
  }
}

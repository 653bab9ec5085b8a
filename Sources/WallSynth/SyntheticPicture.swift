import WallKit

/// Small generated photos for synthetic exports: a diagonal two-colour gradient whose colours
/// come from a number, so every image differs and costs a real decode.
public enum SyntheticPicture {
  /// A baseline JPEG of `width`×`height` for picture number `index`.
  /// - Throws: `ImagingError` when encoding fails.
  public static func jpeg(index: Int, width: Int, height: Int) throws(ImagingError) -> [UInt8] {
    var random = SeededRandom(seed: UInt64(truncatingIfNeeded: index) &+ 0x5EED)
    let from = (0..<3).map { _ in Int.random(in: 0...255, using: &random) }
    let to = (0..<3).map { _ in Int.random(in: 0...255, using: &random) }
    var pixels = [UInt8](repeating: 0, count: width * height * 3)
    let span = max(1, width + height - 2)
    for y in 0..<height {
      for x in 0..<width {
        let t = x + y
        let offset = (y * width + x) * 3
        for channel in 0..<3 {
          pixels[offset + channel] = UInt8((from[channel] * (span - t) + to[channel] * t) / span)
        }
      }
    }
    return try JPEGCodec.encode(
      Bitmap(width: width, height: height, channels: 3, pixels: pixels), quality: 80,
      progressive: false)
  }
}

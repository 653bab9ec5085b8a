import Foundation

/// Lanczos-3 resampling of 8-bit RGB/RGBA bitmaps: the per-axis weights, and whole-bitmap
/// resizes through `StreamingResizer`.
///
/// When shrinking, the kernel is widened by the scale factor so that every source pixel
/// contributes (an antialiased area filter with Lanczos shape, as Pillow and libvips do).
/// RGBA is filtered with premultiplied alpha so transparent pixels do not bleed colour.
/// Values are accumulated in `Float` and rounded once, at the end.
enum Resampler {
  /// Contributions of source pixels to each output pixel along one axis.
  struct Axis {
    var starts: [Int]
    var taps: Int
    /// `outputSize * taps` weights, zero-padded, each row summing to 1.
    var weights: [Float]

    init(source: Int, output: Int) {
      let scale = Double(source) / Double(output)
      let filterScale = max(1.0, scale)
      let support = 3.0 * filterScale
      let taps = min(source, Int((2 * support).rounded(.up)) + 1)
      var starts = [Int](repeating: 0, count: output)
      var weights = [Float](repeating: 0, count: output * taps)
      for index in 0..<output {
        let center = (Double(index) + 0.5) * scale
        var start = Int((center - support).rounded(.down))
        start = min(max(0, start), source - taps)
        starts[index] = start
        var total = 0.0
        var row = [Double](repeating: 0, count: taps)
        for tap in 0..<taps {
          let position = (Double(start + tap) + 0.5 - center) / filterScale
          row[tap] = Self.lanczos3(position)
          total += row[tap]
        }
        if total == 0 {
          // Degenerate (should not happen): fall back to the nearest source pixel.
          let nearest = min(source - 1, max(0, Int(center))) - start
          row = [Double](repeating: 0, count: taps)
          row[nearest] = 1
          total = 1
        }
        for tap in 0..<taps { weights[index * taps + tap] = Float(row[tap] / total) }
      }
      self.starts = starts
      self.taps = taps
      self.weights = weights
    }

    static func lanczos3(_ x: Double) -> Double {
      let distance = abs(x)
      guard distance < 3 else { return 0 }
      guard distance > 1e-9 else { return 1 }
      let pix = Double.pi * distance
      return 3 * sin(pix) * sin(pix / 3) / (pix * pix)
    }
  }

  /// Resizes `bitmap` to `width` x `height` (both positive) as the decode path does.
  ///
  /// That is `StreamingResizer`: a box pre-reduction by whole factors while the scale is 4 or
  /// more, then Lanczos-3. At scales below 4 (each variant from the next larger one) that is
  /// plain Lanczos-3.
  static func resize(_ bitmap: Bitmap, width: Int, height: Int) -> Bitmap {
    if bitmap.width == width && bitmap.height == height { return bitmap }
    let resizer = StreamingResizer(target: PixelSize(width: width, height: height))
    resizer.begin(width: bitmap.width, height: bitmap.height, channels: bitmap.channels)
    bitmap.pixels.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      resizer.consume(base, count: bitmap.height)
    }
    return resizer.result()
  }
}

extension Bitmap {
  /// The bitmap resampled to `width` x `height` with a Lanczos-3 filter (antialiased when
  /// shrinking; alpha handled premultiplied).
  /// - Parameters:
  ///   - width: Target width, positive.
  ///   - height: Target height, positive.
  /// - Throws: `ImagingError.invalidSize` for a non-positive size, `.invalidBitmap` for an
  ///   inconsistent bitmap.
  public func resized(width: Int, height: Int) throws(ImagingError) -> Bitmap {
    try validate()
    guard width > 0 else { throw .invalidSize(width) }
    guard height > 0 else { throw .invalidSize(height) }
    return Resampler.resize(self, width: width, height: height)
  }
}

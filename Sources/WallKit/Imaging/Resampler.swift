import Foundation

/// A separable Lanczos-3 resampler for 8-bit RGB/RGBA bitmaps.
///
/// When shrinking, the kernel is widened by the scale factor so that every source pixel
/// contributes (an antialiased area filter with Lanczos shape, as Pillow and libvips do).
/// RGBA is filtered with premultiplied alpha so transparent pixels do not bleed colour.
/// Values are accumulated in `Float` and rounded once per pass.
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

  /// Resizes `bitmap` to `width` x `height` (both positive).
  static func resize(_ bitmap: Bitmap, width: Int, height: Int) -> Bitmap {
    if bitmap.width == width && bitmap.height == height { return bitmap }
    let channels = bitmap.channels
    let horizontal = Axis(source: bitmap.width, output: width)
    let vertical = Axis(source: bitmap.height, output: height)
    let premultiply = channels == 4
    // Pass 1: rows of the source, columns of the output, premultiplied Float.
    let middleCount = bitmap.height * width * channels
    var middle = [Float](repeating: 0, count: middleCount)
    bitmap.pixels.withUnsafeBufferPointer { sourceBuffer in
      middle.withUnsafeMutableBufferPointer { middleBuffer in
        horizontal.weights.withUnsafeBufferPointer { weightBuffer in
          guard let source = sourceBuffer.baseAddress, let out = middleBuffer.baseAddress,
            let weights = weightBuffer.baseAddress
          else { return }
          let taps = horizontal.taps
          for y in 0..<bitmap.height {
            let sourceRow = source + y * bitmap.width * channels
            let outRow = out + y * width * channels
            for x in 0..<width {
              let w = weights + x * taps
              var pixel = sourceRow + horizontal.starts[x] * channels
              var sums: (Float, Float, Float, Float) = (0, 0, 0, 0)
              for tap in 0..<taps {
                let weight = w[tap]
                if premultiply {
                  let alpha = Float(pixel[3]) * weight
                  sums.0 += Float(pixel[0]) * alpha
                  sums.1 += Float(pixel[1]) * alpha
                  sums.2 += Float(pixel[2]) * alpha
                  sums.3 += alpha
                } else {
                  sums.0 += Float(pixel[0]) * weight
                  sums.1 += Float(pixel[1]) * weight
                  sums.2 += Float(pixel[2]) * weight
                }
                pixel += channels
              }
              let target = outRow + x * channels
              target[0] = sums.0
              target[1] = sums.1
              target[2] = sums.2
              if premultiply { target[3] = sums.3 }
            }
          }
        }
      }
    }
    // Pass 2: columns, then back to straight 8-bit.
    let count = width * height * channels
    let pixels = [UInt8](unsafeUninitializedCapacity: count) { outBuffer, initialized in
      middle.withUnsafeBufferPointer { middleBuffer in
        vertical.weights.withUnsafeBufferPointer { weightBuffer in
          guard let source = middleBuffer.baseAddress, let out = outBuffer.baseAddress,
            let weights = weightBuffer.baseAddress
          else { return }
          let taps = vertical.taps
          let rowLength = width * channels
          for y in 0..<height {
            let w = weights + y * taps
            let firstRow = source + vertical.starts[y] * rowLength
            let outRow = out + y * rowLength
            for x in 0..<width {
              var pixel = firstRow + x * channels
              var sums: (Float, Float, Float, Float) = (0, 0, 0, 0)
              for tap in 0..<taps {
                let weight = w[tap]
                sums.0 += pixel[0] * weight
                sums.1 += pixel[1] * weight
                sums.2 += pixel[2] * weight
                if premultiply { sums.3 += pixel[3] * weight }
                pixel += rowLength
              }
              let target = outRow + x * channels
              if premultiply {
                let alpha = min(255, max(0, sums.3))
                let scale: Float = alpha > 0 ? 1 / alpha : 0
                target[0] = clamp(sums.0 * scale)
                target[1] = clamp(sums.1 * scale)
                target[2] = clamp(sums.2 * scale)
                target[3] = clamp(alpha)
              } else {
                target[0] = clamp(sums.0)
                target[1] = clamp(sums.1)
                target[2] = clamp(sums.2)
              }
            }
          }
        }
      }
      initialized = count
    }
    return Bitmap(width: width, height: height, channels: channels, pixels: pixels)
  }

  @inline(__always)
  private static func clamp(_ value: Float) -> UInt8 {
    UInt8(min(255, max(0, value + 0.5)))
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

import Foundation
import WallKit

/// Pixel-level comparisons that report numbers instead of dumping whole bitmaps.
public enum ImageComparison {
  /// The largest absolute per-channel difference, or `Int.max` when the shapes differ.
  /// - Parameters:
  ///   - lhs: A bitmap.
  ///   - rhs: A bitmap of the same size and channel count.
  public static func maxDifference(_ lhs: Bitmap, _ rhs: Bitmap) -> Int {
    guard sameShape(lhs, rhs) else { return Int.max }
    var result = 0
    for index in lhs.pixels.indices {
      result = max(result, abs(Int(lhs.pixels[index]) - Int(rhs.pixels[index])))
    }
    return result
  }

  /// The mean absolute per-channel difference, or `.infinity` when the shapes differ.
  /// - Parameters:
  ///   - lhs: A bitmap.
  ///   - rhs: A bitmap of the same size and channel count.
  public static func meanDifference(_ lhs: Bitmap, _ rhs: Bitmap) -> Double {
    guard sameShape(lhs, rhs), !lhs.pixels.isEmpty else { return .infinity }
    var total = 0
    for index in lhs.pixels.indices {
      total += abs(Int(lhs.pixels[index]) - Int(rhs.pixels[index]))
    }
    return Double(total) / Double(lhs.pixels.count)
  }

  /// Peak signal-to-noise ratio over every channel, in dB: infinite when equal, `-infinity`
  /// when the shapes differ.
  /// - Parameters:
  ///   - lhs: A bitmap.
  ///   - rhs: A bitmap of the same size and channel count.
  public static func psnr(_ lhs: Bitmap, _ rhs: Bitmap) -> Double {
    guard sameShape(lhs, rhs), !lhs.pixels.isEmpty else { return -.infinity }
    var sum = 0.0
    for index in lhs.pixels.indices {
      let difference = Double(lhs.pixels[index]) - Double(rhs.pixels[index])
      sum += difference * difference
    }
    guard sum > 0 else { return .infinity }
    return 10 * log10(255 * 255 * Double(lhs.pixels.count) / sum)
  }

  private static func sameShape(_ lhs: Bitmap, _ rhs: Bitmap) -> Bool {
    lhs.width == rhs.width && lhs.height == rhs.height && lhs.channels == rhs.channels
      && lhs.pixels.count == rhs.pixels.count
  }
}

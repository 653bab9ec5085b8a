/// An 8-bit image in memory: packed rows of RGB (3 channels) or RGBA (4 channels), top row first.
public struct Bitmap: Sendable, Equatable {
  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int
  /// Channels per pixel: 3 (RGB) or 4 (RGBA, straight alpha).
  public var channels: Int
  /// `width * height * channels` bytes, row-major, no padding.
  public var pixels: [UInt8]

  /// Wraps existing pixels without checking them; see `validate()`.
  /// - Parameters:
  ///   - width: Width in pixels.
  ///   - height: Height in pixels.
  ///   - channels: 3 for RGB, 4 for RGBA.
  ///   - pixels: Packed rows, `width * height * channels` bytes.
  public init(width: Int, height: Int, channels: Int, pixels: [UInt8]) {
    self.width = width
    self.height = height
    self.channels = channels
    self.pixels = pixels
  }

  /// Creates a bitmap filled with zero bytes (black, and transparent if it has alpha).
  /// - Parameters:
  ///   - width: Width in pixels.
  ///   - height: Height in pixels.
  ///   - channels: 3 for RGB, 4 for RGBA.
  public init(width: Int, height: Int, channels: Int) {
    self.init(
      width: width, height: height, channels: channels,
      pixels: [UInt8](repeating: 0, count: max(0, width * height * channels)))
  }

  /// Checks that the dimensions are positive, the channel count is 3 or 4 and the pixel
  /// buffer has exactly the implied size.
  /// - Throws: `ImagingError.invalidBitmap` describing the mismatch.
  public func validate() throws(ImagingError) {
    let (expected, overflow) = width.multipliedReportingOverflow(by: height)
    guard width > 0, height > 0, channels == 3 || channels == 4, !overflow,
      expected.multipliedReportingOverflow(by: channels).partialValue == pixels.count
    else {
      throw .invalidBitmap(
        width: width, height: height, channels: channels, byteCount: pixels.count)
    }
  }

  /// True when there is no alpha channel or every alpha value is 255.
  public var isOpaque: Bool {
    guard channels == 4 else { return true }
    return pixels.withUnsafeBufferPointer { buffer in
      var index = 3
      while index < buffer.count {
        if buffer[index] != 255 { return false }
        index += 4
      }
      return true
    }
  }

  /// The same image with the alpha channel dropped (a copy of `self` when already RGB).
  public func droppingAlpha() -> Bitmap {
    guard channels == 4 else { return self }
    let count = width * height
    let rgb = [UInt8](unsafeUninitializedCapacity: count * 3) { out, initialized in
      pixels.withUnsafeBufferPointer { source in
        for pixel in 0..<count {
          out[pixel * 3] = source[pixel * 4]
          out[pixel * 3 + 1] = source[pixel * 4 + 1]
          out[pixel * 3 + 2] = source[pixel * 4 + 2]
        }
      }
      initialized = count * 3
    }
    return Bitmap(width: width, height: height, channels: 3, pixels: rgb)
  }
}

extension Bitmap {
  /// The bitmap turned upright according to an EXIF orientation.
  ///
  /// 1 identity, 2 mirror horizontally, 3 rotate 180°, 4 mirror vertically, 5 transpose,
  /// 6 rotate 90° clockwise, 7 transverse, 8 rotate 90° counter-clockwise. Orientations 5...8
  /// swap width and height. Values outside 1...8 are treated as 1.
  /// - Parameter orientation: The EXIF Orientation tag value.
  public func oriented(_ orientation: Int) -> Bitmap {
    guard (2...8).contains(orientation), width > 0, height > 0 else { return self }
    let w = width
    let h = height
    // Source pixel index of output (x, y) is base + x * dx + y * dy.
    let (base, dx, dy): (Int, Int, Int)
    switch orientation {
    case 2: (base, dx, dy) = (w - 1, -1, w)
    case 3: (base, dx, dy) = ((h - 1) * w + w - 1, -1, -w)
    case 4: (base, dx, dy) = ((h - 1) * w, 1, -w)
    case 5: (base, dx, dy) = (0, w, 1)
    case 6: (base, dx, dy) = ((h - 1) * w, -w, 1)
    case 7: (base, dx, dy) = ((h - 1) * w + w - 1, -w, -1)
    default: (base, dx, dy) = (w - 1, w, -1)
    }
    let (outWidth, outHeight) = orientation >= 5 ? (h, w) : (w, h)
    let c = channels
    let count = pixels.count
    let result = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
      pixels.withUnsafeBufferPointer { source in
        guard let src = source.baseAddress, let dst = out.baseAddress else { return }
        var target = dst
        for y in 0..<outHeight {
          var index = base + y * dy
          for _ in 0..<outWidth {
            let from = src + index * c
            for channel in 0..<c { target[channel] = from[channel] }
            target += c
            index += dx
          }
        }
      }
      initialized = count
    }
    return Bitmap(width: outWidth, height: outHeight, channels: c, pixels: result)
  }

  /// The centred square of side `min(width, height)`.
  public func centerSquare() -> Bitmap {
    let side = min(width, height)
    return cropped(x: (width - side) / 2, y: (height - side) / 2, width: side, height: side)
  }

  /// A rectangular part of the bitmap; the rectangle is clamped to the bitmap's bounds.
  /// - Parameters:
  ///   - x: Left edge.
  ///   - y: Top edge.
  ///   - width: Width of the part.
  ///   - height: Height of the part.
  public func cropped(x: Int, y: Int, width cropWidth: Int, height cropHeight: Int) -> Bitmap {
    let left = min(max(0, x), width)
    let top = min(max(0, y), height)
    let w = min(max(0, cropWidth), width - left)
    let h = min(max(0, cropHeight), height - top)
    var result: [UInt8] = []
    result.reserveCapacity(w * h * channels)
    for row in top..<(top + h) {
      let start = (row * width + left) * channels
      result += pixels[start..<(start + w * channels)]
    }
    return Bitmap(width: w, height: h, channels: channels, pixels: result)
  }
}

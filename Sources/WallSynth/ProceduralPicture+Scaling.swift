import WallKit

extension ProceduralPicture.Canvas {
  /// The canvas enlarged to `width` x `height` (at most twice its size, RGB), by bilinear
  /// interpolation in integer arithmetic.
  ///
  /// Soft landscapes are drawn at half size and doubled: four times fewer shaded pixels,
  /// which keeps a debug build's generation of the demo fast, with no visible loss.
  func doubled(width: Int, height: Int) -> Self {
    var output = Self(width: width, height: height)
    let (sourceWidth, sourceHeight) = (self.width, self.height)
    // Output pixel x lies a quarter of a source pixel from source column x / 2 (weight 3/4),
    // towards its left neighbour when x is even, its right one when odd (weight 1/4).
    let nearX = (0..<width).map { Swift.min(sourceWidth - 1, $0 / 2) }
    let farX = (0..<width).map { x in
      x % 2 == 0 ? Swift.max(0, nearX[x] - 1) : Swift.min(sourceWidth - 1, nearX[x] + 1)
    }
    pixels.withUnsafeBufferPointer { source in
      output.withPixels { target in
        guard let from = source.baseAddress else { return }
        nearX.withUnsafeBufferPointer { nearBuffer in
          farX.withUnsafeBufferPointer { farBuffer in
            guard let nearColumn = nearBuffer.baseAddress, let farColumn = farBuffer.baseAddress
            else { return }
            var (index, y) = (0, 0)
            while y < height {
              let nearRow = y / 2 < sourceHeight ? y / 2 : sourceHeight - 1
              let farRow =
                y % 2 == 0
                ? (nearRow > 0 ? nearRow - 1 : 0)
                : (nearRow + 1 < sourceHeight ? nearRow + 1 : sourceHeight - 1)
              let (top, bottom) = (nearRow * sourceWidth * 3, farRow * sourceWidth * 3)
              var x = 0
              while x < width {
                let near = nearColumn[x] * 3
                let side = farColumn[x] * 3
                var channel = 0
                while channel < 3 {
                  let value =
                    9 * Int(from[top + near + channel]) + 3 * Int(from[top + side + channel])
                    + 3 * Int(from[bottom + near + channel]) + Int(from[bottom + side + channel])
                  target[index + channel] = UInt8(truncatingIfNeeded: (value + 8) / 16)
                  channel += 1
                }
                index += 3
                x += 1
              }
              y += 1
            }
          }
        }
      }
    }
    return output
  }

}

extension ImageLimits {
  /// libpng's cap on one decompressed ancillary chunk (the iCCP profile), set by `CPNGShim`.
  static let pngChunkBytes = 8_000_000
  /// libpng's fixed allocations, whatever the image: its structures, zlib's inflate state and
  /// 32 KiB window, the 8 KiB IDAT read buffer (measured: under 64 KiB; four times that kept).
  static let pngFixedBytes = 256 << 10
  /// Bytes per pixel of source width held in row buffers: libpng's two rows (at most 8 bytes
  /// per pixel each), the 16-row batch the rows are delivered in (4 bytes per pixel) and the
  /// downscaler's box sums (4 floats).
  static let bytesPerSourceColumn = 2 * 8 + 16 * 4 + 4 * 4
  /// Bytes per pixel of the output's longer side held by the downscaler besides its output:
  /// its ring of at most 26 filtered rows and accumulator (4 floats a pixel) and both axes'
  /// tables (an `Int` start and at most 26 `Float` weights per output pixel).
  static let bytesPerOutputColumn = (26 + 1) * 16 + 2 * (8 + 26 * 4)

  /// The most bytes one image's decode stage can hold (decoder, rows and downscaler), for any
  /// source these limits accept and a largest requested size of `largestSize`.
  ///
  /// `max(maxDecoderBytes, 4 * maxPixels)` (a progressive JPEG's coefficient buffer, or an
  /// Adam7 PNG decoded whole as RGBA) `+ 8 000 000` (one iCCP profile) `+ 256 KiB` (libpng's
  /// fixed part) `+ 96 * maxSide` (row buffers) `+ 656 * maxOutputSide` (downscaler tables)
  /// `+ 4 * min(largestSize, maxOutputSide) * maxOutputSide` (its RGBA output). See
  /// docs/media.md, which adds the encoded file and the output stage for the per-job bound.
  /// - Parameter largestSize: The largest requested width or square side.
  /// - Returns: The bound in bytes.
  public func decodeMemoryBound(largestSize: Int) -> Int {
    let side = max(1, maxOutputSide)
    let outputPixels = Self.saturatingSum([(min(max(1, largestSize), side), side)])
    return Self.saturatingSum([
      (1, max(maxDecoderBytes, Self.saturatingSum([(4, maxPixels)]))),
      (1, Self.pngChunkBytes + Self.pngFixedBytes), (Self.bytesPerSourceColumn, maxSide),
      (Self.bytesPerOutputColumn, side), (4, outputPixels),
    ])
  }

  /// The most bytes one thumbnail job can hold: the encoded file, the decode stage
  /// (`decodeMemoryBound`) and the output stage, at most 40 bytes per output pixel (the
  /// downscaled bitmap and its upright copy, the Lanczos float intermediate of a smaller
  /// variant, that variant, the JPEG encoder's coefficients and the encoded variants).
  /// - Parameter largestSize: The largest requested width or square side.
  /// - Returns: The bound in bytes.
  public func jobMemoryBound(largestSize: Int) -> Int {
    let side = max(1, maxOutputSide)
    let outputPixels = Self.saturatingSum([(min(max(1, largestSize), side), side)])
    return Self.saturatingSum([
      (1, maxFileBytes), (1, decodeMemoryBound(largestSize: largestSize)), (40, outputPixels),
    ])
  }

  /// The sum of the products, or `Int.max` when it would overflow (limits set absurdly high).
  private static func saturatingSum(_ products: [(Int, Int)]) -> Int {
    var total = 0
    for (factor, value) in products {
      let (product, overflowed) = factor.multipliedReportingOverflow(by: value)
      let (sum, overflowedSum) = total.addingReportingOverflow(product)
      if overflowed || overflowedSum { return Int.max }
      total = sum
    }
    return total
  }
}

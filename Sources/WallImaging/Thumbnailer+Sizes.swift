extension Thumbnailer {
  /// The sizes `variants(of:widths:)` makes from a source with header `info`, narrowest
  /// first, computed from the header alone (no pixel decoded): a sharded build renders pages
  /// that show images other shards make from these (docs/sharding.md), and `variants` makes
  /// exactly these, so the two cannot differ.
  /// - Parameters:
  ///   - info: The source's header (`ImageProbe.inspect`).
  ///   - widths: Requested widths.
  /// - Returns: One size per kept width.
  public func plannedVariantSizes(of info: ImageInfo, widths: [Int]) -> [PixelSize] {
    let sourceWidth = info.displayWidth
    let sourceHeight = info.displayHeight
    let side = max(1, limits.maxOutputSide)
    let fitting = sourceHeight <= side ? sourceWidth : side * sourceWidth / sourceHeight
    let kept = Self.keptSizes(widths, limit: max(1, min(sourceWidth, side, fitting)))
    return kept.map { width in
      PixelSize(
        width: width,
        height: min(side, Self.height(forWidth: width, width: sourceWidth, height: sourceHeight)))
    }
  }

  /// The sides `squareVariants(of:sizes:)` makes from a source with header `info`, smallest
  /// first (`squareVariants` makes exactly these).
  /// - Parameters:
  ///   - info: The source's header.
  ///   - sizes: Requested sides.
  /// - Returns: One side per kept size.
  public func plannedSquareSizes(of info: ImageInfo, sizes: [Int]) -> [Int] {
    Self.keptSizes(sizes, limit: max(1, min(info.width, info.height, limits.maxOutputSide)))
  }
}

import Testing
import WallKit
import WallKitTestSupport

/// The sizes a plan predicts from a header (`plannedVariantSizes`, `plannedSquareSizes`) are
/// the sizes the thumbnailer makes from the pixels: a shard's pages name files other shards
/// make from these (docs/sharding.md).
@Suite struct PlannedSizeTests {
  /// A thumbnailer whose outputs are at most 24 pixels on a side, so that tall and wide
  /// sources reach the limit while staying tiny.
  static let thumbnailer: Thumbnailer = {
    var thumbnailer = Thumbnailer()
    thumbnailer.limits.maxOutputSide = 24
    return thumbnailer
  }()

  /// Source shapes: (width, height, EXIF orientation).
  static let shapes: [(Int, Int, UInt16)] = [
    (40, 30, 1), (30, 40, 1), (17, 17, 1), (9, 70, 1), (70, 9, 1), (40, 20, 6), (20, 40, 8),
    (13, 50, 5), (50, 13, 3),
  ]

  static func source(_ width: Int, _ height: Int, orientation: UInt16) throws -> [UInt8] {
    let jpeg = try ImageFixtures.gradientJPEG(width: width, height: height)
    return orientation == 1
      ? jpeg : ImageFixtures.withEXIFOrientation(jpeg, orientation: orientation, bigEndian: false)
  }

  @Test("the planned photo sizes are those variants() makes", arguments: shapes)
  func photoSizes(width: Int, height: Int, orientation: UInt16) throws {
    let bytes = try Self.source(width, height, orientation: orientation)
    let info = try ImageProbe.inspect(bytes, limits: Self.thumbnailer.limits)
    for widths in [[8, 16, 32], [4], [64, 128], [12, 12, 20]] {
      let made = try Self.thumbnailer.variants(of: bytes, widths: widths).variants
      let planned = Self.thumbnailer.plannedVariantSizes(of: info, widths: widths)
      #expect(
        made.map { PixelSize(width: $0.width, height: $0.height) } == planned,
        "\(width)x\(height) orientation \(orientation), widths \(widths)")
    }
  }

  @Test("the planned avatar sides are those squareVariants() makes", arguments: shapes)
  func squareSizes(width: Int, height: Int, orientation: UInt16) throws {
    let bytes = try Self.source(width, height, orientation: orientation)
    let info = try ImageProbe.inspect(bytes, limits: Self.thumbnailer.limits)
    for sizes in [[8, 16], [64, 128], [5]] {
      let made = try Self.thumbnailer.squareVariants(of: bytes, sizes: sizes).variants
      #expect(made.allSatisfy { $0.width == $0.height })
      #expect(
        made.map(\.width) == Self.thumbnailer.plannedSquareSizes(of: info, sizes: sizes),
        "\(width)x\(height) orientation \(orientation), sizes \(sizes)")
    }
  }
}

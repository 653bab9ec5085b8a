import Testing
import WallKit
import WallKitTestSupport

extension ImagingTests {
  @Suite("EXIF orientation")
  struct EXIFOrientationTests {
    static let corpusFiles: [String] = ["Landscape", "Portrait"].flatMap { kind in
      (0...8).map { "\(kind)_\($0).jpg" }
    }

    @Test(
      "every example photo becomes an upright thumbnail matching orientation 1",
      .enabled(
        if: SharedTestData.has("jpeg/exif-orientation"),
        "needs ../shared/testdata/jpeg/exif-orientation"), arguments: corpusFiles)
    func corpusIsUpright(file: String) throws {
      let landscape = file.hasPrefix("Landscape")
      let bytes = try #require(SharedTestData.bytes("jpeg/exif-orientation/" + file))
      let reference = try #require(
        SharedTestData.bytes(
          "jpeg/exif-orientation/" + (landscape ? "Landscape_1.jpg" : "Portrait_1.jpg")))
      let thumbnailer = Thumbnailer()
      let set = try thumbnailer.variants(of: bytes, widths: [120])
      #expect(set.sourceWidth == (landscape ? 1800 : 1200))
      #expect(set.sourceHeight == (landscape ? 1200 : 1800))
      let variant = try #require(set.variants.first)
      #expect(variant.width == 120)
      #expect(variant.height == (landscape ? 80 : 180))
      let expected = try JPEGCodec.decode(
        thumbnailer.variants(of: reference, widths: [120]).variants[0].bytes)
      let actual = try JPEGCodec.decode(variant.bytes)
      #expect(ImageComparison.meanDifference(actual.bitmap, expected.bitmap) < 4)
    }

    @Test(
      "the Orientation tag is read in both byte orders",
      arguments: [(UInt16(1), true), (3, false), (6, true), (8, false), (5, false), (7, true)])
    func bothByteOrders(orientation: UInt16, bigEndian: Bool) throws {
      let jpeg = ImageFixtures.withEXIFOrientation(
        try ImageFixtures.gradientJPEG(width: 16, height: 8), orientation: orientation,
        bigEndian: bigEndian)
      let info = try ImageProbe.inspect(jpeg, limits: ImageLimits())
      #expect(info.orientation == Int(orientation))
      #expect(info.width == 16 && info.height == 8)
      #expect(info.displayWidth == (orientation >= 5 ? 8 : 16))
    }

    @Test("invalid Orientation values and malformed TIFF data mean 1", arguments: [0, 9, 65535])
    func invalidValues(value: Int) throws {
      let jpeg = ImageFixtures.withEXIFOrientation(
        try ImageFixtures.gradientJPEG(width: 8, height: 8), orientation: UInt16(value),
        bigEndian: false)
      #expect(try ImageProbe.inspect(jpeg, limits: ImageLimits()).orientation == 1)
    }

    @Test("truncated or foreign TIFF headers mean 1")
    func malformedTIFF() {
      #expect(EXIFOrientation.parse(tiff: []) == 1)
      #expect(EXIFOrientation.parse(tiff: [0x49, 0x49, 0x2A, 0x00, 0xFF, 0xFF, 0xFF, 0x7F]) == 1)
      #expect(
        EXIFOrientation.parse(tiff: [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8, 0, 1, 1, 0x12]) == 1)
      #expect(EXIFOrientation.parse(tiff: Array("not tiff at all".utf8)) == 1)
    }

    @Test("transforms map corners as EXIF defines them")
    func cornerMapping() {
      // 3x2 RGB bitmap whose red channel numbers the pixels 0...5 row by row.
      let bitmap = Bitmap(
        width: 3, height: 2, channels: 3, pixels: (0..<6).flatMap { [UInt8($0), 0, 0] })
      func reds(_ oriented: Bitmap) -> [UInt8] {
        stride(from: 0, to: oriented.pixels.count, by: 3).map { oriented.pixels[$0] }
      }
      #expect(reds(bitmap.oriented(1)) == [0, 1, 2, 3, 4, 5])
      #expect(reds(bitmap.oriented(2)) == [2, 1, 0, 5, 4, 3])
      #expect(reds(bitmap.oriented(3)) == [5, 4, 3, 2, 1, 0])
      #expect(reds(bitmap.oriented(4)) == [3, 4, 5, 0, 1, 2])
      #expect(reds(bitmap.oriented(5)) == [0, 3, 1, 4, 2, 5])
      #expect(reds(bitmap.oriented(6)) == [3, 0, 4, 1, 5, 2])
      #expect(reds(bitmap.oriented(7)) == [5, 2, 4, 1, 3, 0])
      #expect(reds(bitmap.oriented(8)) == [2, 5, 1, 4, 0, 3])
      #expect(bitmap.oriented(6).width == 2 && bitmap.oriented(6).height == 3)
    }
  }
}

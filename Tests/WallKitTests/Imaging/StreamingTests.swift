import Testing
import WallKit
import WallKitTestSupport

extension ImagingTests {
  @Suite("Streamed shrink-on-load and decoder limits")
  struct StreamingTests {
    @Test("a streamed PNG thumbnail matches a full decode resized in memory")
    func pngStreamMatchesFullDecode() throws {
      let bitmap = ImageFixtures.gradientBitmap(width: 600, height: 400)
      let png = try PNGCodec.encode(bitmap)
      let set = try Thumbnailer(jpegQuality: 100).variants(of: png, widths: [60])
      let thumbnail = try JPEGCodec.decode(set.variants[0].bytes).bitmap
      let reference = try bitmap.resized(width: 60, height: 40)
      #expect(ImageComparison.meanDifference(thumbnail, reference) < 2)
    }

    @Test(
      "interlaced and plain PngSuite files give the same thumbnail",
      .enabled(if: SharedTestData.has("pngsuite"), "needs ../shared/testdata/pngsuite"),
      arguments: [("basn2c08.png", "basi2c08.png"), ("basn6a08.png", "basi6a08.png")])
    func interlaced(plain: String, interlaced: String) throws {
      let thumbnailer = Thumbnailer()
      let a = try thumbnailer.variants(
        of: #require(SharedTestData.bytes("pngsuite/" + plain)), widths: [12])
      let b = try thumbnailer.variants(
        of: #require(SharedTestData.bytes("pngsuite/" + interlaced)), widths: [12])
      #expect(a.variants == b.variants)
    }

    @Test("progressive and baseline JPEGs give nearly the same thumbnail")
    func progressiveJPEG() throws {
      let bitmap = ImageFixtures.gradientBitmap(width: 320, height: 240)
      let thumbnailer = Thumbnailer()
      let baseline = try thumbnailer.variants(
        of: JPEGCodec.encode(bitmap, quality: 90, progressive: false), widths: [40])
      let progressive = try thumbnailer.variants(
        of: JPEGCodec.encode(bitmap, quality: 90, progressive: true), widths: [40])
      let a = try JPEGCodec.decode(baseline.variants[0].bytes).bitmap
      let b = try JPEGCodec.decode(progressive.variants[0].bytes).bitmap
      #expect(ImageComparison.meanDifference(a, b) < 1.5)
    }

    @Test("a progressive JPEG needing more decoder memory than the limit is refused")
    func decoderMemoryLimit() throws {
      let bitmap = ImageFixtures.gradientBitmap(width: 512, height: 512)
      let limits = ImageLimits(maxDecoderBytes: 100_000)
      let progressive = try JPEGCodec.encode(bitmap, quality: 90, progressive: true)
      let message = "decoding needs more than the decoder memory limit of 100000 bytes"
      #expect(throws: ImagingError.decodeFailed(.jpeg, message: message)) {
        try Thumbnailer(limits: limits).variants(of: progressive, widths: [64])
      }
      // A baseline file streams in a few rows, so the same limit lets it through.
      let baseline = try JPEGCodec.encode(bitmap, quality: 90, progressive: false)
      #expect(
        try Thumbnailer(limits: limits).variants(of: baseline, widths: [64]).variants.count == 1)
    }

    @Test("a JPEG with more scans than the limit is refused")
    func scanLimit() throws {
      let jpeg = try JPEGCodec.encode(
        ImageFixtures.gradientBitmap(width: 64, height: 64), quality: 90, progressive: true)
      #expect(throws: ImagingError.decodeFailed(.jpeg, message: "the file has more than 3 scans")) {
        try JPEGCodec.decode(jpeg, limits: ImageLimits(maxJPEGScans: 3))
      }
    }

    @Test("the 30000x30000 PNG bomb is refused from IHDR by the thumbnailer's streamed path too")
    func pngBombStreamed() {
      let bomb = ImageFixtures.pngHeaderOnly(width: 30000, height: 30000)
      #expect(throws: ImagingError.tooManyPixels(width: 30000, height: 30000, limit: 100_000_000)) {
        try Thumbnailer().squareVariants(of: bomb, sizes: [64])
      }
    }
  }
}

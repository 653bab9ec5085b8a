import Testing
import WallKit
import WallKitTestSupport

extension ImagingTests {
  @Suite("Bombs, junk and limits")
  struct ImageSafetyTests {
    let thumbnailer = Thumbnailer()

    @Test("zero bytes are refused as empty everywhere")
    func emptyInput() {
      #expect(throws: ImagingError.empty) { try ImageProbe.inspect([], limits: ImageLimits()) }
      #expect(throws: ImagingError.empty) { try JPEGCodec.decode([]) }
      #expect(throws: ImagingError.empty) { try PNGCodec.decode([]) }
      #expect(throws: ImagingError.empty) { try thumbnailer.variants(of: [], widths: [64]) }
    }

    @Test("random bytes are not an image, and the error quotes them")
    func randomBytes() {
      var state: UInt32 = 12345
      let junk: [UInt8] = (0..<512).map { _ in
        state = state &* 1_103_515_245 &+ 12345
        return UInt8(truncatingIfNeeded: state >> 16)
      }
      let error = #expect(throws: ImagingError.self) {
        try thumbnailer.variants(of: junk, widths: [64])
      }
      #expect(error == .notAnImage(firstBytes: Array(junk.prefix(8))))
      #expect(
        ImagingError.notAnImage(firstBytes: [0x47, 0x49, 0x46]).description
          == "the data is neither JPEG nor PNG: it starts with '47 49 46'")
      // Random bytes fed straight to the codecs fail cleanly too.
      #expect(throws: ImagingError.self) { try JPEGCodec.decode(junk) }
      #expect(throws: ImagingError.self) { try PNGCodec.decode(junk) }
    }

    @Test("a truncated JPEG decodes with a warning, or fails cleanly when too short")
    func truncatedJPEG() throws {
      let jpeg = try ImageFixtures.gradientJPEG(width: 64, height: 48)
      let half = try JPEGCodec.decode(Array(jpeg.prefix(jpeg.count / 2)))
      #expect(half.bitmap.width == 64)
      #expect(half.warnings.count == 1)
      #expect(half.warnings.first?.hasPrefix("Premature end of JPEG file (") == true)
      let error = #expect(throws: ImagingError.self) {
        try JPEGCodec.decode(Array(jpeg.prefix(20)))
      }
      guard case .decodeFailed(.jpeg, _)? = error else {
        Issue.record("expected decodeFailed(.jpeg, …), got \(String(describing: error))")
        return
      }
    }

    @Test("a truncated PNG fails with libpng's reason")
    func truncatedPNG() throws {
      let png = try ImageFixtures.checkerPNG(width: 32, height: 32, alpha: true)
      let error = #expect(throws: ImagingError.self) {
        try PNGCodec.decode(Array(png.prefix(png.count - 20)))
      }
      #expect(error == .decodeFailed(.png, message: "unexpected end of PNG data"))
    }

    @Test("a PNG header claiming 30000x30000 is refused by the pixel limit before decoding")
    func pngBomb() {
      let bomb = ImageFixtures.pngHeaderOnly(width: 30000, height: 30000)
      let expected = ImagingError.tooManyPixels(width: 30000, height: 30000, limit: 100_000_000)
      #expect(throws: expected) { try PNGCodec.decode(bomb) }
      #expect(throws: expected) { try ImageProbe.inspect(bomb, limits: ImageLimits()) }
      #expect(throws: expected) { try thumbnailer.variants(of: bomb, widths: [64]) }
      #expect(
        expected.description
          == "the image is 30000x30000 pixels, more than the limit of 100000000 pixels")
    }

    @Test("a header-only PNG within the limits fails as truncated, not as a crash")
    func smallHeaderOnlyPNG() {
      let error = #expect(throws: ImagingError.self) {
        try PNGCodec.decode(ImageFixtures.pngHeaderOnly(width: 10, height: 10))
      }
      guard case .decodeFailed(.png, _)? = error else {
        Issue.record("expected decodeFailed(.png, …), got \(String(describing: error))")
        return
      }
    }

    @Test("JPEG pixel and file-size limits are checked from the header")
    func jpegLimits() throws {
      let jpeg = try ImageFixtures.gradientJPEG(width: 64, height: 48)
      let small = ImageLimits(maxPixels: 1000)
      #expect(throws: ImagingError.tooManyPixels(width: 64, height: 48, limit: 1000)) {
        try JPEGCodec.decode(jpeg, limits: small)
      }
      #expect(throws: ImagingError.fileTooLarge(bytes: jpeg.count, limit: 100)) {
        try Thumbnailer(limits: ImageLimits(maxFileBytes: 100)).variants(of: jpeg, widths: [8])
      }
    }

    @Test("bad requests are refused with the bad value")
    func badRequests() throws {
      let jpeg = try ImageFixtures.gradientJPEG(width: 16, height: 16)
      #expect(throws: ImagingError.noSizesRequested) {
        try thumbnailer.variants(of: jpeg, widths: [])
      }
      #expect(throws: ImagingError.invalidSize(-4)) {
        try thumbnailer.squareVariants(of: jpeg, sizes: [8, -4])
      }
      #expect(throws: ImagingError.invalidQuality(0)) {
        try Thumbnailer(jpegQuality: 0).variants(of: jpeg, widths: [8])
      }
      let broken = Bitmap(width: 4, height: 4, channels: 3, pixels: [1, 2, 3])
      #expect(throws: ImagingError.invalidBitmap(width: 4, height: 4, channels: 3, byteCount: 3)) {
        try PNGCodec.encode(broken)
      }
      #expect(throws: ImagingError.invalidBitmap(width: 4, height: 4, channels: 3, byteCount: 3)) {
        try JPEGCodec.encode(broken, quality: 80, progressive: false)
      }
    }
  }
}

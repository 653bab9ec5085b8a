import Testing
import WallKit
import WallKitTestSupport

extension ImagingTests {
  /// libwebp through `WebPCodec`, and the WebP siblings `Thumbnailer` makes.
  @Suite("WebP encoding")
  struct WebPCodecTests {
    /// The lowest PSNR (dB) a WebP round trip of the smooth test gradient may have at the
    /// standard settings: it measured 43.3 dB, and the same decode with red and blue swapped
    /// 15.5 dB, which the test checks falls below the bound.
    static let minimumGradientPSNR = 38.0
    /// A real photo, 1800 x 1200 (as in `VariantQualityTests`).
    static let photo = "jpeg/exif-orientation/Landscape_1.jpg"

    @Test("a WebP decodes to the size and, within the PSNR bound, the pixels it was made from")
    func roundTrip() throws {
      let bitmap = ImageFixtures.gradientBitmap(width: 203, height: 97)
      let bytes = try WebPCodec.encode(bitmap, settings: .standard)
      #expect(Array(bytes.prefix(4)) == Array("RIFF".utf8))
      #expect(Array(bytes[8..<12]) == Array("WEBP".utf8))
      let decoded = try WebPCodec.decode(bytes)
      #expect(decoded.width == 203 && decoded.height == 97 && decoded.channels == 3)
      let score = ImageComparison.psnr(decoded, bitmap)
      print("gradient: PSNR \(score) dB")
      #expect(score >= Self.minimumGradientPSNR, "PSNR \(score) dB")
      var swapped = decoded
      for index in stride(from: 0, to: swapped.pixels.count, by: 3) {
        swapped.pixels.swapAt(index, index + 2)
      }
      let swappedScore = ImageComparison.psnr(swapped, bitmap)
      print("gradient, red and blue swapped: PSNR \(swappedScore) dB")
      #expect(swappedScore < Self.minimumGradientPSNR)
    }

    @Test("an image with alpha keeps its alpha channel")
    func alphaRoundTrip() throws {
      let bitmap = ImageFixtures.checkerBitmap(width: 32, height: 24, alpha: true)
      let decoded = try WebPCodec.decode(try WebPCodec.encode(bitmap, settings: .standard))
      #expect(decoded.width == 32 && decoded.height == 24 && decoded.channels == 4)
      let alphas = stride(from: 3, to: decoded.pixels.count, by: 4).map { decoded.pixels[$0] }
      let expected = stride(from: 3, to: bitmap.pixels.count, by: 4).map { bitmap.pixels[$0] }
      #expect(alphas == expected)
    }

    @Test("the same pixels and settings give the same bytes")
    func deterministic() throws {
      let bitmap = ImageFixtures.gradientBitmap(width: 640, height: 427)
      let first = try WebPCodec.encode(bitmap, settings: .standard)
      let second = try WebPCodec.encode(bitmap, settings: .standard)
      #expect(first == second)
      let lower = try WebPCodec.encode(bitmap, settings: WebPSettings(quality: 30, method: 4))
      #expect(lower != first)
    }

    @Test("settings out of range and inconsistent bitmaps are refused with a reason")
    func refusals() {
      let bitmap = ImageFixtures.gradientBitmap(width: 8, height: 8)
      #expect(
        throws: ImagingError.webpEncodeFailed(message: "quality 101 or method 4 is out of range")
      ) {
        try WebPCodec.encode(bitmap, settings: WebPSettings(quality: 101, method: 4))
      }
      let broken = Bitmap(width: 8, height: 8, channels: 3, pixels: [1, 2, 3])
      #expect(
        throws: ImagingError.invalidBitmap(width: 8, height: 8, channels: 3, byteCount: 3)
      ) {
        try WebPCodec.encode(broken, settings: .standard)
      }
      #expect(throws: ImagingError.self) { try WebPCodec.decode(Array("RIFF....WEBPVP8 ".utf8)) }
    }

    @Test("with WebP on, every photo variant has a sibling of its size; with it off, none")
    func thumbnailerSiblings() throws {
      let jpeg = try ImageFixtures.gradientJPEG(width: 700, height: 350)
      var thumbnailer = Thumbnailer()
      #expect(try thumbnailer.variants(of: jpeg, widths: [320, 640, 1280]).webpVariants == [])
      thumbnailer.webp = .standard
      let set = try thumbnailer.variants(of: jpeg, widths: [320, 640, 1280])
      #expect(set.variants.map(\.width) == [320, 640])
      #expect(set.webpVariants.count == set.variants.count)
      for (variant, webp) in zip(set.variants, set.webpVariants) {
        let decoded = try WebPCodec.decode(webp)
        #expect(decoded.width == variant.width && decoded.height == variant.height)
      }
      let avatars = try thumbnailer.squareVariants(of: jpeg, sizes: [64, 128])
      #expect(avatars.webpVariants == [])
    }

    @Test(
      "on a real photo, the WebP of each variant is smaller than its JPEG and as faithful",
      .enabled(if: SharedTestData.has(photo), "needs ../shared/testdata/jpeg/exif-orientation"))
    func realPhoto() throws {
      let bytes = try #require(SharedTestData.bytes(Self.photo))
      let decoded = try JPEGCodec.decode(bytes).bitmap
      for width in [320, 640, 1280] {
        let bitmap = try decoded.resized(width: width, height: width * 2 / 3)
        let jpeg = try JPEGCodec.encode(bitmap, quality: 82, progressive: true)
        let webp = try WebPCodec.encode(bitmap, settings: .standard)
        let jpegScore = ImageComparison.psnr(try JPEGCodec.decode(jpeg).bitmap, bitmap)
        let webpScore = ImageComparison.psnr(try WebPCodec.decode(webp), bitmap)
        print(
          "w\(width): JPEG \(jpeg.count) B \(jpegScore) dB, WebP \(webp.count) B \(webpScore) dB")
        #expect(webp.count < jpeg.count, "w\(width)")
        #expect(webpScore >= jpegScore - 0.5, "w\(width)")
      }
    }
  }
}

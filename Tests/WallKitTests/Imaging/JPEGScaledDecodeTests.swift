import Testing
import WallKit
import WallKitTestSupport

extension ImagingTests {
  @Suite("JPEG DCT-scaled decoding")
  struct JPEGScaledDecodeTests {
    /// libjpeg-turbo 2.1.5's own test checksums (MD5_PPM_420M_ISLOW_*) for
    /// `djpeg -dct int -scale N/D -nosmooth -ppm testorig.jpg`.
    @Test(
      "scaled decodes of testorig.jpg match libjpeg-turbo's PPM checksums",
      .enabled(
        if: SharedTestData.has("jpeg/libjpeg-turbo"), "needs ../shared/testdata/jpeg/libjpeg-turbo"),
      arguments: [
        (1, 2, 114, 75, "e692a315cea26b988c8e8b29a5dbcd81"),
        (1, 4, 57, 38, "79cd778f8bf1a117690052cacdd54eca"),
        (1, 8, 29, 19, "391b3d4aca640c8567d6f8745eb2142f"),
        (3, 8, 86, 56, "79eca9175652ced755155c90e785a996"),
      ])
    func libjpegTurboChecksums(
      numerator: Int, denominator: Int, width: Int, height: Int, md5: String
    ) throws {
      let bytes = try #require(SharedTestData.bytes("jpeg/libjpeg-turbo/testorig.jpg"))
      let options = JPEGDecodeOptions(
        scale: (numerator, denominator), fancyUpsampling: false)
      let bitmap = try JPEGCodec.decode(bytes, options: options).bitmap
      #expect(bitmap.width == width)
      #expect(bitmap.height == height)
      let ppm = Array("P6\n\(bitmap.width) \(bitmap.height)\n255\n".utf8) + bitmap.pixels
      #expect(Hex.encode(DigestAlgorithm.md5.digest(ppm)) == md5)
    }

    @Test(
      "shrink-on-load picks the smallest M/8 scale not below the minimum size",
      arguments: [
        (PixelSize(width: 10, height: 10), 20, 15),  // 1/8 of 160x120
        (PixelSize(width: 21, height: 0), 40, 30),  // 2/8
        (PixelSize(width: 0, height: 31), 60, 45),  // 3/8
        (PixelSize(width: 100, height: 100), 140, 105),  // 7/8: 5/8 and 6/8 are too short
        (PixelSize(width: 500, height: 500), 160, 120),  // larger than the image: full size
      ])
    func shrinkOnLoad(minimum: PixelSize, width: Int, height: Int) throws {
      let bytes = try ImageFixtures.gradientJPEG(width: 160, height: 120)
      let bitmap = try JPEGCodec.decode(bytes, minimumSize: minimum).bitmap
      #expect(bitmap.width == width)
      #expect(bitmap.height == height)
    }
  }
}

import Testing
import WallKit
import WallKitTestSupport

extension ImagingTests {
  @Suite("Colour management")
  struct ColorManagementTests {
    /// Colours of the fixture's 32x32 blocks, left to right.
    static let colors: [[UInt8]] = [
      [255, 0, 0], [200, 100, 50], [128, 128, 128], [40, 160, 220],
    ]

    /// Solid blocks of `colors` in one 128x32 row.
    static func blocks() -> Bitmap {
      var pixels: [UInt8] = []
      for _ in 0..<32 {
        for color in colors { for _ in 0..<32 { pixels += color } }
      }
      return Bitmap(width: 128, height: 32, channels: 3, pixels: pixels)
    }

    /// The centre pixel of block `index` of a 64x16 thumbnail (blocks of 16x16).
    static func centre(_ bitmap: Bitmap, block index: Int) -> [Int] {
      let offset = (8 * bitmap.width + index * 16 + 8) * 3
      return (0..<3).map { Int(bitmap.pixels[offset + $0]) }
    }

    func thumbnail(_ bytes: [UInt8]) throws -> Bitmap {
      let set = try Thumbnailer(jpegQuality: 95).variants(of: bytes, widths: [64])
      let variant = try #require(set.variants.first)
      #expect(set.warnings.isEmpty)
      return try JPEGCodec.decode(variant.bytes).bitmap
    }

    @Test("a JPEG's APP2 ICC profile round-trips through the encoder and decoder")
    func jpegProfileRoundTrip() throws {
      let profile = try ICCProfile.displayP3()
      let jpeg = try JPEGCodec.encode(
        Self.blocks(), quality: 95, progressive: false, iccProfile: profile)
      #expect(try JPEGCodec.decode(jpeg).iccProfile == profile)
      #expect(
        try JPEGCodec.decode(JPEGCodec.encode(Self.blocks(), quality: 95, progressive: false))
          .iccProfile == nil)
    }

    @Test("Display P3 JPEG pixels are converted to sRGB; untagged ones are kept")
    func displayP3JPEG() throws {
      let p3 = try JPEGCodec.encode(
        Self.blocks(), quality: 100, progressive: false, iccProfile: ICCProfile.displayP3())
      let converted = try thumbnail(p3)
      let plain = try thumbnail(JPEGCodec.encode(Self.blocks(), quality: 100, progressive: false))
      // P3 red is outside sRGB: clipped to pure sRGB red.
      let red = Self.centre(converted, block: 0)
      #expect(red[0] >= 250 && red[1] <= 8 && red[2] <= 8)
      // P3 (200,100,50) is sRGB ≈ (215,92,31) (the P3-to-sRGB matrix); untagged stays put.
      let orange = Self.centre(converted, block: 1)
      #expect(abs(orange[0] - 215) <= 4 && abs(orange[1] - 92) <= 4 && abs(orange[2] - 31) <= 5)
      let plainOrange = Self.centre(plain, block: 1)
      #expect(abs(plainOrange[0] - 200) <= 3 && abs(plainOrange[2] - 50) <= 3)
      // Same white point and tone curve: neutral gray stays neutral.
      let gray = Self.centre(converted, block: 2)
      #expect(gray.allSatisfy { abs($0 - 128) <= 3 })
    }

    @Test("an sRGB-tagged JPEG is left exactly as an untagged one")
    func sRGBIsKept() throws {
      let tagged = try JPEGCodec.encode(
        Self.blocks(), quality: 90, progressive: false, iccProfile: ICCProfile.sRGB())
      let plain = try JPEGCodec.encode(Self.blocks(), quality: 90, progressive: false)
      #expect(try thumbnail(tagged) == thumbnail(plain))
    }

    @Test("an unreadable ICC profile keeps the pixels and is reported as a warning")
    func brokenProfile() throws {
      let jpeg = try JPEGCodec.encode(
        Self.blocks(), quality: 90, progressive: false, iccProfile: Array("not a profile".utf8))
      let set = try Thumbnailer().variants(of: jpeg, widths: [64])
      #expect(
        set.warnings == [
          "the embedded ICC profile (13 bytes) is not readable; colours are used as stored"
        ])
    }

    @Test("an Adobe RGB iCCP chunk in a PNG is converted to sRGB")
    func adobeRGBPNG() throws {
      let png = try PNGFixture.withICCP(
        PNGCodec.encode(Self.blocks()), profile: ICCProfile.adobeRGB())
      #expect(try PNGCodec.decode(png).iccProfile == ICCProfile.adobeRGB())
      let converted = try thumbnail(png)
      let plain = try thumbnail(PNGCodec.encode(Self.blocks()))
      // Adobe RGB (40,160,220) is sRGB ≈ (0,161,223): its wider green pulls sRGB red below 0.
      let cyan = Self.centre(converted, block: 3)
      let plainCyan = Self.centre(plain, block: 3)
      #expect(abs(plainCyan[0] - 40) <= 3 && abs(plainCyan[1] - 160) <= 3)
      #expect(cyan[0] <= 8 && abs(cyan[1] - 161) <= 4 && abs(cyan[2] - 223) <= 4)
    }
  }
}

/// Builds a PNG with an iCCP chunk (stored deflate blocks, so no zlib is needed here).
enum PNGFixture {
  static func withICCP(_ png: [UInt8], profile: [UInt8]) -> [UInt8] {
    var data: [UInt8] = Array("icc".utf8) + [0, 0] + SampledPNG.zlibStored(profile)
    data = Array("iCCP".utf8) + data
    let chunk =
      ImageFixtures.bigEndian(UInt32(data.count - 4)) + data
      + ImageFixtures.bigEndian(ImageFixtures.crc32(data))
    let afterIHDR = 8 + 25
    return Array(png[..<afterIHDR]) + chunk + Array(png[afterIHDR...])
  }
}

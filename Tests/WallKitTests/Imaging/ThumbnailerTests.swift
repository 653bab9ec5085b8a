import Testing
import WallKit
import WallKitTestSupport

extension ImagingTests {
  @Suite("Thumbnailer")
  struct ThumbnailerTests {
    let thumbnailer = Thumbnailer()

    @Test(
      "widths are deduplicated, sorted and never upscaled",
      arguments: [
        ([200, 400], [100]),
        ([50, 200], [50]),
        ([80, 50, 50], [50, 80]),
        ([100], [100]),
      ])
    func neverUpscales(widths: [Int], expected: [Int]) throws {
      let jpeg = try ImageFixtures.gradientJPEG(width: 100, height: 50)
      let set = try thumbnailer.variants(of: jpeg, widths: widths)
      #expect(set.variants.map(\.width) == expected)
      #expect(set.variants.map(\.height) == expected.map { $0 / 2 })
      #expect(set.sourceWidth == 100 && set.sourceHeight == 50)
    }

    @Test("opaque output is a progressive JPEG with no APP1/EXIF segment")
    func opaqueIsCleanJPEG() throws {
      let source = ImageFixtures.withEXIFOrientation(
        try ImageFixtures.gradientJPEG(width: 96, height: 64), orientation: 6, bigEndian: true)
      let set = try thumbnailer.variants(of: source, widths: [32])
      let variant = try #require(set.variants.first)
      #expect(variant.format == .jpeg)
      #expect(variant.bytes.starts(with: [0xFF, 0xD8]))
      #expect(!Self.markers(variant.bytes).contains(0xE1))
      #expect(try JPEGCodec.header(variant.bytes).isProgressive)
      #expect(variant.width == 32 && variant.height == 48)  // orientation 6 made it portrait
    }

    @Test("transparent PNG sources give PNG variants that keep alpha")
    func transparencyGivesPNG() throws {
      let png = try ImageFixtures.checkerPNG(width: 64, height: 64, alpha: true)
      let set = try thumbnailer.variants(of: png, widths: [16])
      let variant = try #require(set.variants.first)
      #expect(variant.format == .png)
      let decoded = try PNGCodec.decode(variant.bytes).bitmap
      #expect(decoded.width == 16 && decoded.height == 16)
      #expect(!decoded.isOpaque)
    }

    @Test("opaque PNG sources give JPEG variants")
    func opaquePNGGivesJPEG() throws {
      let png = try ImageFixtures.checkerPNG(width: 40, height: 20, alpha: false)
      let set = try thumbnailer.variants(of: png, widths: [20])
      #expect(set.variants.map(\.format) == [.jpeg])
      #expect(set.variants.map(\.height) == [10])
    }

    @Test("square variants are centre-cropped and never upscaled")
    func squares() throws {
      let jpeg = try ImageFixtures.gradientJPEG(width: 120, height: 80)
      let set = try thumbnailer.squareVariants(of: jpeg, sizes: [128, 64, 32])
      #expect(set.variants.map(\.width) == [32, 64])
      #expect(set.variants.map(\.height) == [32, 64])
      let allTooLarge = try thumbnailer.squareVariants(of: jpeg, sizes: [256])
      #expect(allTooLarge.variants.map(\.width) == [80])
      // The centre crop of a left-to-right red ramp has red ≈ 128 in the middle.
      let small = try JPEGCodec.decode(set.variants[1].bytes).bitmap
      let middle = (32 * 64 + 32) * 3
      #expect(abs(Int(small.pixels[middle]) - 128) < 12)
    }

    @Test("Lanczos resampling keeps flat colours flat and does not bleed transparent colour")
    func resamplingQuality() throws {
      let flat = Bitmap(
        width: 37, height: 23, channels: 3,
        pixels: [UInt8]((0..<(37 * 23)).flatMap { _ in [10, 200, 90] as [UInt8] }))
      let small = try flat.resized(width: 9, height: 5)
      #expect(small.pixels == [UInt8]((0..<45).flatMap { _ in [10, 200, 90] as [UInt8] }))
      // Left half opaque red, right half fully transparent green.
      var pixels: [UInt8] = []
      for _ in 0..<8 {
        for x in 0..<16 { pixels += x < 8 ? [255, 0, 0, 255] : [0, 255, 0, 0] }
      }
      let half = try Bitmap(width: 16, height: 8, channels: 4, pixels: pixels).resized(
        width: 4, height: 2)
      for pixel in stride(from: 0, to: half.pixels.count, by: 4) where half.pixels[pixel + 3] > 0 {
        #expect(half.pixels[pixel] > 240 && half.pixels[pixel + 1] < 10)
      }
      #expect(throws: ImagingError.invalidSize(0)) { try flat.resized(width: 0, height: 3) }
    }

    @Test("PNG and JPEG encoders round-trip")
    func roundTrips() throws {
      let rgba = ImageFixtures.checkerBitmap(width: 12, height: 7, alpha: true)
      #expect(try PNGCodec.decode(PNGCodec.encode(rgba)).bitmap == rgba)
      // Run-length-only compression (thumbnails) decodes to the same pixels, and reaches zlib.
      let ramp = ImageFixtures.gradientBitmap(width: 300, height: 200)
      let runLength = try PNGCodec.encode(ramp, compression: .runLength)
      #expect(try PNGCodec.decode(runLength).bitmap.droppingAlpha() == ramp)
      #expect(runLength != (try PNGCodec.encode(ramp)))
      let rgb = ImageFixtures.gradientBitmap(width: 48, height: 32)
      let decodedPNG = try PNGCodec.decode(PNGCodec.encode(rgb)).bitmap
      #expect(decodedPNG.droppingAlpha() == rgb && decodedPNG.isOpaque)
      let jpeg = try JPEGCodec.decode(JPEGCodec.encode(rgb, quality: 95, progressive: false)).bitmap
      #expect(ImageComparison.meanDifference(jpeg, rgb) < 2)
      #expect(ImageFormat.sniff(try JPEGCodec.encode(rgb, quality: 50, progressive: true)) == .jpeg)
    }

    /// Marker codes of the segments before the first SOS.
    static func markers(_ jpeg: [UInt8]) -> [UInt8] {
      var result: [UInt8] = []
      var index = 2
      while index + 4 <= jpeg.count, jpeg[index] == 0xFF {
        let marker = jpeg[index + 1]
        result.append(marker)
        if marker == 0xDA { break }
        index += 2 + (Int(jpeg[index + 2]) << 8 | Int(jpeg[index + 3]))
      }
      return result
    }
  }
}

import Testing
import WallKitTestSupport

@testable import WallImaging
@testable import WallKit

extension ImagingTests {
  /// Issue #12: every hostile image is refused from its header, or decoded within a bound the
  /// code reports, with no test image larger than a few hundred kilobytes.
  @Suite("Bounded resources on hostile input")
  struct HostileImageTests {
    @Test(
      "a 1x100000000 or 100000000x1 PNG passes maxPixels but is refused from IHDR by maxSide",
      arguments: [(UInt32(1), UInt32(100_000_000)), (100_000_000, 1)])
    func extremeSides(width: UInt32, height: UInt32) {
      let png = ImageFixtures.pngHeaderOnly(width: width, height: height)
      let expected = ImagingError.sideTooLong(
        width: Int(width), height: Int(height), limit: 65_535)
      #expect(throws: expected) { try ImageProbe.inspect(png, limits: ImageLimits()) }
      #expect(throws: expected) { try PNGCodec.decode(png) }
      #expect(throws: expected) { try Thumbnailer().variants(of: png, widths: [320, 640, 1280]) }
      #expect(throws: expected) { try Thumbnailer().squareVariants(of: png, sizes: [64, 128]) }
    }

    @Test("the side error names the size and the limit")
    func sideMessage() {
      #expect(
        ImagingError.sideTooLong(width: 1, height: 100_000_000, limit: 65_535).description
          == "the image is 1x100000000 pixels, and its longer side is more than the limit of 65535 pixels"
      )
    }

    @Test("a 1x20000 PNG gets a 1x4096 variant, not a 1x20000 one")
    func thinTallPNG() throws {
      let png = try PNGCodec.encode(ImageFixtures.gradientBitmap(width: 1, height: 20_000))
      let set = try Thumbnailer().variants(of: png, widths: [320, 640, 1280])
      #expect(set.variants.map { [$0.width, $0.height] } == [[1, 4096]])
      #expect(set.sourceHeight == 20_000)
    }

    @Test("widths whose height would pass maxOutputSide are dropped; aspect ratio is kept")
    func tallVariantsNarrowed() throws {
      let png = try PNGCodec.encode(ImageFixtures.gradientBitmap(width: 300, height: 1200))
      let thumbnailer = Thumbnailer(limits: ImageLimits(maxOutputSide: 256))
      // 300x1200 fits 256 pixels high at 64 wide: wider requests are dropped, as those wider
      // than the source are, and when none is left the widest that fits is made.
      let set = try thumbnailer.variants(of: png, widths: [32, 128, 256])
      #expect(set.variants.map { [$0.width, $0.height] } == [[32, 128]])
      let widest = try thumbnailer.variants(of: png, widths: [128, 256])
      #expect(widest.variants.map { [$0.width, $0.height] } == [[64, 256]])
      let squares = try thumbnailer.squareVariants(of: png, sizes: [1000])
      #expect(squares.variants.map { [$0.width, $0.height] } == [[256, 256]])
    }

    @Test("a wide 2048x1 PNG stays within the bound's row terms, and libpng's count is real")
    func wideRowsCounted() throws {
      let bitmap = ImageFixtures.checkerBitmap(width: 2048, height: 2, alpha: true)
      let png = try PNGCodec.encode(bitmap)
      let limits = ImageLimits(maxPixels: 4096, maxSide: 2048, maxOutputSide: 64)
      let set = try Thumbnailer(limits: limits).variants(of: png, widths: [64])
      // Rows, downscaler and libpng's fixed part: the bound without its whole-image and iCCP
      // terms, which a non-interlaced PNG without a profile does not use.
      let rowBound =
        ImageLimits.pngFixedBytes + ImageLimits.bytesPerSourceColumn * 2048
        + ImageLimits.bytesPerOutputColumn * 64 + 4 * 64 * 64
      #expect(set.decodeBytes <= rowBound)
      // libpng holds at least its two rows of 2048 RGBA pixels.
      let decoded = try PNGCodec.decode(png, limits: limits)
      #expect(decoded.decoderPeakBytes >= 2 * 2048 * 4)
      #expect(set.decodeBytes >= decoded.decoderPeakBytes + 16 * 2048 * 4)
      #expect(set.decodeBytes <= limits.decodeMemoryBound(largestSize: 64))
    }

    @Test(
      "an Adam7 PNG decoded whole stays within decodeMemoryBound at maxPixels",
      .enabled(if: SharedTestData.has("pngsuite"), "needs ../shared/testdata/pngsuite"))
    func interlacedWithinBound() throws {
      let png = try #require(SharedTestData.bytes("pngsuite/basi6a08.png"))
      let limits = ImageLimits(
        maxPixels: 32 * 32, maxDecoderBytes: 0, maxSide: 32, maxOutputSide: 16)
      let set = try Thumbnailer(limits: limits).variants(of: png, widths: [16])
      #expect(set.decodeBytes >= 32 * 32 * 4)
      #expect(set.decodeBytes <= limits.decodeMemoryBound(largestSize: 16) - 8_000_000)
    }

    @Test("every header the limits accept has sides and pixels within the bound's inputs")
    func headerSweep() {
      let limits = ImageLimits()
      let sides: [UInt32] = [1, 2, 50, 1526, 10_000, 65_535, 65_536, 70_000, 100_000_000]
      for width in sides {
        for height in sides {
          // Header-only files: accepted ones fail later as truncated, refused ones here.
          let png = ImageFixtures.pngHeaderOnly(width: width, height: height)
          let error = #expect(throws: ImagingError.self) {
            try ImageProbe.inspect(png, limits: limits)
          }
          let refused: Bool
          switch error {
          case .tooManyPixels?, .sideTooLong?: refused = true
          default: refused = false
          }
          let within =
            Int(width) <= limits.maxSide && Int(height) <= limits.maxSide
            && Int(width) * Int(height) <= limits.maxPixels
          #expect(refused == !within, "\(width)x\(height): \(String(describing: error))")
        }
      }
      // The default per-image figures docs/media.md states.
      #expect(limits.decodeMemoryBound(largestSize: 1280) == 575_082_912)
      #expect(limits.jobMemoryBound(largestSize: 1280) == 994_513_312)
      let absurd = ImageLimits(maxPixels: .max, maxSide: .max, maxOutputSide: .max)
      #expect(absurd.jobMemoryBound(largestSize: .max) == .max)
    }

    @Test("a PNG with many large zTXt chunks decodes without inflating or storing any text")
    func zTXtChunksSkipped() throws {
      let plain = try ImageFixtures.checkerPNG(width: 64, height: 64, alpha: true)
      var chunks: [(type: String, data: [UInt8])] = (0..<100).map { index in
        ("zTXt", ImageFixtures.zTXtData(keyword: "Comment", zeros: 64 << 10))
      }
      // One text larger than libpng's 8 MB chunk limit, which would be a warning if inflated.
      chunks.append(("zTXt", ImageFixtures.zTXtData(keyword: "Huge", zeros: 9_000_000)))
      chunks.append(("tEXt", Array("Title".utf8) + [0] + Array(repeating: 0x41, count: 1000)))
      chunks.append(("iTXt", Array("Note".utf8) + [0, 0, 0, 0, 0] + Array("text".utf8)))
      let png = ImageFixtures.withChunks(plain, chunks)
      #expect(png.count < 150_000)
      let decoded = try PNGCodec.decode(png)
      let reference = try PNGCodec.decode(plain)
      #expect(decoded.bitmap == reference.bitmap)
      // Inflated, the 9 MB text would give libpng's warning 'zTXt: truncated'.
      #expect(decoded.warnings == [])
      // Skipped chunks cost libpng no allocation: its peak is the plain file's (the chunk read
      // buffer is reused), where inflating the texts measured 179 557 bytes.
      #expect(
        decoded.decoderPeakBytes <= reference.decoderPeakBytes + 8192,
        "\(decoded.decoderPeakBytes) vs \(reference.decoderPeakBytes)")
      let set = try Thumbnailer().variants(of: png, widths: [32])
      #expect(set.variants.count == 1)
      #expect(set.warnings == [])
    }

    @Test(
      "the zlib fixture inflates to exactly the zeros it claims", arguments: [2, 258, 259, 65_000])
    func zlibFixtureIsValid(count: Int) throws {
      let stream = ImageFixtures.zlibZeros(count: count)
      #expect(stream.prefix(2) == [0x78, 0x01])
      // libpng inflates it as the image data of a 1-row grey PNG: a filter byte, then pixels.
      var ihdr: [UInt8] = Array("IHDR".utf8)
      ihdr += ImageFixtures.bigEndian(UInt32(count - 1)) + ImageFixtures.bigEndian(1)
      ihdr += [8, 0, 0, 0, 0]
      let idat = Array("IDAT".utf8) + stream
      let iend = Array("IEND".utf8)
      var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
      for body in [ihdr, idat, iend] {
        png += ImageFixtures.bigEndian(UInt32(body.count - 4)) + body
        png += ImageFixtures.bigEndian(ImageFixtures.crc32(body))
      }
      let decoded = try PNGCodec.decode(png)
      #expect(decoded.bitmap.width == count - 1)
      #expect(decoded.warnings == [])
      #expect(
        decoded.bitmap.pixels.enumerated().allSatisfy { $0.offset % 4 == 3 || $0.element == 0 })
      // Adler-32 of `count` zeros: a = 1, b = count (mod 65521), big-endian.
      let adler = stream.suffix(4).reduce(0) { $0 << 8 | Int($1) }
      #expect(adler == (count % 65521) << 16 | 1)
    }

    @Test("a JPEG header claiming 65500x65500 is refused from the header")
    func jpegBombHeader() throws {
      let jpeg = try ImageFixtures.gradientJPEG(width: 16, height: 16)
      let bomb = ImageFixtures.jpegClaiming(jpeg, width: 65_500, height: 65_500)
      #expect(bomb != jpeg)
      let expected = ImagingError.tooManyPixels(width: 65_500, height: 65_500, limit: 100_000_000)
      #expect(throws: expected) { try ImageProbe.inspect(bomb, limits: ImageLimits()) }
      #expect(throws: expected) { try JPEGCodec.header(bomb) }
      #expect(throws: expected) { try Thumbnailer().variants(of: bomb, widths: [320]) }
      // Within maxPixels, the side limit still holds the other way round.
      let wide = ImageFixtures.jpegClaiming(jpeg, width: 65_500, height: 16)
      #expect(try JPEGCodec.header(wide).width == 65_500)
    }
  }
}

import Testing
import WallKit
import WallKitTestSupport

/// One generated PNG without gAMA, sRGB or iCCP, and the RGBA8 it holds.
struct UntaggedPNGCase: Sendable, CustomTestStringConvertible {
  var name: String
  var png: SampledPNG
  var expected: [UInt8]

  var testDescription: String { name }

  /// A 16-bit sample holding the 8-bit value `value` exactly (`value * 257`).
  static func wide(_ value: UInt8) -> UInt16 { UInt16(value) * 257 }

  /// 16-bit samples that are not multiples of 257, and the 8-bit value each rounds to.
  static let uneven: [(UInt16, UInt8)] = [(0x9C80, 156), (0x2701, 39), (0xEA80, 234)]

  static let all: [UntaggedPNGCase] = [
    UntaggedPNGCase(
      name: "RGB 16-bit (issue 21's colour)",
      png: SampledPNG(
        width: 2, height: 1, bitDepth: 16, colorType: .rgb,
        samples: [wide(156), wide(39), wide(233)] + uneven.map(\.0)),
      expected: [156, 39, 233, 255] + uneven.map(\.1) + [255]),
    UntaggedPNGCase(
      name: "grey 16-bit",
      png: SampledPNG(
        width: 2, height: 1, bitDepth: 16, colorType: .gray, samples: [wide(100), 0x9C80]),
      expected: [100, 100, 100, 255, 156, 156, 156, 255]),
    UntaggedPNGCase(
      name: "grey and alpha 16-bit",
      png: SampledPNG(
        width: 1, height: 1, bitDepth: 16, colorType: .grayAlpha, samples: [wide(100), wide(128)]),
      expected: [100, 100, 100, 128]),
    UntaggedPNGCase(
      name: "RGBA 16-bit",
      png: SampledPNG(
        width: 1, height: 1, bitDepth: 16, colorType: .rgba,
        samples: [wide(156), wide(39), wide(233), wide(200)]),
      expected: [156, 39, 233, 200]),
    UntaggedPNGCase(
      name: "RGB 16-bit with a tRNS colour",
      png: {
        var png = SampledPNG(
          width: 2, height: 1, bitDepth: 16, colorType: .rgb,
          samples: [wide(156), wide(39), wide(233), 1, 2, 3])
        png.transparency = SampledPNG.transparentColor([1, 2, 3])
        return png
      }(),
      expected: [156, 39, 233, 255, 0, 0, 0, 0]),
    UntaggedPNGCase(
      name: "grey 16-bit with a tRNS grey",
      png: {
        var png = SampledPNG(
          width: 2, height: 1, bitDepth: 16, colorType: .gray, samples: [wide(100), 7])
        png.transparency = SampledPNG.transparentColor([7])
        return png
      }(),
      expected: [100, 100, 100, 255, 0, 0, 0, 0]),
    UntaggedPNGCase(
      name: "RGB 8-bit",
      png: SampledPNG(width: 1, height: 1, bitDepth: 8, colorType: .rgb, samples: [156, 39, 233]),
      expected: [156, 39, 233, 255]),
    UntaggedPNGCase(
      name: "palette with tRNS",
      png: {
        var png = SampledPNG(
          width: 2, height: 1, bitDepth: 8, colorType: .palette, samples: [0, 1])
        png.palette = [156, 39, 233, 10, 20, 30]
        png.transparency = [255, 64]
        return png
      }(),
      expected: [156, 39, 233, 255, 10, 20, 30, 64]),
  ]
}

extension ImagingTests {
  @Suite("PNG gamma: untagged colours pass through, gAMA is honoured")
  struct PNGGammaTests {
    @Test(
      "a PNG without gAMA, sRGB or iCCP decodes to the samples it holds",
      arguments: UntaggedPNGCase.all)
    func untaggedPassesThrough(example: UntaggedPNGCase) throws {
      let decoded = try PNGCodec.decode(example.png.bytes)
      #expect(decoded.bitmap.pixels == example.expected)
      #expect(decoded.warnings.isEmpty)
    }

    @Test(
      "a streamed thumbnail of an untagged 16-bit PNG keeps its colour",
      arguments: [SampledPNG.ColorType.rgb, .rgba])
    func untaggedStreamed(colorType: SampledPNG.ColorType) throws {
      let pixel = [156, 39, 233, 255].prefix(colorType.channels).map {
        UntaggedPNGCase.wide(UInt8($0))
      }
      let png = SampledPNG(
        width: 8, height: 8, bitDepth: 16, colorType: colorType,
        samples: Array((0..<64).map { _ in pixel }.joined()))
      let set = try Thumbnailer(jpegQuality: 100).variants(of: png.bytes, widths: [4])
      let variant = try #require(set.variants.first)
      let bitmap =
        variant.bytes.starts(with: [0xFF, 0xD8])
        ? try JPEGCodec.decode(variant.bytes).bitmap : try PNGCodec.decode(variant.bytes).bitmap
      let centre = (2 * bitmap.width + 2) * bitmap.channels
      let rgb = (0..<3).map { Int(bitmap.pixels[centre + $0]) }
      #expect(zip(rgb, [156, 39, 233]).allSatisfy { abs($0 - $1) <= 2 }, "got \(rgb)")
    }

    @Test("a 16-bit PNG whose gAMA is 1/2.2 also passes through")
    func sRGBGammaPassesThrough() throws {
      var png = SampledPNG(
        width: 1, height: 1, bitDepth: 16, colorType: .rgb,
        samples: [156, 39, 233].map { UntaggedPNGCase.wide($0) })
      png.gamma = 45455
      #expect(try PNGCodec.decode(png.bytes).bitmap.pixels == [156, 39, 233, 255])
    }

    @Test("a linear gAMA (1.0) is still encoded to sRGB, 16-bit and 8-bit alike")
    func linearGammaIsEncoded() throws {
      var sixteen = SampledPNG(
        width: 1, height: 1, bitDepth: 16, colorType: .rgb,
        samples: [156, 39, 233].map { UntaggedPNGCase.wide($0) })
      sixteen.gamma = 100_000
      var eight = SampledPNG(
        width: 1, height: 1, bitDepth: 8, colorType: .rgb, samples: [156, 39, 233])
      eight.gamma = 100_000
      // Linear 0.612, 0.153, 0.914 are sRGB 0.802, 0.428, 0.961.
      let decodedSixteen = try PNGCodec.decode(sixteen.bytes).bitmap.pixels
      let decodedEight = try PNGCodec.decode(eight.bytes).bitmap.pixels
      #expect(decodedSixteen == [204, 109, 245, 255])
      #expect(decodedEight == [204, 109, 245, 255])
    }
  }
}

/// PngSuite files with their gAMA chunk removed, checked against the samples they hold.
extension ImagingTests.PNGGammaTests {
  /// Non-interlaced, non-palette PngSuite files of 8 and 16 bits, with and without tRNS.
  static let suiteFiles = [
    "basn0g16.png", "basn2c16.png", "basn4a16.png", "basn6a16.png", "bggn4a16.png",
    "bgyn6a16.png", "cs3n2c16.png", "g03n0g16.png", "g25n0g16.png", "pp0n2c16.png",
    "ps1n2c16.png", "tbbn2c16.png", "tbgn2c16.png", "tbwn0g16.png", "basn0g08.png",
    "basn2c08.png", "basn4a08.png", "basn6a08.png",
  ]

  /// The RGBA8 a decoder that passes colours through makes of `file`'s samples: 16-bit
  /// samples rounded to 8 bits, grey copied to RGB, tRNS colours made transparent.
  static func heldRGBA(_ file: PNGChunks) throws -> [UInt8] {
    let image = try file.samples()
    let channels = image.colorType.channels
    let transparent = file.chunks.first { $0.type == "tRNS" }.map { chunk in
      stride(from: 0, to: chunk.data.count - 1, by: 2).map {
        UInt16(chunk.data[$0]) << 8 | UInt16(chunk.data[$0 + 1])
      }
    }
    func eight(_ sample: UInt16) -> UInt8 {
      image.bitDepth == 16 ? UInt8((Int(sample) * 255 + 32767) / 65535) : UInt8(sample)
    }
    var rgba: [UInt8] = []
    for pixel in 0..<(image.width * image.height) {
      let samples = Array(image.samples[(pixel * channels)..<((pixel + 1) * channels)])
      let color = channels < 3 ? [samples[0], samples[0], samples[0]] : Array(samples[0..<3])
      var alpha: UInt8 = channels % 2 == 0 ? eight(samples[channels - 1]) : 255
      if let transparent, Array(samples.prefix(channels < 3 ? 1 : 3)) == transparent {
        alpha = 0
      }
      rgba += color.map(eight) + [alpha]
    }
    return rgba
  }

  @Test(
    "a PngSuite file without its gAMA chunk decodes to the samples it holds",
    .enabled(if: SharedTestData.has("pngsuite"), "needs ../shared/testdata/pngsuite"),
    arguments: suiteFiles)
  func suiteWithoutGamma(name: String) throws {
    let original = try PNGChunks(#require(SharedTestData.bytes("pngsuite/" + name)))
    #expect(original.has("gAMA"))
    let untagged = original.bytes(without: ["gAMA"])
    let decoded = try PNGCodec.decode(untagged).bitmap.pixels
    let held = try Self.heldRGBA(original)
    let differing = zip(decoded, held).filter { $0 != $1 }.count
    #expect(decoded.count == held.count)
    #expect(differing == 0, "\(differing) of \(held.count) bytes differ")
  }
}

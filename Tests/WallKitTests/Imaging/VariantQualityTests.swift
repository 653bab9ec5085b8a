import Foundation
import Testing
import WallKit
import WallKitTestSupport

extension ImagingTests {
  /// Holds wallgen's photo variants to Pillow's Lanczos resize of the same decoded pixels, so
  /// speed never comes from blurrier or blockier thumbnails (issue 13).
  @Suite("Variant quality against Pillow", .fullTier)
  struct VariantQualityTests {
    /// A real photo, 1800 x 1200, EXIF orientation 1, no ICC profile.
    static let reference = "jpeg/exif-orientation/Landscape_1.jpg"
    /// The widths of wall photos (`MediaStage.photoWidths`).
    static let widths = [320, 640, 1280]
    /// The lowest PSNR (dB, over all channels) a variant may have against Pillow's resize.
    ///
    /// On the reference photo wallgen's variants measured 33.4 (w320), 34.7 (w640) and 35.3 dB
    /// (w1280); nearest-neighbour, blurred and quality-25 variants 25.0 to 30.3 dB.
    static let minimumPSNR = 32.0
    /// How far (dB) a variant may fall below Pillow's own resize saved the same way (JPEG q82).
    ///
    /// That is the loss due to JPEG alone: wallgen's measured 0.03, 0.05 and 0.6 dB below it;
    /// the worse variants 5.4 to 8.5 dB.
    static let maximumLossBelowJPEGFloor = 1.5
    /// `python3` when it can import Pillow, else nil.
    static let pillowPython: String? = {
      guard let python = ExternalTool.path("python3"),
        let result = try? ExternalTool.run(python, ["-c", "import PIL"]), result.status == 0
      else { return nil }
      return python
    }()
    static let canRun = SharedTestData.has(reference) && pillowPython != nil

    @Test(
      "every variant is within the PSNR bound of Pillow's Lanczos resize of the same decode",
      .enabled(
        if: canRun,
        "needs ../shared/testdata/jpeg/exif-orientation and python3 with Pillow (pip install Pillow)"
      ))
    func variantsMatchPillow() throws {
      let bytes = try #require(SharedTestData.bytes(Self.reference))
      let decoded = try JPEGCodec.decode(bytes).bitmap
      let set = try Thumbnailer().variants(of: bytes, widths: Self.widths)
      #expect(set.variants.map(\.width) == Self.widths)
      let expected = try Self.pillowLanczos(
        decoded, sizes: set.variants.map { ($0.width, $0.height) })
      for (variant, reference) in zip(set.variants, expected) {
        let score = try Self.score(JPEGCodec.decode(variant.bytes).bitmap, against: reference)
        print("w\(variant.width): \(score)")
        #expect(score.psnr >= Self.minimumPSNR, "w\(variant.width): \(score)")
        #expect(score.belowFloor <= Self.maximumLossBelowJPEGFloor, "w\(variant.width): \(score)")
      }
    }

    @Test(
      "a nearest-neighbour, a blurred or a low-quality variant falls under the bound",
      .enabled(
        if: canRun,
        "needs ../shared/testdata/jpeg/exif-orientation and python3 with Pillow (pip install Pillow)"
      ))
    func worseVariantsFail() throws {
      let bytes = try #require(SharedTestData.bytes(Self.reference))
      let decoded = try JPEGCodec.decode(bytes).bitmap
      let sizes = Self.widths.map {
        ($0, ($0 * decoded.height * 2 + decoded.width) / (2 * decoded.width))
      }
      let expected = try Self.pillowLanczos(decoded, sizes: sizes)
      for ((width, height), reference) in zip(sizes, expected) {
        let nearest = Self.nearest(decoded, width: width, height: height)
        let blurred = try decoded.resized(width: width / 2, height: height / 2)
          .resized(width: width, height: height)
        let candidates = [
          ("nearest-neighbour", try Self.roundTrip(nearest, quality: 82)),
          ("blurred", try Self.roundTrip(blurred, quality: 82)),
          ("quality 25", try Self.roundTrip(reference, quality: 25)),
        ]
        for (name, bitmap) in candidates {
          let score = try Self.score(bitmap, against: reference)
          print("w\(width) \(name): \(score)")
          #expect(score.psnr < Self.minimumPSNR, "w\(width) \(name): \(score)")
          #expect(score.belowFloor > Self.maximumLossBelowJPEGFloor, "w\(width) \(name): \(score)")
        }
      }
    }

    /// How close `bitmap` is to Pillow's `reference`.
    struct Score: CustomStringConvertible {
      /// PSNR against the reference, dB.
      var psnr: Double
      /// How far below the reference's own JPEG q82 round trip `psnr` is, dB.
      var belowFloor: Double
      /// The largest difference of one channel of one pixel.
      var maxError: Int

      var description: String {
        let format = { (value: Double) in String(format: "%.2f", value) }
        return
          "PSNR \(format(psnr)) dB (\(format(belowFloor)) dB below JPEG q82 of Pillow's resize), "
          + "max error \(maxError)"
      }
    }

    static func score(_ bitmap: Bitmap, against reference: Bitmap) throws -> Score {
      let psnr = Self.psnr(bitmap, reference)
      let floor = Self.psnr(try roundTrip(reference, quality: 82), reference)
      return Score(
        psnr: psnr, belowFloor: floor - psnr,
        maxError: ImageComparison.maxDifference(bitmap, reference))
    }

    /// Peak signal-to-noise ratio over every channel, in dB (infinite when equal).
    static func psnr(_ lhs: Bitmap, _ rhs: Bitmap) -> Double {
      guard lhs.width == rhs.width, lhs.height == rhs.height, lhs.channels == rhs.channels,
        !lhs.pixels.isEmpty
      else { return -.infinity }
      var sum = 0.0
      for index in lhs.pixels.indices {
        let difference = Double(lhs.pixels[index]) - Double(rhs.pixels[index])
        sum += difference * difference
      }
      let mse = sum / Double(lhs.pixels.count)
      return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// Encodes as wallgen does (progressive JPEG) at `quality` and decodes again.
    static func roundTrip(_ bitmap: Bitmap, quality: Int) throws -> Bitmap {
      try JPEGCodec.decode(JPEGCodec.encode(bitmap, quality: quality, progressive: true)).bitmap
    }

    /// The source pixel nearest each output pixel's centre: no filtering at all.
    static func nearest(_ bitmap: Bitmap, width: Int, height: Int) -> Bitmap {
      var pixels = [UInt8](repeating: 0, count: width * height * bitmap.channels)
      for y in 0..<height {
        let sy = min(bitmap.height - 1, (2 * y + 1) * bitmap.height / (2 * height))
        for x in 0..<width {
          let sx = min(bitmap.width - 1, (2 * x + 1) * bitmap.width / (2 * width))
          for c in 0..<bitmap.channels {
            pixels[(y * width + x) * bitmap.channels + c] =
              bitmap.pixels[(sy * bitmap.width + sx) * bitmap.channels + c]
          }
        }
      }
      return Bitmap(width: width, height: height, channels: bitmap.channels, pixels: pixels)
    }

    /// Pillow's `Image.resize(size, LANCZOS)` of an RGB bitmap to each size.
    static func pillowLanczos(_ bitmap: Bitmap, sizes: [(Int, Int)]) throws -> [Bitmap] {
      let python = try #require(pillowPython)
      let folder = try TemporaryDirectory("variant-quality")
      let input = folder.path + "/source.rgb"
      try Data(bitmap.pixels).write(to: URL(fileURLWithPath: input))
      let script = """
        import sys
        from PIL import Image
        width, height = int(sys.argv[2]), int(sys.argv[3])
        image = Image.frombytes('RGB', (width, height), open(sys.argv[1], 'rb').read())
        for index, size in enumerate(sys.argv[4:]):
            w, h = (int(v) for v in size.split('x'))
            resized = image.resize((w, h), Image.Resampling.LANCZOS)
            open(f'{sys.argv[1]}.{index}', 'wb').write(resized.tobytes())
        """
      let arguments =
        [input, "\(bitmap.width)", "\(bitmap.height)"] + sizes.map { "\($0.0)x\($0.1)" }
      let result = try ExternalTool.run(python, ["-c", script] + arguments)
      try #require(result.status == 0, "Pillow failed: \(result.output)")
      return try sizes.enumerated().map { index, size in
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(input).\(index)"))
        return Bitmap(width: size.0, height: size.1, channels: 3, pixels: [UInt8](data))
      }
    }
  }
}

import Testing
import WallKit
import WallKitTestSupport

/// Parent suite of the imaging tests, so `swift test --filter Imaging` selects all of them;
/// its own tests are of what every codec shares: the format told by magic bytes alone, and the
/// header read by the codec of that format.
@Suite("Imaging")
struct ImagingTests {
  @Test(
    "the format is told by the leading bytes alone",
    arguments: [
      ([0xFF, 0xD8, 0xFF, 0xE0], ImageFormat.jpeg),
      ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0], .png),
      ([0xFF, 0xD8], nil), ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A], nil),
      (Array("GIF89a".utf8), nil), ([], nil),
    ] as [([UInt8], ImageFormat?)])
  func sniff(bytes: [UInt8], format: ImageFormat?) {
    #expect(ImageFormat.sniff(bytes) == format)
  }

  @Test("a JPEG and a PNG are probed by their own codec: format, size and alpha, no decoding")
  func probe() throws {
    let jpeg = try ImageProbe.inspect(
      try ImageFixtures.gradientJPEG(width: 12, height: 7), limits: ImageLimits())
    #expect(jpeg == ImageInfo(format: .jpeg, width: 12, height: 7, orientation: 1, hasAlpha: false))
    let png = try ImageProbe.inspect(
      try ImageFixtures.checkerPNG(width: 5, height: 9, alpha: true), limits: ImageLimits())
    #expect(png == ImageInfo(format: .png, width: 5, height: 9, orientation: 1, hasAlpha: true))
    #expect(ImageFormat.jpeg.fileExtension == "jpg" && ImageFormat.png.fileExtension == "png")
  }
}

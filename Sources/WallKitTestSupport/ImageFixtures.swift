import WallKit

/// Small deterministic images for tests, made through wallgen's own encoders.
public enum ImageFixtures {
  /// An opaque RGB bitmap: red rises left to right, green top to bottom, blue is their mix.
  /// - Parameters:
  ///   - width: Width in pixels.
  ///   - height: Height in pixels.
  public static func gradientBitmap(width: Int, height: Int) -> Bitmap {
    var pixels = [UInt8](repeating: 0, count: width * height * 3)
    for y in 0..<height {
      for x in 0..<width {
        let index = (y * width + x) * 3
        let red = x * 255 / max(1, width - 1)
        let green = y * 255 / max(1, height - 1)
        pixels[index] = UInt8(red)
        pixels[index + 1] = UInt8(green)
        pixels[index + 2] = UInt8((red + green) / 2)
      }
    }
    return Bitmap(width: width, height: height, channels: 3, pixels: pixels)
  }

  /// A baseline JPEG (quality 90) of `gradientBitmap(width:height:)`.
  /// - Parameters:
  ///   - width: Width in pixels.
  ///   - height: Height in pixels.
  /// - Throws: `ImagingError` if encoding fails (it should not for positive sizes).
  public static func gradientJPEG(width: Int, height: Int) throws(ImagingError) -> [UInt8] {
    try JPEGCodec.encode(
      gradientBitmap(width: width, height: height), quality: 90, progressive: false)
  }

  /// An RGBA checkerboard of 4-pixel squares, red and blue; with `alpha`, the blue squares are
  /// half transparent (alpha 128), otherwise everything is opaque.
  /// - Parameters:
  ///   - width: Width in pixels.
  ///   - height: Height in pixels.
  ///   - alpha: Whether some pixels are translucent.
  public static func checkerBitmap(width: Int, height: Int, alpha: Bool) -> Bitmap {
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        let index = (y * width + x) * 4
        let red = (x / 4 + y / 4) % 2 == 0
        pixels[index] = red ? 220 : 20
        pixels[index + 1] = 30
        pixels[index + 2] = red ? 20 : 220
        pixels[index + 3] = red || !alpha ? 255 : 128
      }
    }
    return Bitmap(width: width, height: height, channels: 4, pixels: pixels)
  }

  /// A 32×32 baseline JPEG showing `code` as an 8×8 grid of black and white squares: distinct
  /// codes give distinct files.
  public static func codedJPEG(_ code: Int) throws(ImagingError) -> [UInt8] {
    var pixels = [UInt8](repeating: 0, count: 32 * 32 * 3)
    for y in 0..<32 {
      for x in 0..<32 where code >> ((y / 4) * 8 + x / 4) & 1 == 1 {
        for channel in 0..<3 { pixels[(y * 32 + x) * 3 + channel] = 255 }
      }
    }
    return try JPEGCodec.encode(
      Bitmap(width: 32, height: 32, channels: 3, pixels: pixels), quality: 90, progressive: false)
  }

  /// A PNG of `checkerBitmap(width:height:alpha:)`.
  /// - Parameters:
  ///   - width: Width in pixels.
  ///   - height: Height in pixels.
  ///   - alpha: Whether some pixels are translucent.
  /// - Throws: `ImagingError` if encoding fails (it should not for positive sizes).
  public static func checkerPNG(width: Int, height: Int, alpha: Bool) throws(ImagingError)
    -> [UInt8]
  {
    try PNGCodec.encode(checkerBitmap(width: width, height: height, alpha: alpha))
  }

  /// A PNG signature and a valid IHDR chunk (correct CRC) declaring `width`x`height` RGBA,
  /// followed by nothing: a decompression-bomb header with no data.
  /// - Parameters:
  ///   - width: The declared width.
  ///   - height: The declared height.
  public static func pngHeaderOnly(width: UInt32, height: UInt32) -> [UInt8] {
    var ihdr: [UInt8] = Array("IHDR".utf8)
    ihdr += bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0]
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    return signature + bigEndian(13) + ihdr + bigEndian(crc32(ihdr))
  }

  /// `jpeg` with an EXIF APP1 segment holding only the Orientation tag inserted after SOI.
  /// - Parameters:
  ///   - jpeg: A JPEG file starting with `FF D8`.
  ///   - orientation: The tag value to write (any UInt16, to test invalid values too).
  ///   - bigEndian: Write a Motorola (`MM`) TIFF header instead of Intel (`II`).
  public static func withEXIFOrientation(_ jpeg: [UInt8], orientation: UInt16, bigEndian: Bool)
    -> [UInt8]
  {
    func u16(_ value: UInt16) -> [UInt8] {
      let bytes = [UInt8(value >> 8), UInt8(value & 0xFF)]
      return bigEndian ? bytes : bytes.reversed()
    }
    func u32(_ value: UInt32) -> [UInt8] {
      let bytes = Self.bigEndian(value)
      return bigEndian ? bytes : bytes.reversed()
    }
    var tiff: [UInt8] = bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]
    tiff += u16(42) + u32(8) + u16(1)
    tiff += u16(0x0112) + u16(3) + u32(1) + u16(orientation) + u16(0)
    tiff += u32(0)
    let payload: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff
    let length = UInt16(payload.count + 2)
    let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    return Array(jpeg.prefix(2)) + segment + Array(jpeg.dropFirst(2))
  }

  /// The four bytes of `value`, most significant first (PNG and JPEG byte order).
  public static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }

  /// CRC-32 as used by PNG chunks (ISO 3309, reflected, polynomial 0xEDB88320).
  public static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 {
        crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
      }
    }
    return ~crc
  }
}

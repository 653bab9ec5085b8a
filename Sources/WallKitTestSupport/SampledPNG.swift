/// A PNG written sample by sample, for decoder tests that need a bit depth, colour type or chunk
/// that `PNGCodec.encode` does not write (16-bit, grey, palette, tRNS, gAMA).
///
/// The image data is one zlib stream of stored deflate blocks and every row uses filter 0, so
/// the file holds exactly `samples`, big-endian for 16-bit, and no zlib is needed to write it.
public struct SampledPNG: Sendable {
  /// The PNG colour types (IHDR byte 9).
  public enum ColorType: UInt8, Sendable {
    /// Grey, one sample per pixel.
    case gray = 0
    /// Red, green, blue.
    case rgb = 2
    /// One palette index per pixel (8-bit only here).
    case palette = 3
    /// Grey and alpha.
    case grayAlpha = 4
    /// Red, green, blue and alpha.
    case rgba = 6

    /// Samples per pixel.
    public var channels: Int {
      switch self {
      case .gray, .palette: 1
      case .grayAlpha: 2
      case .rgb: 3
      case .rgba: 4
      }
    }
  }

  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int
  /// 8 or 16.
  public var bitDepth: Int
  /// The colour type.
  public var colorType: ColorType
  /// Row-major samples, `width * height * colorType.channels` of them, each below 2^bitDepth.
  public var samples: [UInt16]
  /// The gAMA chunk's value (gamma × 100000: 45455 for 1/2.2), or `nil` for no gAMA.
  public var gamma: UInt32? = nil
  /// The PLTE chunk's data (RGB triples), for `.palette`.
  public var palette: [UInt8]? = nil
  /// The tRNS chunk's data as the PNG specification lays it out, or `nil` for no tRNS.
  public var transparency: [UInt8]? = nil

  /// An image with no ancillary chunks unless `gamma`, `palette` or `transparency` are set.
  /// - Parameters:
  ///   - width: Width in pixels.
  ///   - height: Height in pixels.
  ///   - bitDepth: 8 or 16.
  ///   - colorType: The colour type.
  ///   - samples: Row-major samples.
  public init(width: Int, height: Int, bitDepth: Int, colorType: ColorType, samples: [UInt16]) {
    self.width = width
    self.height = height
    self.bitDepth = bitDepth
    self.colorType = colorType
    self.samples = samples
  }

  /// A 16-bit value as the tRNS chunk of a grey or RGB image stores it.
  /// - Parameter values: One value (grey) or three (RGB).
  public static func transparentColor(_ values: [UInt16]) -> [UInt8] {
    values.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
  }

  /// The PNG file.
  public var bytes: [UInt8] {
    var header = ImageFixtures.bigEndian(UInt32(width)) + ImageFixtures.bigEndian(UInt32(height))
    header += [UInt8(bitDepth), colorType.rawValue, 0, 0, 0]
    var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    file += Self.chunk("IHDR", header)
    if let gamma { file += Self.chunk("gAMA", ImageFixtures.bigEndian(gamma)) }
    if let palette { file += Self.chunk("PLTE", palette) }
    if let transparency { file += Self.chunk("tRNS", transparency) }
    file += Self.chunk("IDAT", Self.zlibStored(rows()))
    return file + Self.chunk("IEND", [])
  }

  /// The unfiltered image data: each row is filter byte 0 and its samples.
  private func rows() -> [UInt8] {
    let perRow = width * colorType.channels
    var data: [UInt8] = []
    for row in 0..<height {
      data.append(0)
      for sample in samples[(row * perRow)..<((row + 1) * perRow)] {
        if bitDepth == 16 { data.append(UInt8(sample >> 8)) }
        data.append(UInt8(sample & 0xFF))
      }
    }
    return data
  }

  /// One chunk: length, type, data and CRC.
  private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(type.utf8) + data
    return ImageFixtures.bigEndian(UInt32(data.count)) + body
      + ImageFixtures.bigEndian(ImageFixtures.crc32(body))
  }

  /// A zlib stream of stored (uncompressed) deflate blocks holding `bytes`.
  /// - Parameter bytes: The data to wrap.
  public static func zlibStored(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var offset = 0
    repeat {
      let length = min(65535, bytes.count - offset)
      let final: UInt8 = offset + length == bytes.count ? 1 : 0
      out += [final, UInt8(length & 0xFF), UInt8(length >> 8)]
      out += [UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
      out += bytes[offset..<(offset + length)]
      offset += length
    } while offset < bytes.count
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in bytes {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    return out + ImageFixtures.bigEndian(b << 16 | a)
  }
}

import CPNGShim

/// Decodes and encodes PNG through libpng's traditional API (the only file that imports
/// `CPNGShim`).
///
/// Decoding always yields RGBA8 with the transformations of libpng's simplified API for
/// `PNG_FORMAT_RGBA`: palettes, tRNS and low bit depths expanded, gray copied to RGB, 16-bit
/// scaled (`png_set_scale_16`) and, for files with a gAMA chunk, gamma-encoded to sRGB. Unlike
/// the simplified API, a file without gAMA or sRGB passes through unchanged at 16 bits too (the
/// simplified API takes it for linear light), and Adam7 16-bit files decode correctly (libpng
/// issue #853).
public enum PNGCodec {
  /// Decodes a PNG to RGBA8.
  /// - Parameters:
  ///   - bytes: The PNG file.
  ///   - limits: File size and pixel limits, checked from IHDR before any allocation.
  /// - Returns: RGBA pixels and libpng's warnings, if any.
  /// - Throws: `ImagingError` for empty, oversized or undecodable input.
  public static func decode(_ bytes: [UInt8], limits: ImageLimits = ImageLimits())
    throws(ImagingError) -> DecodedImage
  {
    try precheck(bytes, limits: limits)
    return try bytes.withUnsafeBufferPointer { (data) throws(ImagingError) -> DecodedImage in
      let decoder = try Decoder(data, limits: limits)
      let header = try decoder.readHeader()
      let width = Int(header.width)
      let height = Int(header.height)
      try limits.checkPixels(width: width, height: height)
      let count = width * height * 4
      var status: Int32 = 0
      let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
        status = CPNGShim_readRGBA(decoder.handle, buffer.baseAddress, buffer.count)
        initialized = Int(status) == CPNGShim_OK ? count : 0
      }
      try decoder.check(status)
      let bitmap = Bitmap(width: width, height: height, channels: 4, pixels: pixels)
      return DecodedImage(
        bitmap: bitmap, warnings: decoder.warnings(), iccProfile: Self.profile(header),
        decoderPeakBytes: decoder.peakBytes)
    }
  }

  /// Decodes row by row into `resizer`: RGB when the file has no alpha and no tRNS, else RGBA.
  ///
  /// Non-interlaced files are read 16 rows at a time, so memory does not grow with the image;
  /// Adam7 files need every pass before any row is final and are decoded whole (bounded by
  /// `limits.maxPixels`) and then fed to the resizer.
  static func stream(_ bytes: [UInt8], limits: ImageLimits, into resizer: StreamingResizer)
    throws(ImagingError) -> StreamedDecode
  {
    try precheck(bytes, limits: limits)
    return try bytes.withUnsafeBufferPointer { (data) throws(ImagingError) -> StreamedDecode in
      let decoder = try Decoder(data, limits: limits)
      let header = try decoder.readHeader()
      let width = Int(header.width)
      let height = Int(header.height)
      try limits.checkPixels(width: width, height: height)
      let channels = header.hasTransparency != 0 ? 4 : 3
      var passes: Int32 = 0
      try decoder.check(CPNGShim_startRows(decoder.handle, Int32(channels), &passes))
      resizer.begin(width: width, height: height, channels: channels)
      let rowBytes = width * channels
      let batch = passes == 1 ? 16 : height
      let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: rowBytes * batch)
      defer { buffer.deallocate() }
      guard let base = buffer.baseAddress else {
        throw .decodeFailed(.png, message: "no memory for \(batch) rows")
      }
      if passes == 1 {
        while true {
          var rows: Int32 = 0
          try decoder.check(
            CPNGShim_readRows(decoder.handle, base, buffer.count, Int32(batch), &rows))
          guard rows > 0 else { break }
          resizer.consume(base, count: Int(rows))
        }
      } else {
        try decoder.check(CPNGShim_readImage(decoder.handle, base, buffer.count))
        resizer.consume(base, count: height)
      }
      try decoder.check(CPNGShim_finish(decoder.handle))
      return StreamedDecode(
        warnings: decoder.warnings(), iccProfile: header.hasSRGB != 0 ? nil : profile(header),
        decoderPeakBytes: decoder.peakBytes, rowBufferBytes: buffer.count)
    }
  }

  private static func profile(_ header: CPNGShim_Header) -> [UInt8]? {
    guard let icc = header.icc, header.iccLength > 0 else { return nil }
    return Array(UnsafeBufferPointer(start: icc, count: header.iccLength))
  }

  /// Reads the chunks before the image data: size and whether there is transparency.
  /// - Parameters:
  ///   - bytes: The PNG file.
  ///   - limits: File size and pixel limits.
  /// - Returns: Stored size; orientation is always 1.
  /// - Throws: `ImagingError` for empty, oversized or unreadable input.
  static func inspect(_ bytes: [UInt8], limits: ImageLimits) throws(ImagingError) -> ImageInfo {
    try precheck(bytes, limits: limits)
    return try bytes.withUnsafeBufferPointer { (data) throws(ImagingError) -> ImageInfo in
      let decoder = try Decoder(data, limits: limits)
      let header = try decoder.readHeader()
      try limits.checkPixels(width: Int(header.width), height: Int(header.height))
      return ImageInfo(
        format: .png, width: Int(header.width), height: Int(header.height), orientation: 1,
        hasAlpha: header.hasTransparency != 0)
    }
  }

  /// How hard zlib works on a PNG's image data (libpng's adaptive filters either way).
  public enum Compression: Sendable {
    /// libpng's default (zlib level 6, `Z_FILTERED`): the smallest files.
    case standard
    /// zlib's run-length matching only (`Z_RLE`): on photos 3.6× faster than `standard` for
    /// about 6 % more bytes (docs/performance.md); what thumbnails use.
    case runLength
  }

  /// Encodes 8-bit RGB or RGBA as a non-interlaced PNG with no ancillary chunks.
  /// - Parameters:
  ///   - bitmap: The pixels.
  ///   - compression: How hard zlib works.
  /// - Returns: The PNG file.
  /// - Throws: `ImagingError.invalidBitmap` or `.encodeFailed`.
  public static func encode(_ bitmap: Bitmap, compression: Compression = .standard)
    throws(ImagingError) -> [UInt8]
  {
    try bitmap.validate()
    var output: UnsafeMutablePointer<UInt8>? = nil
    var size = 0
    var message = [CChar](repeating: 0, count: 256)
    let status = bitmap.pixels.withUnsafeBufferPointer { pixels in
      message.withUnsafeMutableBufferPointer { text in
        CPNGShim_encode(
          pixels.baseAddress, Int32(clamping: bitmap.width), Int32(clamping: bitmap.height),
          Int32(bitmap.channels), compression == .runLength ? 1 : 0, &output, &size,
          text.baseAddress, text.count)
      }
    }
    guard Int(status) == CPNGShim_OK, let output else {
      throw .encodeFailed(.png, message: String(cBuffer: message))
    }
    defer { CPNGShim_free(output) }
    return Array(UnsafeBufferPointer(start: output, count: size))
  }

  /// Refuses empty or oversized files, and a first chunk that is an IHDR declaring too many
  /// pixels, before libpng allocates anything (libpng itself would first read to the IDAT).
  private static func precheck(_ bytes: [UInt8], limits: ImageLimits) throws(ImagingError) {
    try limits.checkFile(byteCount: bytes.count)
    guard bytes.count >= 24, bytes[12..<16].elementsEqual([0x49, 0x48, 0x44, 0x52]) else {
      return
    }
    func bigEndian(_ offset: Int) -> Int {
      bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    try limits.checkPixels(width: bigEndian(16), height: bigEndian(20))
  }
}

extension PNGCodec {
  /// Owns one `CPNGShim_Decoder`; the shim keeps every longjmp inside C.
  ///
  /// The data it reads must outlive it, so it is only created inside
  /// `withUnsafeBufferPointer`.
  fileprivate final class Decoder {
    let handle: OpaquePointer

    init(_ data: UnsafeBufferPointer<UInt8>, limits: ImageLimits) throws(ImagingError) {
      let side = UInt32(clamping: min(limits.maxSide, limits.maxPixels, 0x7FFF_FFFF))
      guard let handle = CPNGShim_decoderCreate(data.baseAddress, data.count, side, side) else {
        throw .decodeFailed(.png, message: "out of memory creating a decoder")
      }
      self.handle = handle
    }

    deinit { CPNGShim_decoderDestroy(handle) }

    /// The most bytes libpng has held at once for this decoder, counted by its allocator.
    var peakBytes: Int { Int(CPNGShim_peakBytes(handle)) }

    func readHeader() throws(ImagingError) -> CPNGShim_Header {
      var header = CPNGShim_Header()
      try check(CPNGShim_readHeader(handle, &header))
      return header
    }

    func check(_ status: Int32) throws(ImagingError) {
      guard Int(status) != CPNGShim_OK else { return }
      let message = String(shimText: { CPNGShim_copyErrorMessage(handle, $0, $1) })
      throw .decodeFailed(
        .png, message: message.isEmpty ? "decoder misuse (status \(status))" : message)
    }

    func warnings() -> [String] {
      let count = CPNGShim_warningCount(handle)
      guard count > 0 else { return [] }
      let first = String(shimText: { CPNGShim_copyFirstWarning(handle, $0, $1) })
      return count == 1 ? [first] : ["\(first) (\(count) warnings)"]
    }
  }
}

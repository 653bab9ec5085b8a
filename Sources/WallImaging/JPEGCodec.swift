import CJPEGShim

/// Decodes and encodes JPEG through libjpeg-turbo (the only file that imports `CJPEGShim`).
///
/// Output is always RGB8: grayscale is expanded, CMYK and YCCK are converted with
/// R = C·K/255 (Adobe inverted CMYK; plain CMYK is inverted first). Decoding is ISLOW DCT
/// with fancy upsampling by default, which is what `djpeg -ppm` produces.
public enum JPEGCodec {
  /// Decodes a JPEG at full size or with shrink-on-load.
  /// - Parameters:
  ///   - bytes: The JPEG file.
  ///   - minimumSize: The smallest acceptable output; the smallest DCT scale M/8 whose output
  ///     is at least this size is used. `nil` decodes at full size.
  ///   - limits: File size and pixel limits, checked before decoding.
  /// - Returns: RGB pixels, and libjpeg's corrupt-data warnings if any.
  /// - Throws: `ImagingError` for empty, oversized or undecodable input.
  public static func decode(
    _ bytes: [UInt8], minimumSize: PixelSize? = nil, limits: ImageLimits = ImageLimits()
  ) throws(ImagingError) -> DecodedImage {
    try decode(bytes, options: JPEGDecodeOptions(minimumSize: minimumSize), limits: limits)
  }

  /// Decodes a JPEG with explicit options (DCT scale, upsampling).
  /// - Parameters:
  ///   - bytes: The JPEG file.
  ///   - options: Scale and upsampling settings.
  ///   - limits: File size and pixel limits, checked before decoding.
  /// - Returns: RGB pixels, and libjpeg's corrupt-data warnings as
  ///   `"<first warning> (<count> warnings)"`.
  /// - Throws: `ImagingError` for empty, oversized or undecodable input.
  public static func decode(
    _ bytes: [UInt8], options: JPEGDecodeOptions, limits: ImageLimits = ImageLimits()
  ) throws(ImagingError) -> DecodedImage {
    try limits.checkFile(byteCount: bytes.count)
    let decoder = try Decoder()
    return try bytes.withUnsafeBufferPointer { (data) throws(ImagingError) -> DecodedImage in
      let header = try decoder.readHeader(data)
      try limits.checkPixels(width: Int(header.width), height: Int(header.height))
      var shimOptions = shimOptions(options, limits: limits)
      var width: Int32 = 0
      var height: Int32 = 0
      try decoder.check(CJPEGShim_startDecode(decoder.handle, &shimOptions, &width, &height))
      let count = Int(width) * Int(height) * 3
      var status: Int32 = 0
      let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
        status = CJPEGShim_readPixels(decoder.handle, buffer.baseAddress, buffer.count)
        initialized = Int(status) == CJPEGShim_OK ? count : 0
      }
      try decoder.check(status)
      let bitmap = Bitmap(width: Int(width), height: Int(height), channels: 3, pixels: pixels)
      return DecodedImage(
        bitmap: bitmap, warnings: decoder.warnings(), iccProfile: Self.profile(header))
    }
  }

  /// Decodes row by row into `resizer`, with the smallest DCT scale M/8 whose output is at
  /// least `minimumSize` and, when scaled, without fancy upsampling (merged upsampling is
  /// faster and the difference vanishes in the downscale).
  static func stream(
    _ bytes: [UInt8], minimumSize: PixelSize, limits: ImageLimits, into resizer: StreamingResizer
  ) throws(ImagingError) -> StreamedDecode {
    try limits.checkFile(byteCount: bytes.count)
    let decoder = try Decoder()
    return try bytes.withUnsafeBufferPointer { (data) throws(ImagingError) -> StreamedDecode in
      let header = try decoder.readHeader(data)
      let sourceWidth = Int(header.width)
      let sourceHeight = Int(header.height)
      try limits.checkPixels(width: sourceWidth, height: sourceHeight)
      let eighths = (1...8).first { m in
        (sourceWidth * m + 7) / 8 >= minimumSize.width
          && (sourceHeight * m + 7) / 8 >= minimumSize.height
      }
      let scale = eighths ?? 8
      let options = JPEGDecodeOptions(scale: (scale, 8), fancyUpsampling: scale == 8)
      var shimOptions = shimOptions(options, limits: limits)
      var width: Int32 = 0
      var height: Int32 = 0
      try decoder.check(CJPEGShim_startDecode(decoder.handle, &shimOptions, &width, &height))
      resizer.begin(width: Int(width), height: Int(height), channels: 3)
      let batch = 16
      let rowBytes = Int(width) * 3
      let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: rowBytes * batch)
      defer { buffer.deallocate() }
      while true {
        var rows: Int32 = 0
        try decoder.check(
          CJPEGShim_readRows(decoder.handle, buffer.baseAddress, buffer.count, Int32(batch), &rows))
        guard rows > 0, let base = buffer.baseAddress else { break }
        resizer.consume(base, count: Int(rows))
      }
      try decoder.check(CJPEGShim_finishDecode(decoder.handle))
      return StreamedDecode(
        warnings: decoder.warnings(), iccProfile: Self.profile(header), decoderPeakBytes: 0,
        rowBufferBytes: buffer.count)
    }
  }

  private static func shimOptions(_ options: JPEGDecodeOptions, limits: ImageLimits)
    -> CJPEGShim_DecodeOptions
  {
    var shimOptions = CJPEGShim_DecodeOptions()
    if let scale = options.scale {
      shimOptions.scaleNum = Int32(clamping: scale.numerator)
      shimOptions.scaleDenom = Int32(clamping: scale.denominator)
    } else if let minimum = options.minimumSize {
      shimOptions.minWidth = Int32(clamping: minimum.width)
      shimOptions.minHeight = Int32(clamping: minimum.height)
    }
    shimOptions.disableFancyUpsampling = options.fancyUpsampling ? 0 : 1
    shimOptions.maxMemory = Int(clamping: limits.maxDecoderBytes)
    shimOptions.maxScans = Int32(clamping: limits.maxJPEGScans)
    return shimOptions
  }

  private static func profile(_ header: CJPEGShim_Header) -> [UInt8]? {
    guard let icc = header.icc, header.iccLength > 0 else { return nil }
    return Array(UnsafeBufferPointer(start: icc, count: header.iccLength))
  }

  /// Reads the header and EXIF orientation without decoding any scan.
  /// - Parameters:
  ///   - bytes: The JPEG file.
  ///   - limits: File size and pixel limits.
  /// - Returns: Stored size, colour model, progressive flag and EXIF orientation.
  /// - Throws: `ImagingError` for empty, oversized or unreadable input.
  public static func header(_ bytes: [UInt8], limits: ImageLimits = ImageLimits())
    throws(ImagingError) -> JPEGHeader
  {
    try limits.checkFile(byteCount: bytes.count)
    let decoder = try Decoder()
    return try bytes.withUnsafeBufferPointer { (data) throws(ImagingError) -> JPEGHeader in
      let header = try decoder.readHeader(data)
      try limits.checkPixels(width: Int(header.width), height: Int(header.height))
      var orientation = 1
      if let exif = header.exif, header.exifLength > 0 {
        let tiff = Array(UnsafeBufferPointer(start: exif, count: header.exifLength))
        orientation = EXIFOrientation.parse(tiff: tiff)
      }
      return JPEGHeader(
        width: Int(header.width), height: Int(header.height), components: Int(header.components),
        colorModel: colorModel(header.colorSpace), isProgressive: header.progressive != 0,
        orientation: orientation)
    }
  }

  static func inspect(_ bytes: [UInt8], limits: ImageLimits) throws(ImagingError) -> ImageInfo {
    let header = try header(bytes, limits: limits)
    return ImageInfo(
      format: .jpeg, width: header.width, height: header.height,
      orientation: header.orientation, hasAlpha: false)
  }

  private static func colorModel(_ space: Int32) -> JPEGHeader.ColorModel {
    switch Int(space) {
    case CJPEGShim_COLOR_GRAYSCALE: return .grayscale
    case CJPEGShim_COLOR_RGB: return .rgb
    case CJPEGShim_COLOR_YCBCR: return .ycbcr
    case CJPEGShim_COLOR_CMYK: return .cmyk
    case CJPEGShim_COLOR_YCCK: return .ycck
    default: return .unknown
    }
  }

  /// Encodes a bitmap as JPEG with optimized Huffman tables and no metadata besides JFIF.
  /// - Parameters:
  ///   - bitmap: RGB or RGBA pixels (alpha is ignored).
  ///   - quality: libjpeg quality, 1...100.
  ///   - progressive: Write a progressive JPEG (five spectral-selection scans, CJPEGShim).
  ///   - iccProfile: An ICC profile to embed in APP2 markers, or `nil` for none.
  /// - Returns: The JPEG file.
  /// - Throws: `ImagingError.invalidBitmap`, `.invalidQuality` or `.encodeFailed`.
  public static func encode(
    _ bitmap: Bitmap, quality: Int, progressive: Bool, iccProfile: [UInt8]? = nil
  ) throws(ImagingError) -> [UInt8] {
    try bitmap.validate()
    guard (1...100).contains(quality) else { throw .invalidQuality(quality) }
    var output: UnsafeMutablePointer<UInt8>? = nil
    var size = 0
    var message = [CChar](repeating: 0, count: 256)
    let profile = iccProfile ?? []
    let status = bitmap.pixels.withUnsafeBufferPointer { pixels in
      profile.withUnsafeBufferPointer { icc in
        message.withUnsafeMutableBufferPointer { text in
          CJPEGShim_encode(
            pixels.baseAddress, Int32(clamping: bitmap.width), Int32(clamping: bitmap.height),
            Int32(bitmap.channels), Int32(quality), progressive ? 1 : 0,
            icc.count > 0 ? icc.baseAddress : nil, icc.count, &output, &size, text.baseAddress,
            text.count)
        }
      }
    }
    guard Int(status) == CJPEGShim_OK, let output else {
      throw .encodeFailed(.jpeg, message: String(cBuffer: message))
    }
    defer { CJPEGShim_free(output) }
    return Array(UnsafeBufferPointer(start: output, count: size))
  }
}

extension JPEGCodec {
  /// Owns one `CJPEGShim_Decoder`; the shim keeps every longjmp inside C.
  fileprivate final class Decoder {
    let handle: OpaquePointer

    init() throws(ImagingError) {
      guard let handle = CJPEGShim_decoderCreate() else {
        throw .decodeFailed(.jpeg, message: "out of memory creating a decoder")
      }
      self.handle = handle
    }

    deinit { CJPEGShim_decoderDestroy(handle) }

    func readHeader(_ data: UnsafeBufferPointer<UInt8>) throws(ImagingError) -> CJPEGShim_Header {
      var header = CJPEGShim_Header()
      try check(CJPEGShim_readHeader(handle, data.baseAddress, data.count, &header))
      return header
    }

    func check(_ status: Int32) throws(ImagingError) {
      guard Int(status) != CJPEGShim_OK else { return }
      let message = String(shimText: { CJPEGShim_copyErrorMessage(handle, $0, $1) })
      throw .decodeFailed(
        .jpeg, message: message.isEmpty ? "decoder misuse (status \(status))" : message)
    }

    func warnings() -> [String] {
      let count = CJPEGShim_warningCount(handle)
      guard count > 0 else { return [] }
      let first = String(shimText: { CJPEGShim_copyFirstWarning(handle, $0, $1) })
      return ["\(first) (\(count) warnings)"]
    }
  }
}

extension String {
  /// Decodes a NUL-terminated C string held in a fixed buffer (UTF-8, invalid bytes repaired).
  init(cBuffer: [CChar]) {
    let bytes = cBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    self = String(decoding: bytes, as: UTF8.self)
  }

  /// The text a C shim copies into a 256-byte buffer (its error or first warning message).
  /// - Parameter copy: Calls the shim's copy function with the buffer and its size.
  init(shimText copy: (UnsafeMutablePointer<CChar>?, Int) -> Void) {
    var text = [CChar](repeating: 0, count: 256)
    text.withUnsafeMutableBufferPointer { copy($0.baseAddress, $0.count) }
    self.init(cBuffer: text)
  }
}

import CWebP

/// WebP encoding of variants, and decoding for checks, through libwebp (the only file that
/// imports `CWebP`).
///
/// libwebp reports errors by return codes, so no shim is needed: every handle is released
/// before a function returns.
public enum WebPCodec {
  /// Encodes `bitmap` as a lossy WebP (with a losslessly coded alpha plane for RGBA).
  /// - Parameters:
  ///   - bitmap: RGB or RGBA pixels.
  ///   - settings: Quality and method.
  /// - Returns: The `.webp` file's bytes (RIFF container).
  /// - Throws: `ImagingError.invalidBitmap` for an inconsistent bitmap,
  ///   `ImagingError.webpEncodeFailed` when libwebp refuses the settings or the picture.
  public static func encode(_ bitmap: Bitmap, settings: WebPSettings) throws(ImagingError)
    -> [UInt8]
  {
    try bitmap.validate()
    guard (0...100).contains(settings.quality), (0...6).contains(settings.method) else {
      throw .webpEncodeFailed(
        message: "quality \(settings.quality) or method \(settings.method) is out of range")
    }
    var config = WebPConfig()
    guard
      WebPConfigInitInternal(
        &config, WEBP_PRESET_PHOTO, Float(settings.quality), WEBP_ENCODER_ABI_VERSION) != 0
    else { throw .webpEncodeFailed(message: "libwebp version mismatch") }
    config.method = Int32(clamping: settings.method)
    config.thread_level = 0
    guard WebPValidateConfig(&config) != 0 else {
      throw .webpEncodeFailed(message: "libwebp refused the configuration")
    }
    var picture = WebPPicture()
    guard WebPPictureInitInternal(&picture, WEBP_ENCODER_ABI_VERSION) != 0 else {
      throw .webpEncodeFailed(message: "libwebp version mismatch")
    }
    defer { WebPPictureFree(&picture) }
    picture.width = Int32(clamping: bitmap.width)
    picture.height = Int32(clamping: bitmap.height)
    let stride = Int32(clamping: bitmap.width * bitmap.channels)
    let imported = bitmap.pixels.withUnsafeBufferPointer { pixels in
      bitmap.channels == 4
        ? WebPPictureImportRGBA(&picture, pixels.baseAddress, stride)
        : WebPPictureImportRGB(&picture, pixels.baseAddress, stride)
    }
    guard imported != 0 else {
      throw .webpEncodeFailed(message: message(for: picture.error_code))
    }
    var writer = WebPMemoryWriter()
    WebPMemoryWriterInit(&writer)
    defer { WebPMemoryWriterClear(&writer) }
    let encoded = withUnsafeMutablePointer(to: &writer) { writerPointer in
      picture.writer = WebPMemoryWrite
      picture.custom_ptr = UnsafeMutableRawPointer(writerPointer)
      return WebPEncode(&config, &picture)
    }
    guard encoded != 0, let memory = writer.mem else {
      throw .webpEncodeFailed(message: message(for: picture.error_code))
    }
    return Array(UnsafeBufferPointer(start: memory, count: writer.size))
  }

  /// Decodes a WebP file into RGB pixels, or RGBA when it has alpha.
  /// - Parameters:
  ///   - bytes: The `.webp` file.
  ///   - maxPixels: The most pixels accepted, checked from the header before decoding.
  /// - Returns: The pixels.
  /// - Throws: `ImagingError.webpDecodeFailed` when libwebp cannot read the data,
  ///   `ImagingError.tooManyPixels` when the header declares more than `maxPixels`.
  public static func decode(_ bytes: [UInt8], maxPixels: Int = ImageLimits.defaultMaxPixels)
    throws(ImagingError)
    -> Bitmap
  {
    var features = WebPBitstreamFeatures()
    let status = bytes.withUnsafeBufferPointer {
      WebPGetFeaturesInternal($0.baseAddress, $0.count, &features, WEBP_DECODER_ABI_VERSION)
    }
    guard status == VP8_STATUS_OK else {
      throw .webpDecodeFailed(message: "not a readable WebP header (status \(status.rawValue))")
    }
    let width = Int(features.width)
    let height = Int(features.height)
    guard width * height <= maxPixels else {
      throw .tooManyPixels(width: width, height: height, limit: maxPixels)
    }
    let channels = features.has_alpha != 0 ? 4 : 3
    var decodedWidth: Int32 = 0
    var decodedHeight: Int32 = 0
    let output = bytes.withUnsafeBufferPointer {
      channels == 4
        ? WebPDecodeRGBA($0.baseAddress, $0.count, &decodedWidth, &decodedHeight)
        : WebPDecodeRGB($0.baseAddress, $0.count, &decodedWidth, &decodedHeight)
    }
    guard let output else { throw .webpDecodeFailed(message: "libwebp could not decode the data") }
    defer { WebPFree(output) }
    let count = Int(decodedWidth) * Int(decodedHeight) * channels
    return Bitmap(
      width: Int(decodedWidth), height: Int(decodedHeight), channels: channels,
      pixels: Array(UnsafeBufferPointer(start: output, count: count)))
  }

  /// libwebp's error code as a sentence fragment.
  private static func message(for code: WebPEncodingError) -> String {
    switch code {
    case VP8_ENC_ERROR_OUT_OF_MEMORY, VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY: "out of memory"
    case VP8_ENC_ERROR_BAD_DIMENSION: "width or height is out of range"
    case VP8_ENC_ERROR_INVALID_CONFIGURATION: "invalid configuration"
    case VP8_ENC_ERROR_PARTITION0_OVERFLOW, VP8_ENC_ERROR_PARTITION_OVERFLOW:
      "a partition is too big"
    case VP8_ENC_ERROR_FILE_TOO_BIG: "the file would exceed 4 GiB"
    default: "libwebp error \(code.rawValue)"
    }
  }
}

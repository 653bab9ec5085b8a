/// Why an image could not be read, resized or written.
///
/// Each case carries the offending values.
public enum ImagingError: Error, Equatable, CustomStringConvertible {
  /// The input has zero bytes.
  case empty
  /// The input starts with neither the JPEG nor the PNG signature (up to 8 leading bytes kept).
  case notAnImage(firstBytes: [UInt8])
  /// The encoded input is larger than `ImageLimits.maxFileBytes`.
  case fileTooLarge(bytes: Int, limit: Int)
  /// The header declares more pixels than `ImageLimits.maxPixels`.
  case tooManyPixels(width: Int, height: Int, limit: Int)
  /// The header declares a side longer than `ImageLimits.maxSide`.
  case sideTooLong(width: Int, height: Int, limit: Int)
  /// The decoder (libjpeg or libpng) refused the data; `message` is its text.
  case decodeFailed(ImageFormat, message: String)
  /// The encoder (libjpeg or libpng) failed; `message` is its text.
  case encodeFailed(ImageFormat, message: String)
  /// A bitmap whose size, channel count and pixel buffer disagree.
  case invalidBitmap(width: Int, height: Int, channels: Int, byteCount: Int)
  /// A requested output size (thumbnail width, square side, crop) that is not positive.
  case invalidSize(Int)
  /// A thumbnail request with no sizes at all.
  case noSizesRequested
  /// A JPEG quality outside 1...100.
  case invalidQuality(Int)
  /// Little CMS could not build or write an ICC profile; `message` says which.
  case profileFailed(message: String)
  /// libwebp could not encode a WebP sibling; `message` is the reason.
  case webpEncodeFailed(message: String)
  /// libwebp could not decode WebP data; `message` is the reason.
  case webpDecodeFailed(message: String)

  /// A single sentence quoting the bad value.
  public var description: String {
    switch self {
    case .empty:
      return "the image data is empty (0 bytes)"
    case .notAnImage(let firstBytes):
      let hex = firstBytes.map { byte in
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
      }
      return "the data is neither JPEG nor PNG: it starts with '\(hex.joined(separator: " "))'"
    case .fileTooLarge(let bytes, let limit):
      return "the image file has \(bytes) bytes, more than the limit of \(limit) bytes"
    case .tooManyPixels(let width, let height, let limit):
      return "the image is \(width)x\(height) pixels, more than the limit of \(limit) pixels"
    case .sideTooLong(let width, let height, let limit):
      return
        "the image is \(width)x\(height) pixels, and its longer side is more than the limit of \(limit) pixels"
    case .decodeFailed(let format, let message):
      return "the \(format.rawValue.uppercased()) data could not be decoded: '\(message)'"
    case .encodeFailed(let format, let message):
      return "the \(format.rawValue.uppercased()) image could not be encoded: '\(message)'"
    case .invalidBitmap(let width, let height, let channels, let byteCount):
      return
        "the bitmap \(width)x\(height) with \(channels) channels has \(byteCount) bytes of pixels, which does not match"
    case .invalidSize(let size):
      return "the requested image size '\(size)' is not a positive number of pixels"
    case .noSizesRequested:
      return "no thumbnail sizes were requested"
    case .invalidQuality(let quality):
      return "the JPEG quality '\(quality)' is outside 1...100"
    case .profileFailed(let message):
      return "the ICC profile could not be made: '\(message)'"
    case .webpEncodeFailed(let message):
      return "the WebP image could not be encoded: '\(message)'"
    case .webpDecodeFailed(let message):
      return "the WebP data could not be decoded: '\(message)'"
    }
  }
}

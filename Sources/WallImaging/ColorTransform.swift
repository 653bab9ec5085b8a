import CLCMSShim

/// Converts pixels from an embedded ICC profile to sRGB with Little CMS 2 (the only file that
/// imports `CLCMS`).
///
/// Thumbnails are written untagged, which browsers show as sRGB, so sources tagged with another
/// RGB profile (Display P3, Adobe RGB) are converted, perceptual intent, alpha copied. Profiles
/// that describe sRGB itself, and non-RGB profiles (gray, CMYK), leave the pixels as stored.
final class ColorTransform {
  /// What to do with a source's profile.
  enum Plan {
    /// Convert with this transform.
    case convert(ColorTransform)
    /// Leave the pixels as they are (sRGB, non-RGB or no profile).
    case keep
    /// The profile could not be used; the pixels are kept and the reason is a warning.
    case unusable(String)
  }

  private let handle: OpaquePointer

  private init(handle: OpaquePointer) {
    self.handle = handle
  }

  deinit { CLCMS_transformDestroy(handle) }

  /// Decides how to treat pixels of `channels` (3 or 4) tagged with `profile`.
  static func plan(profile: [UInt8], channels: Int) -> Plan {
    var handle: OpaquePointer? = nil
    let status = profile.withUnsafeBufferPointer { buffer in
      CLCMS_transformCreate(buffer.baseAddress, buffer.count, Int32(channels), &handle)
    }
    switch Int(status) {
    case CLCMS_OK:
      guard let handle else { return .unusable("lcms2 returned no transform") }
      return .convert(ColorTransform(handle: handle))
    case CLCMS_IS_SRGB, CLCMS_NOT_RGB:
      return .keep
    case CLCMS_UNREADABLE:
      return .unusable("the embedded ICC profile (\(profile.count) bytes) is not readable")
    default:
      return .unusable("no conversion from the embedded ICC profile to sRGB (status \(status))")
    }
  }

  /// Converts every pixel of `bitmap` in place.
  func apply(to bitmap: inout Bitmap) {
    let count = bitmap.width * bitmap.height
    bitmap.pixels.withUnsafeMutableBufferPointer { buffer in
      CLCMS_transformPixels(handle, buffer.baseAddress, count)
    }
  }
}

/// ICC profiles made with Little CMS, for tagging test fixtures and outputs.
public enum ICCProfile {
  /// Display P3: DCI-P3 primaries, D65 white, the sRGB tone curve.
  public static func displayP3() throws(ImagingError) -> [UInt8] {
    try rgb(
      white: (0.3127, 0.3290), red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060),
      gamma: nil, description: "Display P3 (wallgen)")
  }

  /// Adobe RGB (1998): its primaries, D65 white, gamma 563/256.
  public static func adobeRGB() throws(ImagingError) -> [UInt8] {
    try rgb(
      white: (0.3127, 0.3290), red: (0.640, 0.330), green: (0.210, 0.710), blue: (0.150, 0.060),
      gamma: 563.0 / 256.0, description: "Adobe RGB (1998) compatible (wallgen)")
  }

  /// sRGB: the same profile lcms2 uses as the conversion target.
  public static func sRGB() throws(ImagingError) -> [UInt8] {
    try rgb(
      white: (0.3127, 0.3290), red: (0.640, 0.330), green: (0.300, 0.600), blue: (0.150, 0.060),
      gamma: nil, description: "sRGB (wallgen)")
  }

  /// An RGB matrix/TRC profile from chromaticities.
  /// - Parameters:
  ///   - white: White point xy.
  ///   - red: Red primary xy.
  ///   - green: Green primary xy.
  ///   - blue: Blue primary xy.
  ///   - gamma: A pure power tone curve, or `nil` for the sRGB curve.
  ///   - description: The profile description tag.
  /// - Returns: The ICC profile bytes.
  /// - Throws: `ImagingError.profileFailed` when lcms2 cannot build or serialize the profile.
  public static func rgb(
    white: (Double, Double), red: (Double, Double), green: (Double, Double),
    blue: (Double, Double), gamma: Double?, description: String
  ) throws(ImagingError) -> [UInt8] {
    func make(_ buffer: UnsafeMutablePointer<UInt8>?, _ length: inout Int) -> Int32 {
      CLCMS_makeRGBProfile(
        white.0, white.1, red.0, red.1, green.0, green.1, blue.0, blue.1, gamma ?? 0,
        description, buffer, &length)
    }
    var length = 0
    guard Int(make(nil, &length)) == CLCMS_OK, length > 0 else {
      throw .profileFailed(message: "lcms2 could not build '\(description)'")
    }
    var bytes = [UInt8](repeating: 0, count: length)
    let status = bytes.withUnsafeMutableBufferPointer { make($0.baseAddress, &length) }
    guard Int(status) == CLCMS_OK else {
      throw .profileFailed(message: "lcms2 could not write '\(description)'")
    }
    return Array(bytes.prefix(length))
  }
}

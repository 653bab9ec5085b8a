/// What a JPEG's markers say before any scan is decoded.
public struct JPEGHeader: Sendable, Equatable {
  /// The colour model of the stored samples (libjpeg's `jpeg_color_space`).
  public enum ColorModel: String, Sendable {
    /// One component.
    case grayscale
    /// RGB stored without a colour transform.
    case rgb
    /// The usual JFIF YCbCr.
    case ycbcr
    /// Four-component CMYK (usually Adobe, inverted).
    case cmyk
    /// YCCK, Adobe's transformed CMYK.
    case ycck
    /// Anything else libjpeg reports.
    case unknown
  }

  /// Stored width, before EXIF orientation.
  public var width: Int
  /// Stored height, before EXIF orientation.
  public var height: Int
  /// Number of colour components.
  public var components: Int
  /// The stored colour model.
  public var colorModel: ColorModel
  /// True for progressive (SOF2/SOF10) files.
  public var isProgressive: Bool
  /// EXIF orientation 1...8 (1 when absent or invalid).
  public var orientation: Int

  /// Creates a header description.
  /// - Parameters:
  ///   - width: Stored width.
  ///   - height: Stored height.
  ///   - components: Number of colour components.
  ///   - colorModel: The stored colour model.
  ///   - isProgressive: Whether the file is progressive.
  ///   - orientation: EXIF orientation 1...8.
  public init(
    width: Int, height: Int, components: Int, colorModel: ColorModel, isProgressive: Bool,
    orientation: Int
  ) {
    self.width = width
    self.height = height
    self.components = components
    self.colorModel = colorModel
    self.isProgressive = isProgressive
    self.orientation = orientation
  }
}

/// What an image header says, read without decoding pixels.
public struct ImageInfo: Sendable, Equatable {
  /// The sniffed format.
  public var format: ImageFormat
  /// Stored width, before EXIF orientation is applied.
  public var width: Int
  /// Stored height, before EXIF orientation is applied.
  public var height: Int
  /// EXIF orientation, 1...8 (1 when absent or invalid; always 1 for PNG).
  public var orientation: Int
  /// True when the image has an alpha channel or a tRNS chunk (PNG only).
  public var hasAlpha: Bool

  /// Creates image information.
  /// - Parameters:
  ///   - format: The sniffed format.
  ///   - width: Stored width.
  ///   - height: Stored height.
  ///   - orientation: EXIF orientation 1...8.
  ///   - hasAlpha: Whether the image may carry transparency.
  public init(format: ImageFormat, width: Int, height: Int, orientation: Int, hasAlpha: Bool) {
    self.format = format
    self.width = width
    self.height = height
    self.orientation = orientation
    self.hasAlpha = hasAlpha
  }

  /// Width as displayed, after EXIF orientation (orientations 5...8 swap the axes).
  public var displayWidth: Int { orientation >= 5 ? height : width }
  /// Height as displayed, after EXIF orientation.
  public var displayHeight: Int { orientation >= 5 ? width : height }
}

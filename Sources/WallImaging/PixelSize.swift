/// A width and height in pixels.
public struct PixelSize: Sendable, Hashable {
  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int

  /// Creates a size.
  /// - Parameters:
  ///   - width: Width in pixels.
  ///   - height: Height in pixels.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }
}

/// How WebP siblings of photo variants are encoded (lossy VP8, libwebp's photo preset).
///
/// The same settings and the same pixels always give the same bytes: libwebp is deterministic
/// when it encodes on one thread, which `thread_level = 0` asks for.
public struct WebPSettings: Sendable, Equatable {
  /// libwebp's lossy quality, 0...100.
  public var quality: Int
  /// libwebp's speed/size trade-off, from 0 (fastest) to 6 (smallest).
  public var method: Int

  /// The settings wallgen uses; docs/media.md gives the measurements behind them.
  public static let standard = WebPSettings(quality: 80, method: 4)

  /// Creates WebP settings.
  /// - Parameters:
  ///   - quality: libwebp's lossy quality, 0...100.
  ///   - method: libwebp's method, 0...6.
  public init(quality: Int, method: Int) {
    self.quality = quality
    self.method = method
  }

  /// The text a media key's recipe carries for these settings.
  public var recipe: String { "webp q\(quality) m\(method)" }
}

/// How `JPEGCodec` decodes: shrink-on-load (DCT scaling) and libjpeg's upsampling mode.
public struct JPEGDecodeOptions: Sendable, Equatable {
  /// The smallest acceptable output size for shrink-on-load.
  ///
  /// Decoding uses the smallest scale M/8 (M = 1...8) whose output is at least this size;
  /// `nil` decodes at full size. Ignored when `scale` is set.
  public var minimumSize: PixelSize?
  /// An explicit DCT scale `numerator/denominator` (libjpeg `scale_num/scale_denom`).
  public var scale: (numerator: Int, denominator: Int)? {
    get { scaleNumerator > 0 ? (scaleNumerator, scaleDenominator) : nil }
    set {
      scaleNumerator = newValue?.numerator ?? 0
      scaleDenominator = newValue?.denominator ?? 0
    }
  }
  /// libjpeg's `do_fancy_upsampling` (on by default; off matches `djpeg -nosmooth`).
  public var fancyUpsampling: Bool

  private var scaleNumerator = 0
  private var scaleDenominator = 0

  /// Creates decode options.
  /// - Parameters:
  ///   - minimumSize: The smallest acceptable output for shrink-on-load, or `nil` for full size.
  ///   - scale: An explicit DCT scale, overriding `minimumSize`.
  ///   - fancyUpsampling: libjpeg's `do_fancy_upsampling`.
  public init(
    minimumSize: PixelSize? = nil, scale: (numerator: Int, denominator: Int)? = nil,
    fancyUpsampling: Bool = true
  ) {
    self.minimumSize = minimumSize
    self.fancyUpsampling = fancyUpsampling
    self.scale = scale
  }
}

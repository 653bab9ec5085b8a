import WallKit

/// A picture drawn from a kind, a size and a seed.
///
/// The photos and profile pictures of the demo export. The same values always give the same pixels, on every system.
struct ProceduralPicture: Sendable, Equatable {
  /// What the picture shows.
  enum Kind: String, Sendable, CaseIterable {
    /// Layered hills against an evening sky with a low sun.
    case sunset
    /// Snow-capped ridges fading into haze under a blue sky with clouds.
    case mountains
    /// A dark sky with stars, a band of Milky Way, a crescent moon and a hill.
    case starryNight
    /// Rows of buildings with lit windows against a dusk sky.
    case skyline
    /// Square tiles with diamonds and dots, hand-painted look.
    case tiles
    /// Two sets of concentric rings whose colours interfere.
    case circles
    /// A round badge on a transparent background with a translucent halo (needs RGBA).
    case sticker
    /// An abstract head-and-shoulders portrait, for profile pictures.
    case portrait
  }

  /// What the picture shows.
  var kind: Kind
  /// Chooses the layout and palette within the kind.
  var seed: UInt64
  /// Whether to store it in shades of gray.
  var blackAndWhite = false

  /// Draws the picture at a size (RGBA for `.sticker`, RGB otherwise).
  func render(width: Int, height: Int) -> Bitmap {
    var dice = Dice(seed: seed)
    let (halfWidth, halfHeight) = ((width + 1) / 2, (height + 1) / 2)
    var canvas: Canvas
    switch kind {
    case .sunset:
      canvas = Self.sunset(width: halfWidth, height: halfHeight, dice: &dice)
        .doubled(width: width, height: height)
    case .mountains:
      canvas = Self.mountains(width: halfWidth, height: halfHeight, dice: &dice)
        .doubled(width: width, height: height)
    case .starryNight:
      canvas = Self.starryNight(width: halfWidth, height: halfHeight, dice: &dice)
        .doubled(width: width, height: height)
    case .skyline: canvas = Self.skyline(width: width, height: height, dice: &dice)
    case .tiles: canvas = Self.tiles(width: width, height: height, dice: &dice)
    case .circles: canvas = Self.circles(width: width, height: height, dice: &dice)
    case .sticker: canvas = Self.sticker(width: width, height: height, dice: &dice)
    case .portrait: canvas = Self.portrait(width: width, height: height, dice: &dice)
    }
    if kind.isPhotograph { canvas.addGrain(0.025, seed: dice.seed()) }
    if blackAndWhite { canvas.desaturate() }
    return canvas.bitmap
  }
}

extension ProceduralPicture.Kind {
  /// Landscapes and city views get film grain; patterns and portraits stay flat.
  var isPhotograph: Bool {
    switch self {
    case .sunset, .mountains, .starryNight, .skyline: true
    case .tiles, .circles, .sticker, .portrait: false
    }
  }
}

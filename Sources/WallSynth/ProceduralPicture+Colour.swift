import WallKit

extension ProceduralPicture {
  /// An RGB colour with components in 0...1 (values outside are clamped when stored).
  struct Colour: Sendable, Equatable {
    var red: Double
    var green: Double
    var blue: Double

    /// Creates a colour from components in 0...1.
    init(_ red: Double, _ green: Double, _ blue: Double) {
      self.red = red
      self.green = green
      self.blue = blue
    }

    /// Creates a colour from `0xRRGGBB`.
    init(hex: UInt32) {
      self.init(
        Double(hex >> 16 & 0xFF) / 255, Double(hex >> 8 & 0xFF) / 255, Double(hex & 0xFF) / 255)
    }

    /// The colour `t` of the way from `self` to `other` (t in 0...1).
    func mixed(with other: Colour, _ t: Double) -> Colour {
      Colour(
        red + (other.red - red) * t, green + (other.green - green) * t,
        blue + (other.blue - blue) * t)
    }

    /// The colour with `other` times `amount` added (light, glow).
    func adding(_ other: Colour, _ amount: Double) -> Colour {
      Colour(red + other.red * amount, green + other.green * amount, blue + other.blue * amount)
    }

    /// Every component multiplied by `factor` (shade below 1, brighten above).
    func scaled(_ factor: Double) -> Colour {
      Colour(red * factor, green * factor, blue * factor)
    }

    /// The Rec 601 luma, for black-and-white pictures.
    var luma: Double { 0.299 * red + 0.587 * green + 0.114 * blue }
  }

  /// A gradient through colour stops at increasing positions in 0...1.
  struct Gradient: Sendable {
    let stops: [(position: Double, colour: Colour)]

    /// Creates a gradient; `stops` must be sorted by position and not empty.
    init(_ stops: [(Double, Colour)]) {
      self.stops = stops.map { (position: $0.0, colour: $0.1) }
    }

    /// The colour at `t`, clamped to the first and last stops.
    func colour(at t: Double) -> Colour {
      guard let first = stops.first, let last = stops.last else { return Colour(0, 0, 0) }
      if t <= first.position { return first.colour }
      for index in 1..<stops.count where t <= stops[index].position {
        let low = stops[index - 1]
        let high = stops[index]
        let span = high.position - low.position
        return low.colour.mixed(with: high.colour, span > 0 ? (t - low.position) / span : 1)
      }
      return last.colour
    }
  }
}

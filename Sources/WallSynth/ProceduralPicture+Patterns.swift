import WallKit

extension ProceduralPicture {
  /// Palettes of flat colours for the patterns: background, two accents, a dark.
  private static let palettes: [[UInt32]] = [
    [0xF3E9D2, 0xC8553D, 0x2A7F7A, 0x1F3B5A],
    [0xF6F1E7, 0xE0A526, 0x3D6C8F, 0x7A2E3A],
    [0xEEF2F0, 0x5D8A66, 0xD98B5F, 0x2F3E46],
    [0xFBF4EC, 0x8E5BA8, 0xF2B134, 0x2D3047],
  ]

  /// Square tiles with a diamond, a dot and corner arcs: flat colours, hand-painted shading.
  static func tiles(width: Int, height: Int, dice: inout Dice) -> Canvas {
    let palette = ColourTable(hex: palettes[dice.below(palettes.count)])
    let size = Double(min(width, height)) / Double(5 + dice.below(5))
    let grout = Colour(hex: 0xB9B2A5)
    let tileSeed = dice.seed()
    var canvas = Canvas(width: width, height: height)
    canvas.paint { x, y in
      let (tx, ty) = (Int(Double(x) / size), Int(Double(y) / size))
      let u = (Double(x) - (Double(tx) + 0.5) * size) / (size / 2)
      let v = (Double(y) - (Double(ty) + 0.5) * size) / (size / 2)
      let (au, av) = (u.magnitude, v.magnitude)
      if au > 0.95 || av > 0.95 { return grout }
      let shade = 0.93 + 0.1 * Math.unit(tx, ty, tileSeed)
      let colour: Colour
      if u * u + v * v < 0.1 {
        colour = palette[3]
      } else if au + av < 0.8 {
        colour = palette[(tx + ty) % 2 == 0 ? 1 : 2]
      } else if (1 - au) * (1 - au) + (1 - av) * (1 - av) < 0.12 {
        colour = palette[3]
      } else {
        colour = palette[0]
      }
      return colour.scaled(shade)
    }
    return canvas
  }

  /// Two sets of concentric rings, one darkening the other: a moiré of flat colours.
  static func circles(width: Int, height: Int, dice: inout Dice) -> Canvas {
    let palette = ColourTable(hex: palettes[dice.below(palettes.count)])
    let h = Double(height)
    let first = (x: dice.between(0.2, 0.5) * Double(width), y: dice.between(0.3, 0.7) * h)
    let second = (x: dice.between(0.5, 0.8) * Double(width), y: dice.between(0.3, 0.7) * h)
    let (ring1, ring2) = (dice.between(0.025, 0.05) * h, dice.between(0.03, 0.06) * h)
    var canvas = Canvas(width: width, height: height)
    canvas.paint { x, y in
      let (fx, fy) = (Double(x), Double(y))
      let (dx1, dy1) = (fx - first.x, fy - first.y)
      let (dx2, dy2) = (fx - second.x, fy - second.y)
      let band1 = Int((dx1 * dx1 + dy1 * dy1).squareRoot() / ring1)
      let band2 = Int((dx2 * dx2 + dy2 * dy2).squareRoot() / ring2)
      let colour = palette[band1 % palette.count]
      return band2 % 2 == 1 ? colour.mixed(with: palette[3], 0.35) : colour
    }
    return canvas
  }

  /// A round badge of rings on a transparent background, with a translucent band inside and
  /// a halo whose opacity fades outwards (so alpha takes many values).
  static func sticker(width: Int, height: Int, dice: inout Dice) -> Canvas {
    let palette = ColourTable(hex: palettes[dice.below(palettes.count)])
    let centre = (x: Double(width) / 2, y: Double(height) / 2)
    let radius = Double(min(width, height)) * 0.36
    let halo = palette[1].mixed(with: Colour(1, 1, 1), 0.4)
    var canvas = Canvas(width: width, height: height, alpha: true)
    canvas.paint { x, y in
      let (dx, dy) = (Double(x) - centre.x, Double(y) - centre.y)
      let distance = (dx * dx + dy * dy).squareRoot()
      let d = distance / radius
      if d >= 1 {
        let fade = Math.clamp(1 - (d - 1) / 0.3)
        return (halo, 0.55 * fade * fade)
      }
      let edge = Math.clamp(radius - distance + 0.5)
      let colour = palette[Int(d * 7) % palette.count]
      let inBand = d > 0.55 && d < 0.68
      let opacity = inBand ? 0.3 + 0.4 * (d - 0.55) / 0.13 : 1
      return (colour, opacity * edge + 0.55 * (1 - edge))
    }
    return canvas
  }
}

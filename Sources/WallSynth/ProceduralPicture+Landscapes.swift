import WallKit

extension ProceduralPicture {
  /// Layered hills against an evening sky with a low sun and its glow.
  static func sunset(width: Int, height: Int, dice: inout Dice) -> Canvas {
    let palettes: [[UInt32]] = [
      [0x1D1F4E, 0x7B3F7A, 0xE0705A, 0xFBC46C],
      [0x16324F, 0x5B4B8A, 0xF08A5D, 0xFFD27F],
      [0x2A1845, 0x9B3D6B, 0xF3A25B, 0xFDE3A7],
    ]
    let hex = palettes[dice.below(palettes.count)]
    let sky = Gradient([
      (0, Colour(hex: hex[0])), (0.45, Colour(hex: hex[1])), (0.8, Colour(hex: hex[2])),
      (1, Colour(hex: hex[3])),
    ])
    let h = Double(height)
    let horizon = dice.between(0.55, 0.66) * h
    let sun = (x: dice.between(0.25, 0.75) * Double(width), y: horizon - dice.between(0.0, 0.1) * h)
    let sunRadius = h * dice.between(0.045, 0.07)
    let glow = Colour(hex: 0xFFC37A)
    let disc = Colour(hex: 0xFFF3D6)
    let night = Colour(hex: 0x120A1C)
    let ridges = (0..<3).map { index in
      Ridge.random(
        baseline: horizon / h + 0.04 + 0.12 * Double(index),
        amplitude: 0.12 - 0.025 * Double(index), peaked: false, dice: &dice
      ).rows(width: width, height: height)
    }
    let land = Table(count: 3 * width) { ridges[$0 / width][$0 % width] }
    let hills = ColourTable(count: 3) {
      Colour(hex: hex[1]).mixed(with: night, 0.45 + 0.25 * Double($0))
    }
    let skyRows = ColourTable(count: height) { sky.colour(at: Double($0) / horizon) }
    var canvas = Canvas(width: width, height: height)
    canvas.paint { x, y in
      let row = Double(y)
      var colour = skyRows[y]
      let dx = Double(x) - sun.x
      let dy = row - sun.y
      let distance2 = (dx * dx + dy * dy) / (sunRadius * sunRadius)
      colour = colour.adding(glow, 0.5 / (1 + distance2 * 0.3))
      if distance2 < 1.3 {
        colour = colour.mixed(
          with: disc, Math.clamp((1 - distance2.squareRoot()) * sunRadius + 0.5))
      }
      var layer = 0
      while layer < 3 {
        let edge = land[layer * width + x]
        let cover = Ridge.coverage(y, below: edge)
        if cover > 0 {
          let shade = 1 - 0.3 * Math.clamp((row - edge) / (0.35 * h))
          colour = colour.mixed(with: hills[layer].scaled(shade), cover)
        }
        layer += 1
      }
      return colour
    }
    return canvas
  }

  /// Snow-capped ridges fading into haze, clouds in a blue sky, forest in front.
  static func mountains(width: Int, height: Int, dice: inout Dice) -> Canvas {
    let h = Double(height)
    let horizon = dice.between(0.5, 0.6)
    let sky = Gradient([(0, Colour(hex: 0x3F74B8)), (1, Colour(hex: 0xD4E6F3))])
    let haze = Colour(hex: 0xC9D8E6)
    let white = Colour(1, 1, 1)
    let snow = Colour(hex: 0xF1F5FA)
    let specs: [(offset: Double, amplitude: Double, peaked: Bool, hex: UInt32)] = [
      (-0.02, 0.26, true, 0x8E9FB8), (0.08, 0.17, true, 0x6C849E),
      (0.22, 0.1, false, 0x4C6B52), (0.34, 0.06, false, 0x2B4530),
    ]
    let ridges = specs.map { spec in
      Ridge.random(
        baseline: horizon + spec.offset, amplitude: spec.amplitude, peaked: spec.peaked,
        dice: &dice
      ).rows(width: width, height: height)
    }
    let land = Table(count: specs.count * width) { ridges[$0 / width][$0 % width] }
    let colours = ColourTable(hex: specs.map(\.hex))
    let skyRows = ColourTable(count: height) { sky.colour(at: Double($0) / (horizon * h)) }
    let peak = ridges[0].min() ?? 0
    let snowline = peak + (horizon * h - peak) * dice.between(0.35, 0.5)
    let cloudSeed = dice.seed()
    let forestSeed = dice.seed()
    var canvas = Canvas(width: width, height: height)
    canvas.paint { x, y in
      let (fx, fy) = (Double(x), Double(y))
      var colour = skyRows[y]
      if fy < 0.45 * h {
        let cloud =
          Math.noise(fx / (0.3 * h), fy / (0.07 * h), cloudSeed) * 0.7
          + Math.noise(fx / (0.08 * h), fy / (0.03 * h), cloudSeed &+ 1) * 0.3
        let amount = Math.smoothstep(0.5, 0.78, cloud) * (1 - Math.smoothstep(0.2, 0.45, fy / h))
        colour = colour.mixed(with: white, amount * 0.9)
      }
      var depth = 0
      while depth < 4 {
        let edge = land[depth * width + x]
        let cover = Ridge.coverage(y, below: edge)
        if cover > 0 {
          var ground = colours[depth].scaled(1 - 0.25 * Math.clamp((fy - edge) / (0.4 * h)))
          if depth == 0 && fy < snowline + 0.015 * h * Math.sine(fx * 0.045) {
            ground = snow.scaled(0.92 + 0.08 * Math.clamp((snowline - fy) / (0.1 * h)))
          } else if depth >= 2 {
            let seed = forestSeed &+ UInt64(depth)
            ground = ground.scaled(0.8 + 0.35 * Math.noise(fx / 5, fy / 7, seed))
          }
          colour = colour.mixed(with: ground.mixed(with: haze, 0.25 - 0.08 * Double(depth)), cover)
        }
        depth += 1
      }
      return colour
    }
    return canvas
  }
}

import WallKit

extension ProceduralPicture {
  /// A night sky: stars, a band of Milky Way, a crescent moon, a hill with pine trees.
  static func starryNight(width: Int, height: Int, dice: inout Dice) -> Canvas {
    let (w, h) = (Double(width), Double(height))
    let horizon = dice.between(0.74, 0.84) * h
    let sky = Gradient([
      (0, Colour(hex: 0x03040C)), (0.6, Colour(hex: 0x0B1636)), (1, Colour(hex: 0x25406E)),
    ])
    let band = (start: dice.between(0, 0.5) * w, end: dice.between(0.5, 1) * w)
    let bandWidth = dice.between(0.06, 0.1) * h
    let (bandX, bandY) = (band.end - band.start, horizon)
    let bandLength = (bandX * bandX + bandY * bandY).squareRoot()
    let milky = Colour(hex: 0x9AA6D6)
    let hill = Ridge.random(
      baseline: horizon / h + 0.03, amplitude: 0.08, peaked: false, dice: &dice)
    var land = hill.rows(width: width, height: height)
    for _ in 0..<(6 + dice.below(8)) {
      let centre = dice.between(0, w)
      let (tall, half) = (dice.between(0.05, 0.12) * h, dice.between(0.012, 0.025) * h)
      let base = Int(centre.rounded())
      for x in stride(from: max(0, base - Int(half)), to: min(width, base + Int(half) + 1), by: 1) {
        let top = land[x] - tall * (1 - abs(Double(x) - centre) / half) + 0.02 * h
        land[x] = min(land[x], top)
      }
    }
    let ground = Table(count: width) { land[$0] }
    let skyRows = ColourTable(count: height) { sky.colour(at: Double($0) / horizon) }
    let starSeed = dice.seed()
    let silhouette = Colour(hex: 0x04060D)
    var canvas = Canvas(width: width, height: height)
    canvas.paint { x, y in
      let (fx, fy) = (Double(x), Double(y))
      var colour = skyRows[y]
      let across = ((fx - band.start) * bandY - fy * bandX) / bandLength
      let glow = 1 / (1 + (across * across) / (bandWidth * bandWidth))
      if glow > 0.05 {
        let clouds = 0.35 + 0.65 * Math.noise(fx / (0.04 * h), fy / (0.04 * h), starSeed &+ 1)
        colour = colour.adding(milky, glow * glow * clouds * 0.3)
      }
      let chance = Math.unit(x, y, starSeed)
      if chance < 0.0012 * (1 + 4 * glow * glow) {
        colour = colour.adding(Colour(1, 1, 0.95), 0.35 + 0.65 * Math.unit(y, x, starSeed))
      }
      return colour.mixed(with: silhouette, Ridge.coverage(y, below: ground[x]))
    }
    for _ in 0..<(18 + dice.below(12)) {
      let (x, y) = (dice.between(0, w), dice.between(0, horizon * 0.8))
      let tint = Colour(1, 0.95, 0.85).mixed(with: Colour(0.8, 0.88, 1), dice.unit())
      canvas.addLight(
        x: x, y: y, radius: dice.between(0.8, 1.8) * h / 800, colour: tint, strength: 0.9)
    }
    addMoon(
      to: &canvas, at: (dice.between(0.6, 0.85) * w, dice.between(0.12, 0.25) * h),
      radius: dice.between(0.035, 0.05) * h)
    return canvas
  }

  /// A crescent: a disc minus an offset disc, with a faint halo.
  private static func addMoon(to canvas: inout Canvas, at centre: (Double, Double), radius: Double)
  {
    let light = Colour(hex: 0xF4F1DC)
    canvas.addLight(x: centre.0, y: centre.1, radius: radius * 1.2, colour: light, strength: 0.12)
    let reach = Int(radius.rounded(.up)) + 2
    let (cx, cy) = (Int(centre.0), Int(centre.1))
    for y in stride(from: max(0, cy - reach), to: min(canvas.height, cy + reach), by: 1) {
      for x in stride(from: max(0, cx - reach), to: min(canvas.width, cx + reach), by: 1) {
        let (dx, dy) = (Double(x) - centre.0, Double(y) - centre.1)
        let inside = Math.clamp(radius - (dx * dx + dy * dy).squareRoot() + 0.5)
        let (sx, sy) = (dx - radius * 0.45, dy + radius * 0.2)
        let shadow = Math.clamp(radius * 0.95 - (sx * sx + sy * sy).squareRoot() + 0.5)
        let amount = inside * (1 - shadow)
        if amount > 0 { canvas.mix(x: x, y: y, with: light, amount) }
      }
    }
  }
}

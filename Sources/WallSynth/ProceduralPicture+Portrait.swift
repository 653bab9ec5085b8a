import WallKit

extension ProceduralPicture {
  /// A soft abstract portrait: head and shoulders on a pastel gradient, for profile pictures.
  static func portrait(width: Int, height: Int, dice: inout Dice) -> Canvas {
    let backgrounds: [(UInt32, UInt32)] = [
      (0xF6D6C9, 0xC9D6F6), (0xD7F0E3, 0xF3E3C3), (0xE8D9F2, 0xFCE1D6), (0xD5E8F2, 0xE6F2D5),
      (0xF2E6D5, 0xD5DFF2),
    ]
    let skins: [UInt32] = [0xF1C9A5, 0xD9A07B, 0xB07B55, 0x8A5A3C, 0xF5D6C0]
    let hairs: [UInt32] = [0x2B1D14, 0x5A3A22, 0xA0703A, 0xD8B56A, 0x1A1A1A, 0x8C8C8C]
    let clothes: [UInt32] = [0x3B6EA5, 0xA5443B, 0x4F8A5B, 0x6B4F8A, 0xD9A441, 0x3F4A5A]
    let background = backgrounds[dice.below(backgrounds.count)]
    let (from, to) = (Colour(hex: background.0), Colour(hex: background.1))
    let skin = Colour(hex: skins[dice.below(skins.count)])
    let hair = Colour(hex: hairs[dice.below(hairs.count)])
    let cloth = Colour(hex: clothes[dice.below(clothes.count)])
    let longHair = dice.below(2) == 0
    let s = Double(min(width, height))
    let centreX = Double(width) / 2 + dice.between(-0.04, 0.04) * s
    let head = (y: 0.42 * s, radius: dice.between(0.18, 0.21) * s)
    let diagonal = Double(width + height)
    var canvas = Canvas(width: width, height: height)
    canvas.paint { x, y in
      let (fx, fy) = (Double(x) + 0.5, Double(y) + 0.5)
      var colour = from.mixed(with: to, (fx + fy) / diagonal)
      let dx = fx - centreX
      let headDistance = (dx * dx + (fy - head.y) * (fy - head.y)).squareRoot()
      if longHair {
        let back = Math.clamp(head.radius * 1.2 - headDistance + 0.5)
        let below = fy > head.y ? Math.clamp((head.y + head.radius * 1.3 - fy) / 2) : 1
        colour = colour.mixed(with: hair.scaled(0.85), back * below)
      }
      let (ex, ey) = (dx / (0.42 * s), (fy - 1.02 * s) / (0.34 * s))
      let shoulders = Math.clamp((1 - (ex * ex + ey * ey).squareRoot()) * 0.34 * s + 0.5)
      colour = colour.mixed(with: cloth.scaled(1.05 - 0.2 * fy / s), shoulders)
      let neck = dx.magnitude < 0.07 * s && fy > head.y && fy < 0.8 * s ? 1.0 : 0
      colour = colour.mixed(with: skin.scaled(0.88), neck)
      let face = Math.clamp(head.radius - headDistance + 0.5)
      let light = 1.06 - 0.14 * (dx + fy - head.y) / head.radius
      colour = colour.mixed(with: skin.scaled(light), face)
      let cap = Math.clamp(head.radius * 1.06 - headDistance + 0.5)
      let above = Math.smoothstep(head.y - 0.2 * head.radius, head.y - 0.45 * head.radius, fy)
      return colour.mixed(with: hair, cap * above)
    }
    return canvas
  }
}

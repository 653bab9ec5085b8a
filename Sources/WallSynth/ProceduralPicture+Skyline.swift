import WallKit

extension ProceduralPicture {
  /// One building's outline in a row of buildings.
  private struct Building {
    var left: Int
    var top: Double
    var shade: Double
  }

  /// Buildings side by side across the width, each `widths` wide (a fraction of the height)
  /// and rising `heights` above the ground; returns, per column, the index of its building.
  private static func street(
    width: Int, height: Int, ground: Double, widths: ClosedRange<Double>,
    heights: ClosedRange<Double>, dice: inout Dice
  ) -> (buildings: [Building], column: [Int]) {
    var buildings: [Building] = []
    var column = [Int](repeating: 0, count: width)
    var x = -Int(dice.between(0, widths.upperBound) * Double(height))
    while x < width {
      let span = max(4, Int(dice.between(widths.lowerBound, widths.upperBound) * Double(height)))
      let top = ground - dice.between(heights.lowerBound, heights.upperBound) * Double(height)
      buildings.append(Building(left: x, top: top.rounded(), shade: dice.between(0.8, 1.2)))
      for c in stride(from: max(0, x), to: min(width, x + span), by: 1) {
        column[c] = buildings.count - 1
      }
      x += span
    }
    return (buildings, column)
  }

  /// Two rows of buildings with lit windows against a dusk sky.
  static func skyline(width: Int, height: Int, dice: inout Dice) -> Canvas {
    let h = Double(height)
    let ground = dice.between(0.88, 0.94) * h
    let sky = Gradient([
      (0, Colour(hex: 0x1B2A52)), (0.5, Colour(hex: 0x5A4A84)), (0.82, Colour(hex: 0xE58A6A)),
      (1, Colour(hex: 0xF7C07C)),
    ])
    let far = street(
      width: width, height: height, ground: ground, widths: 0.03...0.07, heights: 0.2...0.5,
      dice: &dice)
    let near = street(
      width: width, height: height, ground: ground, widths: 0.06...0.13, heights: 0.08...0.42,
      dice: &dice)
    let farColour = Colour(hex: 0x4A4470)
    let wall = Colour(hex: 0x1D2136)
    let windowDark = Colour(hex: 0x151A28)
    let lamp = Colour(hex: 0xFFD27A)
    let road = Colour(hex: 0x0D0F1C)
    let cell = (width: max(5, Int(0.018 * h)), height: max(7, Int(0.028 * h)))
    let lightSeed = dice.seed()
    let skyRows = ColourTable(count: height) { sky.colour(at: Double($0) / ground) }
    let backTop = Table(count: width) { far.buildings[far.column[$0]].top }
    let backShade = Table(count: width) { far.buildings[far.column[$0]].shade }
    let frontIndex = Table(count: width) { Double(near.column[$0]) }
    let frontLeft = Table(count: width) { Double(near.buildings[near.column[$0]].left) }
    let frontTop = Table(count: width) { near.buildings[near.column[$0]].top }
    let frontShade = Table(count: width) { near.buildings[near.column[$0]].shade }
    var canvas = Canvas(width: width, height: height)
    canvas.paint { x, y in
      let row = Double(y)
      if row >= ground { return road }
      let colour = skyRows[y].mixed(
        with: farColour.scaled(backShade[x]), Ridge.coverage(y, below: backTop[x]))
      let top = frontTop[x]
      guard row >= top else { return colour }
      let (left, first) = (Int(frontLeft[x]), Int(top))
      let (column, line) = ((x - left) / cell.width, (y - first) / cell.height)
      let (u, v) = ((x - left) % cell.width, (y - first) % cell.height)
      let isWindow =
        line >= 1 && u >= 2 && u < cell.width * 2 / 3 + 1 && v >= 2 && v < cell.height * 3 / 5
      guard isWindow else { return wall.scaled(frontShade[x]) }
      let light = Math.unit(Int(frontIndex[x]) * 64 + column, line, lightSeed)
      return light < 0.38 ? lamp.scaled(0.75 + light) : windowDark
    }
    return canvas
  }
}

import WallKit

extension ProceduralPicture {
  /// A line of hills: for each column, the row where the land begins.
  struct Ridge {
    /// One sine octave; `frequency` counts cycles per picture height, so the hills keep
    /// their shape in a panorama.
    struct Wave {
      var amplitude: Double
      var frequency: Double
      var phase: Double
    }

    /// The mean height of the land's edge, as a fraction of the picture height from the top.
    var baseline: Double
    var waves: [Wave]
    /// Sharp peaks and round valleys (mountains) instead of rolling hills.
    var peaked: Bool

    /// A ridge of five octaves, each about twice as fine and half as high as the last.
    static func random(baseline: Double, amplitude: Double, peaked: Bool, dice: inout Dice)
      -> Ridge
    {
      var waves: [Wave] = []
      var height = amplitude
      var frequency = dice.between(0.45, 0.8)
      for _ in 0..<5 {
        waves.append(
          Wave(
            amplitude: height * dice.between(0.6, 1), frequency: frequency,
            phase: dice.between(0, Math.twoPi)))
        height *= 0.5
        frequency *= dice.between(1.8, 2.3)
      }
      return Ridge(baseline: baseline, waves: waves, peaked: peaked)
    }

    /// The row, in pixels from the top, where the land begins in each column.
    func rows(width: Int, height: Int) -> [Double] {
      let scale = Double(height)
      return (0..<width).map { x in
        let u = Double(x) / scale
        var lift = 0.0
        for wave in waves {
          let s = Math.sine(Math.twoPi * wave.frequency * u + wave.phase)
          lift += wave.amplitude * (peaked ? 1 - abs(s) : (s + 1) / 2)
        }
        return (baseline - lift) * scale
      }
    }

    /// How much of pixel row `y` lies below the edge at `row` (0 above, 1 below, between at
    /// the edge, for smooth outlines).
    static func coverage(_ y: Int, below row: Double) -> Double {
      Math.clamp(Double(y) + 0.5 - row)
    }
  }
}

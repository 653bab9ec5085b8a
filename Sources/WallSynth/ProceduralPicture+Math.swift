import WallKit

extension ProceduralPicture {
  /// Platform-independent maths for drawing.
  ///
  /// Only IEEE-exact operations (+, −, ×, ÷, square root, rounding) are used, never the C
  /// library's `sin` or `exp`, whose last bits may differ between systems: the same seed must
  /// give the same pixels, and so the same files, everywhere.
  enum Math {
    static let twoPi = 6.283_185_307_179_586

    /// sin(x), by range reduction and an odd Taylor polynomial (error below 1e-7).
    static func sine(_ x: Double) -> Double {
      var t = x - (x / twoPi).rounded(.down) * twoPi
      if t >= Double.pi { t -= twoPi }
      if t > Double.pi / 2 {
        t = Double.pi - t
      } else if t < -Double.pi / 2 {
        t = -Double.pi - t
      }
      let t2 = t * t
      let tail = 1.0 / 362_880 + t2 * (-1.0 / 39_916_800)
      return t * (1 + t2 * (-1.0 / 6 + t2 * (1.0 / 120 + t2 * (-1.0 / 5040 + t2 * tail))))
    }

    /// `value` limited to 0...1.
    static func clamp(_ value: Double) -> Double {
      value < 0 ? 0 : (value > 1 ? 1 : value)
    }

    /// 0 below `edge0`, 1 above `edge1`, a smooth S-curve between.
    static func smoothstep(_ edge0: Double, _ edge1: Double, _ value: Double) -> Double {
      let t = clamp((value - edge0) / (edge1 - edge0))
      return t * t * (3 - 2 * t)
    }

    /// A well-mixed 64-bit hash of a lattice point (SplitMix64's finaliser).
    static func hash(_ x: Int, _ y: Int, _ seed: UInt64) -> UInt64 {
      var z = seed &+ UInt64(bitPattern: Int64(x)) &* 0x9E37_79B9_7F4A_7C15
      z = z &+ UInt64(bitPattern: Int64(y)) &* 0xC2B2_AE3D_27D4_EB4F
      z = (z ^ (z &>> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z &>> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z &>> 31)
    }

    /// A value in 0..<1 for a lattice point.
    static func unit(_ x: Int, _ y: Int, _ seed: UInt64) -> Double {
      Double(hash(x, y, seed) &>> 11) * 0x1p-53
    }

    /// Smooth value noise in 0...1 with features about one unit apart.
    static func noise(_ x: Double, _ y: Double, _ seed: UInt64) -> Double {
      let fx = x.rounded(.down)
      let fy = y.rounded(.down)
      let ix = Int(fx)
      let iy = Int(fy)
      let u = smoothstep(0, 1, x - fx)
      let v = smoothstep(0, 1, y - fy)
      let top = unit(ix, iy, seed) * (1 - u) + unit(ix + 1, iy, seed) * u
      let bottom = unit(ix, iy + 1, seed) * (1 - u) + unit(ix + 1, iy + 1, seed) * u
      return top * (1 - v) + bottom * v
    }
  }

  /// Picks drawing parameters from a `SeededRandom`, without the standard library's
  /// `random(in:)`, whose algorithm is not promised to stay the same between Swift versions.
  struct Dice {
    private var random: SeededRandom

    /// Creates dice from a seed.
    init(seed: UInt64) {
      random = SeededRandom(seed: seed)
    }

    /// A value in 0..<1.
    mutating func unit() -> Double {
      Double(random.next() >> 11) * 0x1p-53
    }

    /// A value in `low..<high`.
    mutating func between(_ low: Double, _ high: Double) -> Double {
      low + (high - low) * unit()
    }

    /// An integer in `0..<count` (`count` > 0).
    mutating func below(_ count: Int) -> Int {
      Int(random.next() % UInt64(max(1, count)))
    }

    /// A fresh seed for a sub-generator.
    mutating func seed() -> UInt64 {
      random.next()
    }
  }
}

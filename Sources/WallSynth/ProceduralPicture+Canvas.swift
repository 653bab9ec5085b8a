import WallKit

extension ProceduralPicture {
  /// An 8-bit RGB or RGBA pixel buffer that shaders paint into.
  struct Canvas {
    let width: Int
    let height: Int
    let channels: Int
    private(set) var pixels: [UInt8]

    /// Creates a black canvas (transparent when `alpha`).
    init(width: Int, height: Int, alpha: Bool = false) {
      self.width = width
      self.height = height
      channels = alpha ? 4 : 3
      pixels = [UInt8](repeating: 0, count: width * height * channels)
    }

    /// The canvas as a bitmap.
    var bitmap: Bitmap {
      Bitmap(width: width, height: height, channels: channels, pixels: pixels)
    }

    /// Sets every pixel to the shader's colour for (x, y), fully opaque.
    mutating func paint(_ shader: (Int, Int) -> Colour) {
      let (width, height, channels) = (self.width, self.height, self.channels)
      withPixels { base in
        var (index, y) = (0, 0)
        while y < height {
          var x = 0
          while x < width {
            let colour = shader(x, y)
            base[index] = Self.byte(colour.red)
            base[index + 1] = Self.byte(colour.green)
            base[index + 2] = Self.byte(colour.blue)
            if channels == 4 { base[index + 3] = 255 }
            index += channels
            x += 1
          }
          y += 1
        }
      }
    }

    /// Sets every pixel to the shader's colour and opacity (0...1) for (x, y).
    ///
    /// Fully transparent pixels are stored as zero bytes, so they compress well.
    mutating func paint(_ shader: (Int, Int) -> (Colour, Double)) {
      let (width, height, channels) = (self.width, self.height, self.channels)
      pixels.withUnsafeMutableBufferPointer { buffer in
        guard let base = buffer.baseAddress, buffer.count == width * height * channels else {
          return
        }
        var (index, y) = (0, 0)
        while y < height {
          var x = 0
          while x < width {
            let (colour, opacity) = shader(x, y)
            let alpha = Self.byte(opacity)
            let visible = channels == 3 || alpha > 0
            base[index] = visible ? Self.byte(colour.red) : 0
            base[index + 1] = visible ? Self.byte(colour.green) : 0
            base[index + 2] = visible ? Self.byte(colour.blue) : 0
            if channels == 4 { base[index + 3] = alpha }
            index += channels
            x += 1
          }
          y += 1
        }
      }
    }

    /// Runs `body` with the base address of the pixel buffer (for tight loops).
    mutating func withPixels(_ body: (UnsafeMutablePointer<UInt8>) -> Void) {
      pixels.withUnsafeMutableBufferPointer { buffer in
        if let base = buffer.baseAddress { body(base) }
      }
    }

    /// Adds film grain: the same small random offset to the three channels of each pixel,
    /// from a 128×128 tile of offsets (invisible repetition at this strength).
    mutating func addGrain(_ amount: Double, seed: UInt64) {
      let side = 128
      let tile = (0..<side * side).map { index in
        Int((Math.unit(index % side, index / side, seed) - 0.5) * amount * 255 + 256.5) - 256
      }
      let (width, height, channels) = (self.width, self.height, self.channels)
      tile.withUnsafeBufferPointer { offsets in
        guard let grain = offsets.baseAddress else { return }
        withPixels { base in
          let end = width * height * channels
          var (index, x, row) = (0, 0, 0)
          while index < end {
            let offset = grain[row + x % side]
            base[index] = Self.clamp(Int(base[index]) + offset)
            base[index + 1] = Self.clamp(Int(base[index + 1]) + offset)
            base[index + 2] = Self.clamp(Int(base[index + 2]) + offset)
            index += channels
            x += 1
            if x == width { (x, row) = (0, (row + side) % (side * side)) }
          }
        }
      }
    }

    /// Adds a soft round light (a star, a lamp) centred at (x, y), fading out at 4 radii.
    mutating func addLight(x: Double, y: Double, radius: Double, colour: Colour, strength: Double) {
      let reach = radius * 4
      let left = max(0, Int((x - reach).rounded(.down)))
      let right = min(width - 1, Int((x + reach).rounded(.up)))
      let top = max(0, Int((y - reach).rounded(.down)))
      let bottom = min(height - 1, Int((y + reach).rounded(.up)))
      guard left <= right, top <= bottom else { return }
      let floor = 1 / (1 + 16.0)
      for py in top...bottom {
        for px in left...right {
          let dx = Double(px) - x
          let dy = Double(py) - y
          let amount = strength * (1 / (1 + (dx * dx + dy * dy) / (radius * radius)) - floor)
          guard amount > 0 else { continue }
          let index = (py * width + px) * channels
          for (offset, component) in [colour.red, colour.green, colour.blue].enumerated() {
            let value = Int(pixels[index + offset]) + Int((component * amount * 255).rounded())
            pixels[index + offset] = UInt8(clamping: value)
          }
        }
      }
    }

    /// Moves one pixel's colour `amount` (0...1) of the way to `colour`.
    mutating func mix(x: Int, y: Int, with colour: Colour, _ amount: Double) {
      guard (0..<width).contains(x), (0..<height).contains(y) else { return }
      let index = (y * width + x) * channels
      let current = Colour(
        Double(pixels[index]) / 255, Double(pixels[index + 1]) / 255,
        Double(pixels[index + 2]) / 255)
      let mixed = current.mixed(with: colour, amount)
      pixels[index] = Self.byte(mixed.red)
      pixels[index + 1] = Self.byte(mixed.green)
      pixels[index + 2] = Self.byte(mixed.blue)
    }

    /// Replaces each pixel by its luma, for a black-and-white picture.
    mutating func desaturate() {
      let channels = self.channels
      pixels.withUnsafeMutableBufferPointer { buffer in
        var index = 0
        while index < buffer.count {
          let colour = Colour(
            Double(buffer[index]) / 255, Double(buffer[index + 1]) / 255,
            Double(buffer[index + 2]) / 255)
          let gray = Self.byte(colour.luma)
          buffer[index] = gray
          buffer[index + 1] = gray
          buffer[index + 2] = gray
          index += channels
        }
      }
    }

    /// An integer limited to 0...255, as a byte.
    static func clamp(_ value: Int) -> UInt8 {
      value < 0 ? 0 : (value > 255 ? 255 : UInt8(truncatingIfNeeded: value))
    }

    /// A component in 0...1 as a byte, rounded, clamped.
    static func byte(_ value: Double) -> UInt8 {
      let scaled = value * 255 + 0.5
      return scaled < 1 ? 0 : (scaled >= 255 ? 255 : UInt8(truncatingIfNeeded: Int(scaled)))
    }
  }
}

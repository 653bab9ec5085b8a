/// Downscales an image that arrives row by row, holding only a few rows at a time.
///
/// Each row goes through an optional box (area-average) pre-reduction by an integer factor,
/// chosen as in libvips so that the Lanczos-3 stage that follows still shrinks by at least 2,
/// then the Lanczos-3 horizontal pass into a ring of rows, from which output rows are made as
/// soon as the rows they need have arrived. Memory is a few rows of the source width plus the
/// output, whatever the source height. RGBA is filtered premultiplied, as in `Resampler`.
final class StreamingResizer {
  /// The output size.
  let target: PixelSize
  /// Whether to keep only the centred square of the source (for avatars).
  let centerSquare: Bool

  private(set) var channels = 3
  private var sourceRowBytes = 0
  private var crop = (x: 0, y: 0, width: 0, height: 0)
  private var box = (x: 1, y: 1)
  private var reducedWidth = 0
  /// The box output is the target size already: no Lanczos pass (its weights would be 1 and
  /// 0, up to rounding).
  private var identity = false
  private var horizontal = Resampler.Axis(source: 1, output: 1)
  private var vertical = Resampler.Axis(source: 1, output: 1)
  /// Sums of the box being accumulated, `reducedWidth * channels`.
  private var boxRow = UnsafeMutableBufferPointer<Float>(start: nil, count: 0)
  /// `vertical.taps` horizontally filtered rows, `target.width * channels` each.
  private var ring = UnsafeMutableBufferPointer<Float>(start: nil, count: 0)
  private var accumulator = UnsafeMutableBufferPointer<Float>(start: nil, count: 0)
  private var output: [UInt8] = []
  private var rowsInBox = 0
  private var sourceRow = 0
  private var reducedRow = 0
  private var nextOutput = 0

  /// Creates a resizer; `begin` gives it the source geometry.
  /// - Parameters:
  ///   - target: The output size (positive).
  ///   - centerSquare: Keep only the centred square of the source.
  init(target: PixelSize, centerSquare: Bool = false) {
    self.target = target
    self.centerSquare = centerSquare
  }

  deinit {
    boxRow.deallocate()
    ring.deallocate()
    accumulator.deallocate()
  }

  /// Sets the source size and channel count (3 or 4) before the first row.
  func begin(width: Int, height: Int, channels: Int) {
    self.channels = channels
    sourceRowBytes = width * channels
    if centerSquare {
      let side = min(width, height)
      crop = ((width - side) / 2, (height - side) / 2, side, side)
    } else {
      crop = (0, 0, width, height)
    }
    box.x = max(1, crop.width / max(1, target.width) / 2)
    box.y = max(1, crop.height / max(1, target.height) / 2)
    reducedWidth = (crop.width + box.x - 1) / box.x
    let reducedHeight = (crop.height + box.y - 1) / box.y
    identity = reducedWidth == target.width && reducedHeight == target.height
    // One spare pixel: `filterRow` reads four Floats from the last RGB pixel.
    boxRow = .allocate(capacity: (reducedWidth + 1) * channels)
    boxRow.initialize(repeating: 0)
    let rowLength = target.width * channels
    if !identity {
      horizontal = Resampler.Axis(source: reducedWidth, output: target.width)
      vertical = Resampler.Axis(source: reducedHeight, output: target.height)
      ring = .allocate(capacity: vertical.taps * rowLength)
      ring.initialize(repeating: 0)
      accumulator = .allocate(capacity: rowLength)
      accumulator.initialize(repeating: 0)
    }
    output = [UInt8](repeating: 0, count: rowLength * target.height)
  }

  /// The bytes this resizer allocated: box sums, ring, accumulator, output and both axes'
  /// weight tables.
  var bufferBytes: Int {
    let floats = boxRow.count + ring.count + accumulator.count
    let tables = [horizontal, vertical].reduce(0) { sum, axis in
      sum + axis.starts.count * MemoryLayout<Int>.stride
        + axis.weights.count * MemoryLayout<Float>.stride
    }
    return floats * MemoryLayout<Float>.stride + output.count + tables
  }

  /// Takes the next `count` packed source rows.
  func consume(_ rows: UnsafePointer<UInt8>, count: Int) {
    let rowBytes = sourceRowBytes
    for index in 0..<count {
      defer { sourceRow += 1 }
      let local = sourceRow - crop.y
      guard local >= 0, local < crop.height else { continue }
      addToBox(rows + index * rowBytes + crop.x * channels)
      rowsInBox += 1
      if rowsInBox == box.y || local == crop.height - 1 { finishBox() }
    }
  }

  /// The output, once every source row has been consumed.
  /// - Throws: `ImagingError.decodeFailed` when the decoder delivered fewer rows than needed.
  func finish(format: ImageFormat) throws(ImagingError) -> Bitmap {
    guard nextOutput == target.height else {
      throw .decodeFailed(format, message: "the image ended after \(sourceRow) rows")
    }
    return result()
  }

  /// The output as it stands (complete once every source row has been consumed).
  func result() -> Bitmap {
    Bitmap(width: target.width, height: target.height, channels: channels, pixels: output)
  }

  /// Adds one source row (already offset to the crop) to the box sums.
  private func addToBox(_ row: UnsafePointer<UInt8>) {
    guard let sums = boxRow.baseAddress else { return }
    let c = channels
    let step = box.x
    let width = crop.width
    if c == 3 {
      if step == 1 {
        for i in 0..<(width * 3) { sums[i] += Float(row[i]) }
        return
      }
      for bx in 0..<reducedWidth {
        let start = bx * step
        let end = min(start + step, width)
        var r: UInt32 = 0
        var g: UInt32 = 0
        var b: UInt32 = 0
        var pixel = row + start * 3
        for _ in start..<end {
          r &+= UInt32(pixel[0])
          g &+= UInt32(pixel[1])
          b &+= UInt32(pixel[2])
          pixel += 3
        }
        let target = sums + bx * 3
        target[0] += Float(r)
        target[1] += Float(g)
        target[2] += Float(b)
      }
      return
    }
    for bx in 0..<reducedWidth {
      let start = bx * step
      let end = min(start + step, width)
      var r: UInt32 = 0
      var g: UInt32 = 0
      var b: UInt32 = 0
      var a: UInt32 = 0
      var pixel = row + start * 4
      for _ in start..<end {
        let alpha = UInt32(pixel[3])
        r &+= UInt32(pixel[0]) &* alpha
        g &+= UInt32(pixel[1]) &* alpha
        b &+= UInt32(pixel[2]) &* alpha
        a &+= alpha
        pixel += 4
      }
      let target = sums + bx * 4
      target[0] += Float(r)
      target[1] += Float(g)
      target[2] += Float(b)
      target[3] += Float(a)
    }
  }

  /// Averages the finished box row, filters it horizontally into the ring and makes every
  /// output row whose source rows are now all present.
  private func finishBox() {
    guard let sums = boxRow.baseAddress else { return }
    let c = channels
    if box.x > 1 || rowsInBox > 1 {
      // Average (the last box of a row or column may be narrower).
      let rows = Float(rowsInBox)
      for bx in 0..<reducedWidth {
        let span = min(box.x, crop.width - bx * box.x)
        let scale = 1 / (Float(span) * rows)
        for ch in 0..<c { sums[bx * c + ch] *= scale }
      }
    }
    if identity {
      store(sums, row: reducedRow)
      boxRow.update(repeating: 0)
      rowsInBox = 0
      reducedRow += 1
      nextOutput = reducedRow
      return
    }
    guard let ringBase = ring.baseAddress, let acc = accumulator.baseAddress else { return }
    let rowLength = target.width * c
    let slot = ringBase + (reducedRow % vertical.taps) * rowLength
    filterRow(sums, into: slot)
    boxRow.update(repeating: 0)
    rowsInBox = 0
    // Output rows whose last source row has arrived.
    let taps = vertical.taps
    while nextOutput < target.height && vertical.starts[nextOutput] + taps - 1 <= reducedRow {
      let start = vertical.starts[nextOutput]
      accumulator.update(repeating: 0)
      vertical.weights.withUnsafeBufferPointer { weights in
        for tap in 0..<taps {
          let weight = weights[nextOutput * taps + tap]
          if weight == 0 { continue }
          let source = ringBase + ((start + tap) % taps) * rowLength
          Self.addScaled(source, weight, into: acc, count: rowLength)
        }
      }
      store(acc, row: nextOutput)
      nextOutput += 1
    }
    reducedRow += 1
  }

  /// The horizontal Lanczos-3 pass of one averaged row (premultiplied when RGBA).
  ///
  /// Each pixel's channels are summed as one `SIMD4<Float>`, lane by lane in tap order, so the
  /// sums are those of a scalar loop. For RGB the fourth lane is the next pixel's red (the row
  /// has a spare pixel at its end) and is never stored.
  private func filterRow(_ row: UnsafeMutablePointer<Float>, into out: UnsafeMutablePointer<Float>)
  {
    // RGBA box sums are premultiplied by alpha already (see `addToBox`).
    let c = channels
    let taps = horizontal.taps
    let width = target.width
    let stride = c * MemoryLayout<Float>.stride
    horizontal.weights.withUnsafeBufferPointer { weightBuffer in
      horizontal.starts.withUnsafeBufferPointer { startBuffer in
        guard let weights = weightBuffer.baseAddress, let starts = startBuffer.baseAddress else {
          return
        }
        for x in 0..<width {
          let w = weights + x * taps
          var pixel = UnsafeRawPointer(row + starts[x] * c)
          var sum = SIMD4<Float>(repeating: 0)
          for tap in 0..<taps {
            sum += pixel.loadUnaligned(as: SIMD4<Float>.self) * w[tap]
            pixel += stride
          }
          let target = out + x * c
          if c == 4 || x + 1 < width {
            // For RGB this also writes the next pixel's red, which its own turn overwrites.
            UnsafeMutableRawPointer(target).storeBytes(of: sum, as: SIMD4<Float>.self)
          } else {
            target[0] = sum[0]
            target[1] = sum[1]
            target[2] = sum[2]
          }
        }
      }
    }
  }

  /// `acc[i] += source[i] * weight` for `i` in `0..<count`, eight at a time.
  @inline(__always)
  private static func addScaled(
    _ source: UnsafePointer<Float>, _ weight: Float, into acc: UnsafeMutablePointer<Float>,
    count: Int
  ) {
    var i = 0
    let from = UnsafeRawPointer(source)
    let to = UnsafeMutableRawPointer(acc)
    let size = MemoryLayout<Float>.stride
    while i + 8 <= count {
      let sum =
        to.loadUnaligned(fromByteOffset: i * size, as: SIMD8<Float>.self)
        + from.loadUnaligned(fromByteOffset: i * size, as: SIMD8<Float>.self) * weight
      to.storeBytes(of: sum, toByteOffset: i * size, as: SIMD8<Float>.self)
      i += 8
    }
    while i < count {
      acc[i] += source[i] * weight
      i += 1
    }
  }

  /// Rounds one filtered output row into the 8-bit output (un-premultiplying RGBA).
  private func store(_ acc: UnsafeMutablePointer<Float>, row: Int) {
    let c = channels
    let rowLength = target.width * c
    output.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      let out = base + row * rowLength
      if c == 3 {
        for i in 0..<rowLength { out[i] = Self.clamp(acc[i]) }
        return
      }
      for x in 0..<target.width {
        let pixel = acc + x * 4
        let alpha = min(255, max(0, pixel[3]))
        let scale: Float = alpha > 0 ? 1 / alpha : 0
        out[x * 4] = Self.clamp(pixel[0] * scale)
        out[x * 4 + 1] = Self.clamp(pixel[1] * scale)
        out[x * 4 + 2] = Self.clamp(pixel[2] * scale)
        out[x * 4 + 3] = Self.clamp(alpha)
      }
    }
  }

  @inline(__always)
  private static func clamp(_ value: Float) -> UInt8 {
    UInt8(min(255, max(0, value + 0.5)))
  }
}

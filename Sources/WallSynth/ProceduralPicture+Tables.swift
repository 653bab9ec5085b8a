import WallKit

extension ProceduralPicture {
  /// Numbers read in the pixel loops (a ridge's row per column, say).
  ///
  /// Array subscripts are generic calls in debug builds, slow enough to make the demo's
  /// generation (and so its tests) take minutes; a raw pointer subscript is inlined even there.
  final class Table {
    /// The number of values.
    let count: Int
    private let storage: UnsafeMutablePointer<Double>

    /// Creates a table of `count` values computed once from their index.
    init(count: Int, _ value: (Int) -> Double) {
      self.count = count
      storage = UnsafeMutablePointer<Double>.allocate(capacity: count)
      for index in 0..<count { (storage + index).initialize(to: value(index)) }
    }

    deinit { storage.deallocate() }

    /// The value at `index` (0..<count).
    subscript(index: Int) -> Double {
      precondition(index >= 0 && index < count, "table index out of range")
      return storage[index]
    }
  }

  /// Colours read in the pixel loops (a palette, a gradient per row); see `Table`.
  final class ColourTable {
    /// The number of colours.
    let count: Int
    private let storage: UnsafeMutablePointer<Colour>

    /// Creates a table of `count` colours computed once from their index.
    init(count: Int, _ value: (Int) -> Colour) {
      self.count = count
      storage = UnsafeMutablePointer<Colour>.allocate(capacity: count)
      for index in 0..<count { (storage + index).initialize(to: value(index)) }
    }

    /// Creates a palette from `0xRRGGBB` values.
    convenience init(hex: [UInt32]) {
      self.init(count: hex.count) { Colour(hex: hex[$0]) }
    }

    deinit { storage.deallocate() }

    /// The colour at `index` (0..<count).
    subscript(index: Int) -> Colour {
      precondition(index >= 0 && index < count, "colour table index out of range")
      return storage[index]
    }
  }
}

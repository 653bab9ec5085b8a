import Testing
import WallSupport
import WallSynth

@Suite("A small number table answers as a Dictionary would, through growth and collisions")
struct SmallNumberTableTests {
  @Test(
    "random keys, repeated keys and the extremes give what a Dictionary gives",
    arguments: [0, 3, 100, 5_000])
  func likeADictionary(capacity: Int) {
    var random = SeededRandom(seed: UInt64(capacity) + 1)
    var table = SmallNumberTable(capacity: capacity)
    var reference: [Int32: Int32] = [:]
    // Small keys collide often; a few large ones test the high bits.
    let keys: [Int32] =
      (0..<3_000).map { _ in Int32.random(in: 0..<2_000, using: &random) }
      + [0, Int32.max, Int32.max - 1, 1 << 30]
    for (number, key) in keys.enumerated() {
      let value = Int32(number)
      let inserted = table.insertIfAbsent(key, value: value)
      #expect(inserted == (reference[key] == nil), "key \(key)")
      if reference[key] == nil { reference[key] = value }
    }
    #expect(table.count == reference.count)
    for key: Int32 in 0..<2_100 { #expect(table[key] == reference[key], "key \(key)") }
    for key: Int32 in [.max, .max - 1, 1 << 30, 1 << 30 + 1] {
      #expect(table[key] == reference[key], "key \(key)")
    }
  }
}

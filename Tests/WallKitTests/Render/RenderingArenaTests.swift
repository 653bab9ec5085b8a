import Testing

@testable import WallRender

@Suite("A rendering arena keeps each rendering's bytes where it put them, in blocks")
struct RenderingArenaTests {
  /// Sizes from empty to several blocks, in an order that leaves block ends unused.
  static let sizes =
    [0, 1, 63, 64, 1_000, 65_536, 65_537, 200_000, 300_000, 17, 60_000]
    + Array(repeating: 50_000, count: 12) + [RenderingArena.blockBytes * 2, 5]

  @Test("each rendering reads back as stored; block ends left unused are what cost(of:) said")
  func storesAndCharges() {
    var arena = RenderingArena()
    defer { arena.deallocate() }
    var stored: [(UnsafeRawPointer?, [UInt8])] = []
    var charged = 0
    for (number, size) in Self.sizes.enumerated() {
      let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ number) }
      let cost = arena.cost(of: size)
      let wasted = arena.wasted
      stored.append((bytes.withUnsafeBytes { arena.store($0) }, bytes))
      #expect(arena.wasted - wasted == cost - size, "rendering \(number) of \(size) bytes")
      #expect(arena.wasted - wasted < RenderingArena.blockBytes / 4)
      charged += cost
    }
    #expect(arena.wasted > 0, "the sizes leave some block ends unused")
    #expect(charged == Self.sizes.reduce(0, +) + arena.wasted)
    for (number, (place, bytes)) in stored.enumerated() {
      let read = Array(UnsafeRawBufferPointer(start: place, count: bytes.count))
      #expect(read == bytes, "rendering \(number)")
      #expect((place == nil) == bytes.isEmpty)
    }
  }
}

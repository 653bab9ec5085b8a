/// The memory a `FragmentMemo` keeps its renderings in: large blocks, filled one rendering after
/// another, that never move and are freed only with the memo (``deallocate()``).
///
/// A rendering kept in an array of its own costs an allocation, the array's header, and a
/// reference count taken and dropped each time it is reused. In a block, it costs its bytes, and
/// its place is a plain pointer: a memo of 200,000 cards holds 200,000 fewer objects, and
/// reusing one copies no reference.
///
/// A rendering larger than a quarter of a block gets a block of its own, so the end of a block
/// left unused when the next one begins (``wasted``) is less than a quarter of it.
struct RenderingArena: @unchecked Sendable {
  /// The bytes of a block.
  static let blockBytes = 256 << 10

  private var blocks: [UnsafeMutableRawPointer] = []
  /// The unused end of the block being filled.
  private var tail = UnsafeMutableRawBufferPointer(start: nil, count: 0)
  /// The bytes at the ends of blocks left unused, because the next rendering did not fit.
  private(set) var wasted = 0

  /// What keeping `count` bytes costs: the bytes, and the end of the block being filled when
  /// they do not fit in it.
  func cost(of count: Int) -> Int {
    count <= tail.count || count > Self.blockBytes / 4 ? count : count + tail.count
  }

  /// Copies `bytes` into the arena; the copy stays at that address until ``deallocate()``.
  mutating func store(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawPointer? {
    guard let source = bytes.baseAddress, !bytes.isEmpty else { return nil }
    if bytes.count > Self.blockBytes / 4 {
      let block = UnsafeMutableRawPointer.allocate(byteCount: bytes.count, alignment: 16)
      blocks.append(block)
      block.copyMemory(from: source, byteCount: bytes.count)
      return UnsafeRawPointer(block)
    }
    if bytes.count > tail.count {
      wasted += tail.count
      let block = UnsafeMutableRawPointer.allocate(byteCount: Self.blockBytes, alignment: 16)
      blocks.append(block)
      tail = UnsafeMutableRawBufferPointer(start: block, count: Self.blockBytes)
    }
    guard let start = tail.baseAddress else { return nil }
    start.copyMemory(from: source, byteCount: bytes.count)
    tail = UnsafeMutableRawBufferPointer(rebasing: tail[bytes.count...])
    return UnsafeRawPointer(start)
  }

  /// Frees every block; no rendering stored may be read after.
  func deallocate() {
    for block in blocks { block.deallocate() }
  }
}

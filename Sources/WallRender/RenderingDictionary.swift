import CLZ4

/// Compresses the renderings of one template section against renderings of it made earlier,
/// with LZ4 (Debian's liblz4), so that a `FragmentMemo` holds several times as many in memory.
///
/// Cards differ from one another in their names, dates and paths; the markup around them is the
/// same. On their own, LZ4 halves a 2 KB card; against a dictionary of the first few cards of the
/// same section it shrinks one to a fifth, and it restores one in about half a microsecond.
///
/// The dictionary is fixed when made, and immutable: a rendering compressed against it is
/// restored against the very same bytes. It is safe to share between threads.
///
/// It is a value that points to memory its owner frees (``deallocate()``, which the memo
/// calls when it goes), not an object: copying one takes no reference count, on the path that
/// restores millions of renderings a build.
struct RenderingDictionary: @unchecked Sendable {
  /// The dictionary's bytes, at a fixed address for LZ4 (`LZ4_loadDict` keeps a pointer).
  private let bytes: UnsafeMutableRawBufferPointer
  /// LZ4's state with the dictionary loaded: each compression starts from a copy of it, which is
  /// what lz4.h suggests instead of loading the dictionary every time.
  private let loaded: UnsafeMutablePointer<LZ4_stream_t>

  /// The most bytes of a dictionary that LZ4 can refer back to.
  static let byteLimit = 64 << 10
  /// The bytes of LZ4's state, which each dictionary keeps loaded.
  static let stateBytes = MemoryLayout<LZ4_stream_t>.size

  /// A dictionary of `source`'s last `byteLimit` bytes; nil when `source` is empty.
  init?(_ source: [UInt8]) {
    let kept = source.suffix(Self.byteLimit)
    guard !kept.isEmpty else { return nil }
    bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: kept.count, alignment: 16)
    bytes.copyBytes(from: kept)
    loaded = UnsafeMutablePointer<LZ4_stream_t>.allocate(capacity: 1)
    LZ4_initStream(loaded, MemoryLayout<LZ4_stream_t>.size)
    LZ4_loadDict(loaded, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(kept.count))
  }

  /// Frees the dictionary's memory; neither it nor a copy of it may be used after.
  func deallocate() {
    loaded.deallocate()
    bytes.deallocate()
  }

  /// The memory the dictionary takes: its bytes and LZ4's state.
  var memoryBytes: Int { bytes.count + Self.stateBytes }

  /// `rendering` compressed against the dictionary, or nil when that would not make it smaller
  /// (or it is too large for LZ4).
  func compress(_ rendering: [UInt8]) -> [UInt8]? {
    guard rendering.count < Int(Int32.max) / 2 else { return nil }
    let capacity = Int(LZ4_compressBound(Int32(rendering.count)))
    var working = loaded.pointee
    // Into a scratch buffer of LZ4's bound, then copied out at the size it took.
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { output in
      let count = rendering.withUnsafeBytes { input in
        Int(
          LZ4_compress_fast_continue(
            &working, input.baseAddress?.assumingMemoryBound(to: CChar.self),
            UnsafeMutableRawPointer(output.baseAddress)?.assumingMemoryBound(to: CChar.self),
            Int32(input.count), Int32(capacity), 1))
      }
      guard count > 0, count < rendering.count else { return nil }
      return Array(UnsafeBufferPointer(rebasing: output[..<count]))
    }
  }

  /// Restores into `output` a rendering of `output.count` bytes that `compress` made; false when
  /// `compressed` does not restore to exactly that many.
  func decompress(
    _ compressed: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer
  ) -> Bool {
    let restored = LZ4_decompress_safe_usingDict(
      compressed.baseAddress?.assumingMemoryBound(to: CChar.self),
      output.baseAddress?.assumingMemoryBound(to: CChar.self),
      Int32(compressed.count), Int32(output.count),
      bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count))
    return Int(restored) == output.count
  }
}

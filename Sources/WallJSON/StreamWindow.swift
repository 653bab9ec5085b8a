#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The refill of a window over a stream of bytes, which a scanner reads from `start` to `end`:
/// the one of `JSONRowScanner` and `JSONLineScanner`.
enum StreamWindow {
  /// Moves the unread bytes (`start..<end`) to the front of `window`, grows it when they fill
  /// it (doubling, up to `largest` bytes), and reads more after them.
  /// - Parameters:
  ///   - atEnd: Set when `read` gives 0 bytes; then nothing more is read.
  ///   - read: Reads the stream's next bytes into a buffer; 0 only at its end.
  /// - Returns: The range of `window` that was read; nil when nothing was (the stream ended,
  ///   or the window is full at its largest).
  /// - Throws: What `read` throws.
  static func refill<Failure: Error>(
    _ window: inout [UInt8], start: inout Int, end: inout Int, atEnd: inout Bool, largest: Int,
    _ read: (UnsafeMutableRawBufferPointer) throws(Failure) -> Int
  ) throws(Failure) -> Range<Int>? {
    guard !atEnd else { return nil }
    if start > 0 {
      let (from, count) = (start, end - start)
      window.withUnsafeMutableBytes { bytes in
        guard let base = bytes.baseAddress, count > 0 else { return }
        memmove(base, base + from, count)
      }
      (start, end) = (0, count)
    }
    if end == window.count {
      guard window.count < largest else { return nil }
      window += [UInt8](repeating: 0, count: min(window.count, largest - window.count))
    }
    let offset = end
    var outcome = Result<Int, Failure>.success(0)
    window.withUnsafeMutableBytes { bytes in
      do throws(Failure) {
        outcome = .success(try read(UnsafeMutableRawBufferPointer(rebasing: bytes[offset...])))
      } catch {
        outcome = .failure(error)
      }
    }
    let count = try outcome.get()
    guard count > 0 else {
      atEnd = true
      return nil
    }
    end += count
    return offset..<end
  }
}

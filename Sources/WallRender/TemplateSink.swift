/// Where a render puts its text as it goes, a chunk at a time, instead of returning it whole.
///
/// A page with a list of thousands of elements (the photo grid of a wall with thousands of
/// friends) would otherwise be held whole, and so would everything it grows through. With a
/// sink, the renderer hands over the text so far whenever it reaches ``chunkSize`` bytes between
/// two list elements; the render's result is then only what is left. What the sink is given
/// and what the render returns, in that order, are the bytes the render would have returned.
public struct TemplateSink {
  /// How much text a render holds before it gives it to its sink: 1 MiB.
  public static let chunkSize = 1 << 20

  /// Takes the next chunk of text, as UTF-8.
  let take: ([UInt8]) -> Void

  /// A sink that gives each chunk to `take`.
  /// - Parameter take: Called with each chunk in order; it must copy what it keeps.
  public init(_ take: @escaping ([UInt8]) -> Void) {
    self.take = take
  }
}

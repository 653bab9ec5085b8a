/// Part of an open file sent as a response body, read and sent one chunk at a time, so a
/// response never holds more than a chunk of a file however large the file.
public struct FileRegion: Sendable, Equatable {
  /// The largest chunk read at once, in bytes.
  public static let chunkSize = 64 * 1024

  let file: ServedFile
  /// Where the bytes start in the file.
  public let offset: Int
  /// How many bytes are sent.
  public let length: Int

  /// Calls `send` with each chunk in order (at most `chunkSize` bytes, in one reused buffer)
  /// until all `length` bytes are sent; false when the file could not be read that far (it
  /// shrank, or a read failed) or `send` returned false.
  /// - Parameter chunkSize: the chunk size, `FileRegion.chunkSize` unless a test asks for less.
  public func forEachChunk(
    chunkSize: Int = FileRegion.chunkSize, _ send: (ArraySlice<UInt8>) -> Bool
  ) -> Bool {
    var buffer = [UInt8](repeating: 0, count: max(1, min(chunkSize, length)))
    var done = 0
    while done < length {
      guard let count = file.read(at: offset + done, count: length - done, into: &buffer),
        count > 0
      else { return false }
      guard send(buffer[..<count]) else { return false }
      done += count
    }
    return true
  }

  public static func == (lhs: FileRegion, rhs: FileRegion) -> Bool {
    lhs.file === rhs.file && lhs.offset == rhs.offset && lhs.length == rhs.length
  }
}

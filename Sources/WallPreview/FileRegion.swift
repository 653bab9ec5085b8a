/// Part of an open file as served, read and sent a piece at a time, so a response never holds
/// more than a chunk of a file however large the file.
///
/// What is served may be the file with bytes inserted at one place (the live-reload script in
/// an HTML page): `offset` and `length` then count in the content as served, script included,
/// so that ranges of a page are ranges of what GET sends.
public struct FileRegion: Sendable, Equatable {
  /// The largest chunk read at once, in bytes.
  public static let chunkSize = 64 * 1024

  /// A run of the content: bytes of the file, or inserted bytes.
  enum Piece: Equatable {
    /// `count` bytes of the file from `offset` (a position in the file).
    case file(offset: Int, count: Int)
    /// Inserted bytes.
    case bytes(ArraySlice<UInt8>)
  }

  let file: ServedFile
  /// The bytes inserted, and the file position they go before.
  private let inserted: [UInt8]
  private let insertedAt: Int
  /// Where the bytes start in the content as served.
  public let offset: Int
  /// How many bytes are sent.
  public let length: Int

  /// `length` bytes from `offset` of `file` served with `inserted` put before the file's byte
  /// at `insertedAt` (positions count in the content as served).
  init(file: ServedFile, offset: Int, length: Int, inserting inserted: [UInt8] = [], at: Int = 0) {
    self.file = file
    self.offset = offset
    self.length = length
    self.inserted = inserted
    self.insertedAt = inserted.isEmpty ? 0 : at
  }

  /// The run of content that starts `done` bytes into the region, at most `limit` bytes.
  func piece(at done: Int, limit: Int) -> Piece {
    let position = offset + done
    let left = min(limit, length - done)
    guard !inserted.isEmpty else { return .file(offset: position, count: left) }
    if position < insertedAt {
      return .file(offset: position, count: min(left, insertedAt - position))
    }
    let start = position - insertedAt
    if start < inserted.count {
      return .bytes(inserted[start..<min(inserted.count, start + left)])
    }
    return .file(offset: position - inserted.count, count: left)
  }

  /// Calls `send` with each chunk in order (at most `chunkSize` bytes, file bytes read into one
  /// reused buffer) until all `length` bytes are sent; false when the file could not be read
  /// that far (it shrank, or a read failed) or `send` returned false.
  /// - Parameter chunkSize: the chunk size, `FileRegion.chunkSize` unless a test asks for less.
  public func forEachChunk(
    chunkSize: Int = FileRegion.chunkSize, _ send: (ArraySlice<UInt8>) -> Bool
  ) -> Bool {
    var buffer: [UInt8] = []
    var done = 0
    while done < length {
      switch piece(at: done, limit: max(1, chunkSize)) {
      case .bytes(let bytes):
        guard send(bytes) else { return false }
        done += bytes.count
      case .file(let position, let count):
        if buffer.isEmpty { buffer = [UInt8](repeating: 0, count: max(1, min(chunkSize, length))) }
        guard let read = file.read(at: position, count: count, into: &buffer), read > 0 else {
          return false
        }
        guard send(buffer[..<read]) else { return false }
        done += read
      }
    }
    return true
  }

  /// Sends what the socket takes now of the region, from `done` bytes into it: file bytes
  /// with `sendfile` (through no buffer of ours), inserted bytes from memory.
  func send(to socket: Int32, from done: Int) -> PreviewSocket.Transfer {
    switch piece(at: done, limit: 1 << 22) {
    case .bytes(let bytes):
      return PreviewSocket.send(socket, bytes, more: done + bytes.count < length)
    case .file(let position, let count):
      return PreviewSocket.sendFile(socket, from: file.descriptor, offset: position, count: count)
    }
  }

  public static func == (lhs: FileRegion, rhs: FileRegion) -> Bool {
    lhs.file === rhs.file && lhs.offset == rhs.offset && lhs.length == rhs.length
      && lhs.inserted == rhs.inserted && lhs.insertedAt == rhs.insertedAt
  }
}

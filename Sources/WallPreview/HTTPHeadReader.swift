/// Accumulates bytes from a connection and cuts them into request heads.
///
/// It enforces size limits, so that a malformed or oversized head is refused rather than buffered forever.
/// Bytes after a head stay buffered for the next (pipelined) request.
public struct HTTPHeadReader: Sendable {
  /// The longest request line accepted, in bytes.
  public var maxRequestLine = 8 * 1024
  /// The largest head (request line and fields) accepted, in bytes.
  public var maxHead = 16 * 1024
  /// The most header fields accepted.
  public var maxFields = 100

  private var buffer: [UInt8] = []
  private var scanned = 0
  /// Stray blank-line bytes dropped before the current head; they count toward `maxHead`.
  private var skipped = 0

  /// A reader with the default limits.
  public init() {}

  /// Whether bytes of an unfinished head have arrived, stray blank lines before it included:
  /// from the first byte on, the whole head runs against one deadline, so a client sending a
  /// blank line now and then cannot hold a connection forever.
  public var hasPartialHead: Bool { !buffer.isEmpty || skipped > 0 }

  /// Adds bytes read from the connection.
  public mutating func append(_ bytes: some Sequence<UInt8>) {
    buffer.append(contentsOf: bytes)
  }

  /// The next complete request head, or nil when more bytes are needed.
  /// - Throws: `HTTPRequestError` when the head is malformed or too large.
  public mutating func next() throws(HTTPRequestError) -> HTTPRequest? {
    // Clients may send stray blank lines between requests (RFC 9112, 2.2).
    var blank = 0
    while blank < buffer.count {
      if buffer[blank] == 0x0A {
        blank += 1
      } else if buffer[blank] == 0x0D && blank + 1 < buffer.count && buffer[blank + 1] == 0x0A {
        blank += 2
      } else if buffer[blank] == 0x0D && blank + 1 == buffer.count {
        break
      } else if buffer[blank] == 0x0D {
        throw .malformed("bare CR before the request line")
      } else {
        break
      }
    }
    if blank > 0 {
      buffer.removeFirst(blank)
      skipped += blank
    }
    scanned = min(scanned, buffer.count)
    guard let end = headEnd() else {
      let firstLine = buffer.firstIndex(of: 0x0A) ?? buffer.count
      if firstLine > maxRequestLine { throw .requestLineTooLong(limit: maxRequestLine) }
      if skipped + buffer.count > maxHead { throw .headersTooLarge(limit: maxHead) }
      return nil
    }
    if skipped + end.next > maxHead { throw .headersTooLarge(limit: maxHead) }
    let head = buffer[..<end.head]
    buffer.removeFirst(end.next)
    scanned = 0
    skipped = 0
    return try HTTPHeadParser(maxRequestLine: maxRequestLine, maxFields: maxFields).parse(head)
  }

  /// Finds the blank line that ends a head: where it starts and where the next request starts.
  private mutating func headEnd() -> (head: Int, next: Int)? {
    var index = max(scanned, 0)
    while index < buffer.count {
      if buffer[index] == 0x0A {
        let next = index + 1
        if next < buffer.count && buffer[next] == 0x0A { return (index, next + 1) }
        if next + 1 < buffer.count && buffer[next] == 0x0D && buffer[next + 1] == 0x0A {
          return (index, next + 2)
        }
      }
      index += 1
    }
    scanned = max(0, buffer.count - 2)
    return nil
  }
}

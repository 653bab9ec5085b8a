/// One client connection of an event loop, and what it is doing.
final class ServerConnection {
  /// What the connection waits for.
  enum Phase: Equatable {
    /// A request head (the next one, or the rest of one).
    case reading
    /// Room to write the rest of a response.
    case writing
    /// The client to close, after a response that closes the connection: what it still sends
    /// is read and dropped for a moment, so that the kernel does not reset the connection
    /// before the client has read the response (RFC 9112, 9.6).
    case lingering
  }

  /// The socket.
  let descriptor: Int32
  /// The connection as the registry sees it.
  let ticket: ConnectionRegistry.Ticket
  /// The bytes of request heads read so far.
  var reader = HTTPHeadReader()
  /// What the connection waits for.
  var phase = Phase.reading
  /// The response being written, while writing.
  var response: OutgoingResponse?
  /// When the wait ends (`Monotonic.now`): idle, head, send or lingering deadline by `phase`.
  var deadline: UInt64
  /// Whether epoll watches the socket for room to write (else for bytes to read).
  var watchesWrites = false
  /// Bytes read and dropped while lingering.
  var discarded = 0
  /// Whether the loop closed the connection (its socket number may already be another's).
  var isClosed = false

  init(descriptor: Int32, ticket: ConnectionRegistry.Ticket, deadline: UInt64) {
    self.descriptor = descriptor
    self.ticket = ticket
    self.deadline = deadline
  }
}

/// A response on its way out: the head (with the body when it is small) in memory, then the
/// rest of a file region, sent as the socket takes it.
struct OutgoingResponse {
  /// How far a write got.
  enum Progress: Equatable {
    /// All sent.
    case done
    /// The socket is full: wait for room.
    case blocked
    /// The client is gone, or the file ended early.
    case failed
  }

  /// The head, and the body when it is in memory.
  private let bytes: [UInt8]
  private var bytesSent = 0
  /// The body streamed from a file after the head.
  private let region: FileRegion?
  private var regionSent = 0
  /// Whether the connection closes after this response.
  let closes: Bool

  /// A response of `bytes`, then `region`.
  init(bytes: [UInt8], region: FileRegion? = nil, closes: Bool) {
    self.bytes = bytes
    self.region = region
    self.closes = closes
  }

  /// Sends what the socket takes now; also whether any byte moved.
  mutating func write(to socket: Int32) -> (progress: Progress, moved: Bool) {
    var moved = false
    while bytesSent < bytes.count {
      switch PreviewSocket.send(socket, bytes[bytesSent...], more: region != nil) {
      case .moved(let count):
        bytesSent += count
        moved = true
      case .wouldBlock: return (.blocked, moved)
      case .ended: return (.failed, moved)
      }
    }
    guard let region else { return (.done, moved) }
    while regionSent < region.length {
      switch region.send(to: socket, from: regionSent) {
      case .moved(let count):
        regionSent += count
        moved = true
      case .wouldBlock: return (.blocked, moved)
      case .ended: return (.failed, moved)
      }
    }
    return (.done, moved)
  }
}

import Synchronization

/// The open connections of a preview server, across its event loops: who gets in, and who is
/// closed to make room.
///
/// When `limit` connections are open, a newcomer closes the connection that has waited longest
/// for its client: for its next request head (an idle keep-alive connection, a client sending
/// its head slowly) or for its client to read the answer (a stalled reader). So clients that
/// hold connections and do nothing cannot lock others out. A newcomer is refused (503) only
/// when every connection is answering at that moment, or while closed ones are still leaving
/// (never more than twice the limit are open).
final class ConnectionRegistry: Sendable {
  /// One open connection, as the registry sees it.
  final class Ticket: Sendable {
    /// The connection's socket.
    let descriptor: Int32
    /// Since when (`Monotonic.now`) the connection waits for its client; 0 while it works.
    let waitingSince: Atomic<UInt64>

    init(descriptor: Int32, waitingSince: UInt64) {
      self.descriptor = descriptor
      self.waitingSince = Atomic(waitingSince)
    }

    /// Records that the connection waits for its client from `time` on (0: it works).
    func wait(since time: UInt64) {
      waitingSince.store(time, ordering: .relaxed)
    }
  }

  private struct State {
    var open: [Int32: Ticket] = [:]
    var evicted: Set<Int32> = []
  }

  /// The most connections served at once.
  let limit: Int
  private let state = Mutex(State())
  private let stopping = Atomic(false)

  /// A registry admitting `limit` connections.
  init(limit: Int) {
    self.limit = max(1, limit)
  }

  /// The number of connections open now (closed-to-make-room ones that are still leaving
  /// included).
  var count: Int { state.withLock { $0.open.count } }

  /// Whether the server is stopping.
  var isStopping: Bool { stopping.load(ordering: .acquiring) }

  /// Takes a new connection in, closing the longest-waiting one when all are taken; nil when
  /// it must be refused.
  func admit(_ descriptor: Int32, now: UInt64) -> Ticket? {
    guard !isStopping else { return nil }
    return state.withLock { state -> Ticket? in
      if state.open.count - state.evicted.count >= limit {
        guard state.open.count < 2 * limit, let victim = Self.longestWaiting(in: state) else {
          return nil
        }
        state.evicted.insert(victim)
        // The owning loop sees the socket fail and closes it.
        PreviewSocket.shutdownBoth(victim)
      }
      let ticket = Ticket(descriptor: descriptor, waitingSince: now)
      state.open[descriptor] = ticket
      return ticket
    }
  }

  /// Forgets a connection and closes its socket, in one step, so that a descriptor number
  /// reused by a later connection is never shut down in its place.
  func close(_ ticket: Ticket) {
    state.withLock { state in
      state.open[ticket.descriptor] = nil
      state.evicted.remove(ticket.descriptor)
      PreviewSocket.close(ticket.descriptor)
    }
  }

  /// Refuses newcomers from now on and shuts every open connection down; false when it was
  /// stopped already.
  @discardableResult
  func stop() -> Bool {
    guard !stopping.exchange(true, ordering: .acquiringAndReleasing) else { return false }
    state.withLock { state in
      for descriptor in state.open.keys { PreviewSocket.shutdownBoth(descriptor) }
    }
    return true
  }

  private static func longestWaiting(in state: State) -> Int32? {
    var victim: (descriptor: Int32, since: UInt64)?
    for (descriptor, ticket) in state.open where !state.evicted.contains(descriptor) {
      let since = ticket.waitingSince.load(ordering: .relaxed)
      if since != 0 && since < victim?.since ?? .max { victim = (descriptor, since) }
    }
    return victim?.descriptor
  }
}

import Synchronization

/// What the other loops of a server may use of one loop: its epoll instance (to wake it), the
/// connections handed to it, and how many connections it serves.
///
/// The loop that accepts a connection gives it to the loop serving the fewest, so that the
/// connections of a burst (a browser's, or wrk's 200) are shared evenly whichever loop the
/// kernel woke.
final class LoopHandle: Sendable {
  /// The loop's epoll instance.
  let epoll: Epoll
  private let load = Atomic(0)
  private let handedOver = Mutex<[ConnectionRegistry.Ticket]>([])

  /// A handle for a loop waiting on `epoll`.
  init(epoll: Epoll) {
    self.epoll = epoll
  }

  /// The loop among `loops` serving the fewest connections (`preferred` when it is one of
  /// them), counted as serving one more from now on.
  static func take(among loops: [LoopHandle], preferring preferred: LoopHandle) -> LoopHandle {
    var target = preferred
    var least = preferred.load.load(ordering: .relaxed)
    for loop in loops {
      let load = loop.load.load(ordering: .relaxed)
      if load < least { (target, least) = (loop, load) }
    }
    target.load.add(1, ordering: .relaxed)
    return target
  }

  /// Records that the loop no longer serves one of its connections.
  func release() {
    load.subtract(1, ordering: .relaxed)
  }

  /// Gives the loop a connection admitted by another loop, and wakes it.
  func hand(_ ticket: ConnectionRegistry.Ticket) {
    handedOver.withLock { $0.append(ticket) }
    epoll.waker.wake()
  }

  /// Takes the connections handed to the loop since the last call.
  func takeHandedOver() -> [ConnectionRegistry.Ticket] {
    handedOver.withLock { tickets in
      defer { tickets = [] }
      return tickets
    }
  }
}

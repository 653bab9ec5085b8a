/// One event loop of a preview server: a thread waiting on its epoll instance for new
/// connections (on the listener, which the loops share) and for its own connections' sockets,
/// serving each without ever blocking on a client.
///
/// Deadlines are kept per connection and checked in one sweep when the earliest is due.
final class ServerLoop {
  /// How many waiting connections one wake-up accepts, so that the loops share them.
  static let acceptBatch = 4
  /// How many pipelined requests of one connection are answered before the others get a turn.
  static let answerBatch = 8
  /// How long a loop stops accepting when the process is out of descriptors, in milliseconds.
  static let descriptorPause = 50
  /// How long a closing connection drops what the client still sends, in milliseconds after
  /// the last bytes, and how much at most.
  static let lingerTime = 500
  static let lingerBytes = 256 * 1024

  let server: PreviewServer
  /// What the other loops see of this one.
  let handle: LoopHandle
  let epoll: Epoll
  /// This loop's connections, by socket.
  var connections: [Int32: ServerConnection] = [:]
  /// Connections with requests already read and not yet answered.
  var ready: [ServerConnection] = []
  /// When the next deadline is due (`Monotonic.now`), `.max` when none is.
  var nextSweep = UInt64.max
  /// Until when accepting is paused (out of descriptors), 0 when it is not.
  var acceptPausedUntil: UInt64 = 0
  /// One read's buffer, shared by the connections of this loop.
  var scratch = [UInt8](repeating: 0, count: 16 * 1024)
  /// The `Date` value of the current second.
  var date: (second: Int, text: String) = (-1, "")

  init(server: PreviewServer, handle: LoopHandle) {
    self.server = server
    self.handle = handle
    epoll = handle.epoll
  }

  /// Serves until the server stops, then closes this loop's connections.
  func run() {
    listen()
    while !server.isStopping {
      epoll.wait(milliseconds: waitTime()) { event in
        if event.descriptor == server.listener {
          acceptConnections()
        } else if let connection = connections[event.descriptor] {
          handle(connection, failed: event.failed)
        }
      }
      for ticket in handle.takeHandedOver() { adopt(ticket, now: Monotonic.now) }
      answerReady()
      let now = Monotonic.now
      if acceptPausedUntil != 0 && now >= acceptPausedUntil {
        acceptPausedUntil = 0
        listen()
      }
      if now >= nextSweep { sweep(now: now) }
    }
    epoll.remove(server.listener)
    for connection in Array(connections.values) { close(connection) }
    for ticket in handle.takeHandedOver() { server.registry.close(ticket) }
  }

  /// Watches the shared listener, waking one loop per new connection where the kernel can
  /// (`EPOLLEXCLUSIVE`, Linux 4.5), else every loop (one of them accepts it).
  private func listen() {
    if !epoll.add(server.listener, .read, exclusive: true) { epoll.add(server.listener, .read) }
  }

  /// How long the next wait may last: until the next deadline or the end of an accept pause;
  /// not at all when requests are waiting to be answered.
  private func waitTime() -> Int32 {
    guard ready.isEmpty else { return 0 }
    var until = nextSweep
    if acceptPausedUntil != 0 { until = min(until, acceptPausedUntil) }
    guard until != .max else { return -1 }
    let now = Monotonic.now
    guard until > now else { return 0 }
    return Int32(clamping: (until - now + 999_999) / 1_000_000)
  }

  /// Takes waiting connections in (a few per wake-up), or refuses them with 503.
  private func acceptConnections() {
    for _ in 0..<Self.acceptBatch {
      switch PreviewSocket.accept(server.listener) {
      case .connection(let descriptor):
        let now = Monotonic.now
        guard let ticket = server.registry.admit(descriptor, now: now) else {
          refuse(descriptor)
          continue
        }
        // The loop serving the fewest takes it, this one when it is among them.
        let target = LoopHandle.take(among: server.loops, preferring: handle)
        if target === handle {
          adopt(ticket, now: now)
        } else {
          target.hand(ticket)
        }
      case .none, .failed:
        return
      case .outOfDescriptors:
        // Level-triggered, the listener would wake this loop at once again: pause it.
        epoll.remove(server.listener)
        acceptPausedUntil = Monotonic.now + Monotonic.milliseconds(Self.descriptorPause)
        return
      }
    }
  }

  /// Starts serving an admitted connection (counted in this loop's load already).
  private func adopt(_ ticket: ConnectionRegistry.Ticket, now: UInt64) {
    let connection = ServerConnection(
      descriptor: ticket.descriptor, ticket: ticket,
      deadline: now + Monotonic.milliseconds(server.configuration.idleTimeout))
    guard epoll.add(ticket.descriptor, .read) else {
      handle.release()
      server.registry.close(ticket)
      return
    }
    connections[ticket.descriptor] = connection
    schedule(connection.deadline)
  }

  /// Answers 503 to a connection that cannot be admitted, as far as one send goes, and
  /// closes it.
  private func refuse(_ descriptor: Int32) {
    let response = HTTPResponse.errorPage(
      .serviceUnavailable, detail: "Too many connections; try again.", closesConnection: true)
    _ = PreviewSocket.send(
      descriptor, response.serialized(keepAlive: false, includeBody: true)[...])
    PreviewSocket.close(descriptor)
  }

  /// Serves a connection whose socket is ready (or failed).
  private func handle(_ connection: ServerConnection, failed: Bool) {
    guard !failed else {
      close(connection)
      return
    }
    switch connection.phase {
    case .reading: read(connection)
    case .writing:
      write(connection)
      answerBuffered(connection)
    case .lingering: linger(connection)
    }
  }

  /// Answers the requests already read by connections that had more than a batch.
  private func answerReady() {
    guard !ready.isEmpty else { return }
    let waiting = ready
    ready = []
    for connection in waiting { answerBuffered(connection) }
  }

  /// Makes the next sweep happen by `deadline`.
  func schedule(_ deadline: UInt64) {
    if deadline < nextSweep { nextSweep = deadline }
  }

  /// Ends the waits that are over: a silent connection is closed, a head that is late gets
  /// 408, a client that took no byte for `sendTimeout` and a lingering one are closed.
  private func sweep(now: UInt64) {
    nextSweep = .max
    let due = connections.values.filter { $0.deadline <= now }
    for connection in due {
      switch connection.phase {
      case .reading where connection.reader.hasPartialHead:
        let response = HTTPRequestError.timedOut.response
        begin(
          connection,
          OutgoingResponse(
            bytes: response.serialized(keepAlive: false, includeBody: true), closes: true))
      case .reading, .writing, .lingering:
        close(connection)
      }
    }
    for connection in connections.values { schedule(connection.deadline) }
  }

  /// Forgets a connection and closes its socket (which leaves the epoll set with it).
  func close(_ connection: ServerConnection) {
    connections[connection.descriptor] = nil
    connection.response = nil
    connection.isClosed = true
    handle.release()
    server.registry.close(connection.ticket)
  }
}

import Foundation
import Synchronization

/// A small HTTP/1.1 server.
///
/// One thread accepts, one thread per connection (at most `maxConnections`) reads request
/// heads, asks the handler for a response and writes it. Keep-alive by default, `Connection:
/// close` honoured; idle, request and send timeouts keep a slow or silent client from holding
/// a thread for long. When every connection is taken, the one that has waited longest for its
/// next request head (idle, or sending it slowly) is closed to make room for the newcomer, so
/// slow clients cannot lock others out; 503 only when every connection is busy answering. Only
/// the `Host` values of `AllowedHosts` are answered (421 otherwise).
public final class PreviewServer: Sendable {
  /// Where to listen and how patient to be.
  public struct Configuration: Sendable {
    /// The IPv4 address to bind; loopback unless the user asks otherwise.
    public var host = "127.0.0.1"
    /// The port; 0 asks the system for a free one (see `PreviewServer.port`).
    public var port = 8080
    /// Connections served at once; beyond that the longest-waiting one is closed for a new
    /// client, or the new client gets 503 when all are busy answering.
    public var maxConnections = 512
    /// How long an open connection may wait for its next request, in milliseconds.
    public var idleTimeout = 5_000
    /// How long a client may take to send a whole request head once it starts, in milliseconds.
    public var requestTimeout = 10_000
    /// How long one blocked send may wait for the client to read, in milliseconds.
    public var sendTimeout = 10_000

    /// The defaults: 127.0.0.1:8080.
    public init(host: String = "127.0.0.1", port: Int = 8080) {
      self.host = host
      self.port = port
    }
  }

  /// One open connection: since when it waits for a request head (nil while it answers),
  /// and whether it was closed to make room.
  private struct Slot {
    var waitingSince: ContinuousClock.Instant?
    var evicted = false
  }

  private struct State {
    var stopping = false
    var connections: [Int32: Slot] = [:]
    var evicted = 0
  }

  /// The configuration, with the port actually bound.
  public let configuration: Configuration
  private let listener: Int32
  let handler: @Sendable (HTTPRequest) -> HTTPResponse
  /// The `Host` values answered.
  let hosts: AllowedHosts
  private let state = Mutex(State())
  private let running = DispatchGroup()

  /// Binds and listens; call `start()` to begin serving.
  /// - Parameter handler: makes the response to each well-formed request.
  /// - Throws: `PreviewError.portInUse`, `.badHost` or `.socket` when the port cannot be bound.
  public init(
    configuration: Configuration, handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
  ) throws(PreviewError) {
    let (descriptor, port) = try PreviewSocket.listen(
      host: configuration.host, port: configuration.port, backlog: 1024)
    var bound = configuration
    bound.port = port
    self.configuration = bound
    self.listener = descriptor
    self.handler = handler
    self.hosts = AllowedHosts(boundHost: configuration.host)
  }

  /// The port being listened on.
  public var port: Int { configuration.port }

  /// The site's address, such as `http://127.0.0.1:8080/`.
  public var url: String { "http://\(configuration.host):\(configuration.port)/" }

  /// Whether `stop()` has been called.
  var isStopping: Bool { state.withLock { $0.stopping } }

  /// The number of connections open now.
  public var openConnections: Int { state.withLock { $0.connections.count } }

  /// Starts accepting connections on a thread of its own.
  public func start() {
    running.enter()
    let thread = Thread { [self] in
      acceptLoop()
      running.leave()
    }
    thread.name = "wallgen-accept"
    thread.start()
  }

  /// Stops accepting, closes every connection, and waits for the threads to end.
  ///
  /// The wait lasts two seconds at most. Safe to call more than once.
  public func stop() {
    let first = state.withLock { state -> Bool in
      defer { state.stopping = true }
      for connection in state.connections.keys { PreviewSocket.shutdownBoth(connection) }
      return !state.stopping
    }
    guard first else { return }
    PreviewSocket.shutdownBoth(listener)
    _ = running.wait(timeout: .now() + 2)
    PreviewSocket.close(listener)
  }

  deinit {
    stop()
  }

  private func acceptLoop() {
    while let connection = PreviewSocket.accept(listener) {
      let admitted = state.withLock { state in admit(connection, into: &state) }
      guard admitted else {
        refuse(connection)
        if state.withLock({ $0.stopping }) { break }
        continue
      }
      running.enter()
      let thread = Thread { [self] in
        serve(connection)
        state.withLock { state in
          if state.connections.removeValue(forKey: connection)?.evicted == true {
            state.evicted -= 1
          }
          PreviewSocket.close(connection)
        }
        running.leave()
      }
      thread.stackSize = 1 << 20
      thread.start()
    }
  }

  /// Takes a new connection in, closing the longest-waiting one when all are taken; false
  /// when it must be refused (stopping, or every connection busy answering).
  private func admit(_ connection: Int32, into state: inout State) -> Bool {
    guard !state.stopping else { return false }
    let limit = configuration.maxConnections
    if state.connections.count - state.evicted >= limit {
      // Closed connections leave within moments; never hold more than twice the limit.
      guard state.connections.count < 2 * limit else { return false }
      let oldest = state.connections.filter { !$0.value.evicted }
        .compactMap { entry in entry.value.waitingSince.map { (entry.key, $0) } }
        .min { $0.1 < $1.1 }
      guard let (victim, _) = oldest else { return false }
      state.connections[victim]?.evicted = true
      state.evicted += 1
      PreviewSocket.shutdownBoth(victim)
    }
    state.connections[connection] = Slot(waitingSince: .now)
    return true
  }

  /// Records whether a connection waits for a request head (`true`) or answers one.
  func setWaiting(_ connection: Int32, _ waiting: Bool) {
    state.withLock { state in
      state.connections[connection]?.waitingSince = waiting ? .now : nil
    }
  }

  /// Answers 503 to a connection over the limit, on the accepting thread, briefly.
  private func refuse(_ connection: Int32) {
    PreviewSocket.setSendTimeout(connection, milliseconds: 200)
    let response = HTTPResponse.errorPage(
      .serviceUnavailable, detail: "Too many connections; try again.", closesConnection: true)
    _ = PreviewSocket.send(
      connection, response.serialized(keepAlive: false, includeBody: true)[...])
    PreviewSocket.close(connection)
  }
}

import Foundation
import Synchronization

/// A small HTTP/1.1 server.
///
/// A few event loops (threads over epoll, `Configuration.eventLoops`, sharing connections
/// evenly) accept connections, read request heads, ask the handler for a response and write
/// it, never blocking on a client: a
/// connection costs its socket and a few small buffers, not a thread, so clients that stall
/// hold nothing but their connections. Keep-alive by default, `Connection: close` honoured;
/// idle, head and send deadlines close a slow or silent client. When every connection is
/// taken, the one that has waited longest for its client (for its next request head, or to
/// read what was sent) is closed to make room for the newcomer (`ConnectionRegistry`). Only
/// the `Host` values of `AllowedHosts` are answered (421 otherwise).
///
/// Memory per connection is bounded whatever is served: the request head being read (16 KiB
/// at most, plus one 16 KiB read), and the response head with a body of at most
/// `FileRegion.chunkSize` (64 KiB); larger bodies, HTML pages with the live-reload script
/// included, go from the file to the socket by `sendfile`.
public final class PreviewServer: Sendable {
  /// Where to listen and how patient to be.
  public struct Configuration: Sendable {
    /// The IPv4 address to bind; loopback unless the user asks otherwise.
    public var host = "127.0.0.1"
    /// The port; 0 asks the system for a free one (see `PreviewServer.port`).
    public var port = 8080
    /// Connections served at once; beyond that the one that has waited longest for its client
    /// is closed for a new client, or the new client gets 503 when all are busy answering.
    public var maxConnections = 512
    /// How long an open connection may wait for its next request, in milliseconds.
    public var idleTimeout = 5_000
    /// How long a client may take to send a whole request head once it starts, in milliseconds.
    public var requestTimeout = 10_000
    /// How long a response may wait for its client to take more bytes, in milliseconds.
    public var sendTimeout = 10_000
    /// The event-loop threads: one per processor, at most 4.
    public var eventLoops = min(4, max(1, ProcessInfo.processInfo.activeProcessorCount))

    /// The defaults: 127.0.0.1:8080.
    public init(host: String = "127.0.0.1", port: Int = 8080) {
      self.host = host
      self.port = port
    }
  }

  /// The configuration, with the port actually bound.
  public let configuration: Configuration
  /// The listening socket (non-blocking), shared by the loops.
  let listener: Int32
  /// Makes the response to each well-formed request whose `Host` is allowed.
  let handler: @Sendable (HTTPRequest) -> HTTPResponse
  /// The `Host` values answered.
  let hosts: AllowedHosts
  /// The open connections, and who is closed to make room.
  let registry: ConnectionRegistry
  /// The event loops, as the others see each.
  let loops: [LoopHandle]
  private let started = Atomic(false)
  private let running = DispatchGroup()

  /// Binds and listens; call `start()` to begin serving.
  /// - Parameter handler: makes the response to each well-formed request.
  /// - Throws: `PreviewError.portInUse`, `.badHost` or `.socket` when the port cannot be bound.
  public init(
    configuration: Configuration, handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
  ) throws(PreviewError) {
    let (descriptor, port) = try PreviewSocket.listen(
      host: configuration.host, port: configuration.port, backlog: 1024)
    var loops: [LoopHandle] = []
    do {
      for _ in 0..<max(1, configuration.eventLoops) { loops.append(LoopHandle(epoll: try Epoll())) }
    } catch {
      PreviewSocket.close(descriptor)
      throw error
    }
    var bound = configuration
    bound.port = port
    self.configuration = bound
    self.listener = descriptor
    self.handler = handler
    self.hosts = AllowedHosts(boundHost: configuration.host)
    self.registry = ConnectionRegistry(limit: configuration.maxConnections)
    self.loops = loops
  }

  /// The port being listened on.
  public var port: Int { configuration.port }

  /// The site's address, such as `http://127.0.0.1:8080/`.
  public var url: String { "http://\(configuration.host):\(configuration.port)/" }

  /// Whether `stop()` has been called.
  var isStopping: Bool { registry.isStopping }

  /// The number of connections open now.
  public var openConnections: Int { registry.count }

  /// Starts the event loops, each on a thread of its own.
  public func start() {
    guard !started.exchange(true, ordering: .acquiringAndReleasing) else { return }
    for (index, handle) in loops.enumerated() {
      running.enter()
      let thread = Thread { [self] in
        ServerLoop(server: self, handle: handle).run()
        running.leave()
      }
      thread.name = "wallgen-serve-\(index)"
      thread.start()
    }
  }

  /// Stops accepting, closes every connection, and waits for the loops to end.
  ///
  /// The wait lasts two seconds at most. Safe to call more than once.
  public func stop() {
    guard registry.stop() else { return }
    for loop in loops { loop.epoll.waker.wake() }
    _ = running.wait(timeout: .now() + 2)
    PreviewSocket.close(listener)
  }

  deinit {
    stop()
  }
}

import CEpoll
import Glibc
import WallSupport

/// Linux's epoll, as an event loop of the preview server uses it: level-triggered interest in
/// reading or in writing per socket, and a wake-up another thread can send (`LoopWaker`).
///
/// The only file of the Preview stage that touches epoll; Linux only, as wallgen is. One
/// instance serves one loop thread; `waker` may be used from any thread.
final class Epoll: Sendable {
  /// What a socket is watched for.
  enum Interest {
    /// Bytes to read, or the end of the stream.
    case read
    /// Room to write.
    case write
  }

  /// One ready descriptor.
  struct Event {
    /// The descriptor.
    var descriptor: Int32
    /// Whether the peer is gone or the socket failed (reading or writing now fails at once).
    var failed: Bool
  }

  /// The most events taken by one wait.
  static let batch = 128

  private let descriptor: Int32
  /// Ends a wait from another thread.
  let waker = LoopWaker()

  /// Opens an epoll instance (close-on-exec) that also watches its `waker`.
  /// - Throws: `PreviewError.socket` when the system refuses one.
  init() throws(PreviewError) {
    let descriptor = epoll_create1(Int32(EPOLL_CLOEXEC))
    guard descriptor >= 0 else {
      throw .socket(call: "epoll_create1", reason: FileSystem.lastErrorReason)
    }
    self.descriptor = descriptor
    if waker.descriptor >= 0 { add(waker.descriptor, .read) }
  }

  deinit {
    Glibc.close(descriptor)
  }

  /// Starts watching `socket`; false when the system refuses.
  ///
  /// `exclusive` (for a listener shared by several loops) wakes one loop per new connection
  /// instead of all.
  @discardableResult
  func add(_ socket: Int32, _ interest: Interest, exclusive: Bool = false) -> Bool {
    var event = epoll_event()
    event.events = Self.mask(interest) | (exclusive ? EPOLLEXCLUSIVE.rawValue : 0)
    event.data.fd = socket
    return epoll_ctl(descriptor, EPOLL_CTL_ADD, socket, &event) == 0
  }

  /// Watches `socket` for something else.
  func change(_ socket: Int32, to interest: Interest) {
    var event = epoll_event()
    event.events = Self.mask(interest)
    event.data.fd = socket
    _ = epoll_ctl(descriptor, EPOLL_CTL_MOD, socket, &event)
  }

  /// Stops watching `socket` (closing it does too).
  func remove(_ socket: Int32) {
    var event = epoll_event()
    _ = epoll_ctl(descriptor, EPOLL_CTL_DEL, socket, &event)
  }

  /// Waits up to `milliseconds` (-1: until something happens) and calls `handle` for each
  /// ready socket; a wake-up from another thread ends the wait and is not passed on.
  func wait(milliseconds: Int32, _ handle: (Event) -> Void) {
    // Without an eventfd, wake every 250 ms so that the loop still sees `stop()`.
    var timeout = milliseconds
    if waker.descriptor < 0 { timeout = timeout < 0 ? 250 : min(timeout, 250) }
    withUnsafeTemporaryAllocation(of: epoll_event.self, capacity: Self.batch) { events in
      let count = epoll_wait(descriptor, events.baseAddress, Int32(events.count), timeout)
      guard count > 0 else { return }
      let failure = EPOLLERR.rawValue | EPOLLHUP.rawValue
      for event in events[..<Int(count)] {
        let socket = event.data.fd
        if socket == waker.descriptor {
          waker.clear()
          continue
        }
        handle(Event(descriptor: socket, failed: event.events & failure != 0))
      }
    }
  }

  private static func mask(_ interest: Interest) -> UInt32 {
    switch interest {
    case .read: EPOLLIN.rawValue
    case .write: EPOLLOUT.rawValue
    }
  }
}

/// An eventfd that ends an event loop's wait from another thread (`PreviewServer.stop()`).
final class LoopWaker: Sendable {
  /// The descriptor, -1 when the system had none to give (loops then wake every 250 ms).
  let descriptor: Int32

  /// Opens the eventfd (non-blocking, close-on-exec).
  init() {
    descriptor = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
  }

  deinit {
    if descriptor >= 0 { Glibc.close(descriptor) }
  }

  /// Ends the loop's current or next wait.
  func wake() {
    var one: UInt64 = 1
    if descriptor >= 0 { _ = Glibc.write(descriptor, &one, 8) }
  }

  /// Takes the wake-up, so the next wait blocks again.
  func clear() {
    var count: UInt64 = 0
    if descriptor >= 0 { _ = Glibc.read(descriptor, &count, 8) }
  }
}

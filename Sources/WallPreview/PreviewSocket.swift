import Glibc
import WallSupport

/// The POSIX socket calls of the preview server.
///
/// Each returns a Swift value or a typed error; this is the only file of the Preview stage that touches sockets. Linux only (`MSG_NOSIGNAL`),
/// as wallgen is.
enum PreviewSocket {
  /// Binds and listens on an IPv4 address; returns the socket (non-blocking) and the port bound
  /// (useful with port 0, which asks the system for a free one).
  static func listen(host: String, port: Int, backlog: Int32) throws(PreviewError) -> (
    descriptor: Int32, port: Int
  ) {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(clamping: port)).bigEndian
    let literal = host == "localhost" ? "127.0.0.1" : host
    guard (0...65535).contains(port), inet_pton(AF_INET, literal, &address.sin_addr) == 1 else {
      throw .badHost(host)
    }
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw .socket(call: "socket", reason: lastError) }
    var on: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0 else {
      let code = errno
      let reason = lastError
      close(descriptor)
      if code == EADDRINUSE { throw .portInUse(host: host, port: port) }
      throw .socket(call: "bind \(host):\(port)", reason: reason)
    }
    guard Glibc.listen(descriptor, backlog) == 0 else {
      let reason = lastError
      close(descriptor)
      throw .socket(call: "listen", reason: reason)
    }
    setNonBlocking(descriptor)
    var actual = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &actual) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(descriptor, $0, &length)
      }
    }
    return (descriptor, Int(UInt16(bigEndian: actual.sin_port)))
  }

  /// What a non-blocking call did.
  enum Transfer: Equatable {
    /// This many bytes moved (more than 0).
    case moved(Int)
    /// Nothing can move now: wait for the socket to be ready.
    case wouldBlock
    /// The peer is gone, the socket failed, or (for a file) the file ended early.
    case ended
  }

  /// What a non-blocking accept gave.
  enum Accepted: Equatable {
    /// A new connection, non-blocking, close-on-exec, with `TCP_NODELAY`.
    case connection(Int32)
    /// No connection is waiting.
    case none
    /// The process is out of descriptors; try again when connections have closed.
    case outOfDescriptors
    /// The listener was shut down or failed.
    case failed
  }

  /// Makes a descriptor non-blocking.
  static func setNonBlocking(_ descriptor: Int32) {
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
  }

  /// Takes a waiting connection from a non-blocking listener.
  static func accept(_ listener: Int32) -> Accepted {
    while true {
      let descriptor = Glibc.accept(listener, nil, nil)
      if descriptor >= 0 {
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)  // Glibc's accept4 is not visible to Swift
        setNonBlocking(descriptor)
        var on: Int32 = 1
        setsockopt(
          descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        return .connection(descriptor)
      }
      switch errno {
      case EINTR, ECONNABORTED, EPROTO: continue
      case EAGAIN, EWOULDBLOCK: return .none
      case EMFILE, ENFILE, ENOBUFS, ENOMEM: return .outOfDescriptors
      default: return .failed
      }
    }
  }

  /// Reads what is available into `buffer`; `.ended` at the end of the stream.
  static func receive(_ descriptor: Int32, into buffer: inout [UInt8]) -> Transfer {
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count > 0 { return .moved(count) }
      if count < 0 && errno == EINTR { continue }
      return count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) ? .wouldBlock : .ended
    }
  }

  /// Sends what the socket takes now of `bytes`; `more` tells the kernel that more follows at
  /// once (`MSG_MORE`), so a head and a body streamed after it share packets.
  static func send(_ descriptor: Int32, _ bytes: ArraySlice<UInt8>, more: Bool = false) -> Transfer
  {
    guard !bytes.isEmpty else { return .moved(0) }
    let flags = Int32(MSG_NOSIGNAL) | (more ? Int32(MSG_MORE) : 0)
    while true {
      let count = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, flags) }
      if count > 0 { return .moved(count) }
      if count < 0 && errno == EINTR { continue }
      return count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) ? .wouldBlock : .ended
    }
  }

  /// Sends what the socket takes now of `count` bytes of the file `file` from `offset`, by
  /// `sendfile` (the bytes go from the page cache to the socket, never through a buffer here);
  /// `.ended` when the file is shorter than that.
  static func sendFile(_ descriptor: Int32, from file: Int32, offset: Int, count: Int)
    -> Transfer
  {
    var position = off_t(offset)
    while true {
      let sent = sendfile(descriptor, file, &position, count)
      if sent > 0 { return .moved(sent) }
      if sent < 0 && errno == EINTR { continue }
      return sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) ? .wouldBlock : .ended
    }
  }

  /// Ends the write side: the client reads the end of the stream after what was sent.
  static func shutdownWrite(_ descriptor: Int32) {
    _ = Glibc.shutdown(descriptor, Int32(SHUT_WR))
  }

  /// Ends both directions; the loop serving the socket sees it fail.
  ///
  /// The descriptor stays open.
  static func shutdownBoth(_ descriptor: Int32) {
    _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
  }

  /// Closes a descriptor.
  static func close(_ descriptor: Int32) {
    _ = Glibc.close(descriptor)
  }

  private static var lastError: String { FileSystem.lastErrorReason }
}

import Glibc
import WallSupport

/// The POSIX socket calls of the preview server.
///
/// Each returns a Swift value or a typed error; this is the only file of the Preview stage that touches sockets. Linux only (`MSG_NOSIGNAL`),
/// as wallgen is.
enum PreviewSocket {
  /// Binds and listens on an IPv4 address; returns the socket and the port bound (useful with
  /// port 0, which asks the system for a free one).
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
    var actual = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &actual) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(descriptor, $0, &length)
      }
    }
    return (descriptor, Int(UInt16(bigEndian: actual.sin_port)))
  }

  /// Waits for a connection; nil when the listener was shut down or failed.
  static func accept(_ listener: Int32) -> Int32? {
    while true {
      let descriptor = Glibc.accept(listener, nil, nil)
      if descriptor >= 0 {
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)  // Glibc's accept4 is not visible to Swift
        var on: Int32 = 1
        setsockopt(
          descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        return descriptor
      }
      switch errno {
      case EINTR, ECONNABORTED, EPROTO: continue
      case EMFILE, ENFILE, ENOBUFS, ENOMEM:
        usleep(10_000)  // out of descriptors: let connections finish, then try again
        continue
      default: return nil
      }
    }
  }

  /// Sets how long a blocked send may wait before it fails.
  static func setSendTimeout(_ descriptor: Int32, milliseconds: Int) {
    var time = timeval(
      tv_sec: milliseconds / 1000, tv_usec: suseconds_t(milliseconds % 1000 * 1000))
    setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
  }

  /// Whether bytes (or end of stream) can be read within `milliseconds`.
  static func waitReadable(_ descriptor: Int32, milliseconds: Int) -> Bool {
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    while true {
      let result = poll(&entry, 1, Int32(clamping: max(0, milliseconds)))
      if result < 0 && errno == EINTR { continue }
      return result > 0
    }
  }

  /// Reads what is available into `buffer`; the count, 0 at end of stream, -1 on error.
  static func receive(_ descriptor: Int32, into buffer: inout [UInt8]) -> Int {
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count < 0 && errno == EINTR { continue }
      return count
    }
  }

  /// Sends all of `bytes`; false when the peer is gone or the send timed out.
  static func send(_ descriptor: Int32, _ bytes: ArraySlice<UInt8>) -> Bool {
    var sent = 0
    while sent < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        Glibc.send(
          descriptor, buffer.baseAddress.map { $0 + sent }, buffer.count - sent,
          Int32(MSG_NOSIGNAL))
      }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { return false }
      sent += count
    }
    return true
  }

  /// Ends both directions, waking any thread blocked on the socket; the descriptor stays open.
  static func shutdownBoth(_ descriptor: Int32) {
    _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
  }

  /// Closes after sending: ends the write side, then discards what the client still sends
  /// for a short while, so the kernel does not reset the connection before the client has
  /// read the response (RFC 9112, 9.6).
  static func lingeringClose(_ descriptor: Int32) {
    _ = Glibc.shutdown(descriptor, Int32(SHUT_WR))
    var scratch = [UInt8](repeating: 0, count: 4096)
    var discarded = 0
    while discarded < 256 * 1024, waitReadable(descriptor, milliseconds: 500) {
      let count = receive(descriptor, into: &scratch)
      if count <= 0 { break }
      discarded += count
    }
  }

  /// Closes a descriptor.
  static func close(_ descriptor: Int32) {
    _ = Glibc.close(descriptor)
  }

  private static var lastError: String { FileSystem.lastErrorReason }
}

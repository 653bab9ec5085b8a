import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A minimal HTTP client for tests: loopback only, every read bounded by a timeout.
final class TestHTTPClient: Sendable {
  /// Why a test connection failed.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// A parsed response.
  struct Response {
    var statusLine: String
    var headers: [String: String]
    var body: [UInt8]
    var status: Int { Int(statusLine.split(separator: " ").dropFirst().first ?? "") ?? 0 }
    var text: String { String(decoding: body, as: UTF8.self) }
  }

  let descriptor: Int32
  /// Bytes read past the end of the last response (pipelined responses can share a read).
  private let pending = Mutex<[UInt8]>([])

  /// Connects to 127.0.0.1:`port`; reads time out after `timeout` seconds.
  /// - Parameter receiveBuffer: a small `SO_RCVBUF` in bytes, for a client that reads slowly
  ///   or not at all and should stall the server's sending soon.
  init(port: Int, timeout: Int = 10, receiveBuffer: Int? = nil) throws {
    descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw Failure(description: "socket failed") }
    if var size = receiveBuffer.map(Int32.init) {
      setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
    var time = timeval(tv_sec: timeout, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port)).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 else {
      _ = Glibc.close(descriptor)
      throw Failure(description: "connect failed: \(String(cString: strerror(errno)))")
    }
  }

  func close() { _ = Glibc.close(descriptor) }

  /// Sends raw bytes; false if the server already closed.
  @discardableResult
  func send(_ bytes: [UInt8]) -> Bool {
    var sent = 0
    while sent < bytes.count {
      let count = bytes.withUnsafeBytes {
        Glibc.send(
          descriptor, $0.baseAddress.map { $0 + sent }, bytes.count - sent, Int32(MSG_NOSIGNAL))
      }
      if count <= 0 { return false }
      sent += count
    }
    return true
  }

  func send(_ text: String) { send(Array(text.utf8)) }

  /// Sends a GET (or another method) with a Host header.
  func request(
    _ method: String = "GET", _ target: String, headers: [String] = [], host: String = "127.0.0.1"
  ) {
    send(
      "\(method) \(target) HTTP/1.1\r\nHost: \(host)\r\n"
        + headers.map { $0 + "\r\n" }.joined() + "\r\n")
  }

  /// Reads until the server closes the connection (or the read times out).
  func readAll(limit: Int = 1 << 20) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 8192)
    while bytes.count < limit {
      let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count <= 0 { break }
      bytes += chunk[..<count]
    }
    return bytes
  }

  /// What arrives within `waitingMilliseconds` (empty when nothing does; at most 64 KiB).
  func readAvailable(waitingMilliseconds: Int) -> [UInt8] {
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&entry, 1, Int32(waitingMilliseconds)) > 0 else { return [] }
    var chunk = [UInt8](repeating: 0, count: 65536)
    let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
    return count > 0 ? Array(chunk[..<count]) : []
  }

  /// Waits a moment (between checks of a condition that has its own deadline).
  static func pause(milliseconds: Int) -> Bool {
    usleep(useconds_t(milliseconds * 1000)) == 0
  }

  /// Reads one response, framed by Content-Length (no body for HEAD or 304).
  func readResponse(head: Bool = false) throws -> Response {
    var bytes = pending.withLock { buffered in
      defer { buffered = [] }
      return buffered
    }
    var chunk = [UInt8](repeating: 0, count: 8192)
    func fill() throws {
      let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      guard count > 0 else {
        throw Failure(description: "connection ended after \(bytes.count) bytes")
      }
      bytes += chunk[..<count]
    }
    func headEnd() -> Int? {
      bytes.indices.dropLast(3).first {
        bytes[$0] == 13 && bytes[$0 + 1] == 10 && bytes[$0 + 2] == 13 && bytes[$0 + 3] == 10
      }
    }
    var end = headEnd()
    while end == nil {
      try fill()
      end = headEnd()
    }
    let headEnd = end ?? 0
    let lines = String(decoding: bytes[..<headEnd], as: UTF8.self).components(separatedBy: "\r\n")
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
        in: .whitespaces)
    }
    var response = Response(statusLine: lines.first ?? "", headers: headers, body: [])
    let length = head || response.status == 304 ? 0 : Int(headers["content-length"] ?? "0") ?? 0
    while bytes.count < headEnd + 4 + length { try fill() }
    response.body = Array(bytes[(headEnd + 4)..<(headEnd + 4 + length)])
    let rest = Array(bytes[(headEnd + 4 + length)...])
    pending.withLock { $0 = rest }
    return response
  }

  /// Reads one response's head, then its body without keeping it: the status and the number
  /// of body bytes read (as many as `Content-Length` says, unless the connection ends first).
  func readCountingBody() throws -> (status: Int, length: Int, bodyBytes: Int) {
    var head: [UInt8] = []
    var byte: UInt8 = 0
    while !head.suffix(4).elementsEqual([13, 10, 13, 10]) {
      guard recv(descriptor, &byte, 1, 0) == 1 else {
        throw Failure(description: "connection ended after \(head.count) bytes of the head")
      }
      head.append(byte)
    }
    let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
    let status = Int(lines[0].split(separator: " ").dropFirst().first ?? "") ?? 0
    let lengthLine = lines.first { $0.lowercased().hasPrefix("content-length:") }
    let length = Int(lengthLine?.dropFirst(15).trimmingCharacters(in: .whitespaces) ?? "") ?? 0
    var chunk = [UInt8](repeating: 0, count: 65536)
    var read = 0
    while read < length {
      let count = chunk.withUnsafeMutableBytes {
        recv(descriptor, $0.baseAddress, min($0.count, length - read), 0)
      }
      if count <= 0 { break }
      read += count
    }
    return (status, length, read)
  }

  /// One request on a fresh connection.
  static func get(
    port: Int, _ target: String, headers: [String] = [], host: String = "127.0.0.1"
  ) throws -> Response {
    let client = try TestHTTPClient(port: port)
    defer { client.close() }
    client.request("GET", target, headers: headers + ["Connection: close"], host: host)
    return try client.readResponse()
  }
}

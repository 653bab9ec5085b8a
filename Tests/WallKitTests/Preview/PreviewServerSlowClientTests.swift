import Foundation
import Testing
import WallKit
import WallKitTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Clients that hold connections open by sending little or nothing, or by reading nothing.
@Suite struct PreviewServerSlowClientTests {
  let site: SiteFixture
  let responder: PreviewResponder

  init() throws {
    site = try SiteFixture()
    responder = try PreviewResponder(root: site.root)
  }

  func server(_ change: (inout PreviewServer.Configuration) -> Void) throws -> PreviewServer {
    var configuration = PreviewServer.Configuration(host: "127.0.0.1", port: 0)
    change(&configuration)
    let server = try PreviewServer(configuration: configuration) { [responder] request in
      responder.respond(to: request, generation: "g-1")
    }
    server.start()
    return server
  }

  @Test("stray blank lines run against the head deadline: a client sending CRLF often gets 408")
  func blankLines() throws {
    // Idle connections may wait 60 s here, but a head must be complete within 300 ms of its
    // first byte, blank lines included.
    let server = try server {
      $0.idleTimeout = 60_000
      $0.requestTimeout = 300
    }
    defer { server.stop() }
    let client = try TestHTTPClient(port: server.port, timeout: 10)
    defer { client.close() }
    let started = Date()
    var answer: [UInt8] = []
    // A CRLF every 50 ms, for 10 s at most; the old server kept such a client forever.
    while answer.isEmpty && Date().timeIntervalSince(started) < 10 {
      guard client.send(Array("\r\n".utf8)) else { break }
      answer = client.readAvailable(waitingMilliseconds: 50)
    }
    answer += client.readAll()
    #expect(String(decoding: answer, as: UTF8.self).hasPrefix("HTTP/1.1 408 "))
    #expect(Date().timeIntervalSince(started) < 9)
  }

  @Test("with every connection held by a slow client, a new client still gets its page")
  func slowClientsDoNotLockOthersOut() throws {
    let limit = 64
    let server = try server {
      $0.maxConnections = limit
      $0.idleTimeout = 60_000
      $0.requestTimeout = 60_000
    }
    defer { server.stop() }
    var slow: [TestHTTPClient] = []
    defer { for client in slow { client.close() } }
    for index in 0..<limit {
      let client = try TestHTTPClient(port: server.port, timeout: 10)
      client.send(index.isMultiple(of: 2) ? "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n" : "\r\n")
      slow.append(client)
    }
    let deadline = Date().addingTimeInterval(20)
    while server.openConnections < limit && Date() < deadline {
      _ = TestHTTPClient.pause(milliseconds: 10)
    }
    #expect(server.openConnections == limit)
    for attempt in 0..<3 {
      let page = try TestHTTPClient.get(port: server.port, "/walls/u1/")
      #expect(page.status == 200, "attempt \(attempt): \(page.statusLine)")
      #expect(page.text.contains("Wall of u1"))
    }
    #expect(server.openConnections <= 2 * limit)
  }

  /// Puts a sparse file of `size` bytes at `name` in the site (no blocks on disk).
  func sparseFile(_ name: String, size: Int) {
    let file = open(site.folder.url("site/\(name)"), O_CREAT | O_WRONLY | O_CLOEXEC, 0o644)
    #expect(file >= 0 && ftruncate(file, off_t(size)) == 0)
    close(file)
  }

  /// Waits (20 s at most, as a timeout only) until `condition` holds.
  func wait(until condition: () -> Bool) {
    let deadline = Date().addingTimeInterval(20)
    while !condition() && Date() < deadline { _ = TestHTTPClient.pause(milliseconds: 10) }
  }

  @Test("clients that stop reading a large answer do not lock others out (issue 21, item 7)")
  func stalledReadersDoNotLockOthersOut() throws {
    // The case scaled down: 520 readers that never read against 512 connections gave
    // everyone 503 for 20 s, as each connection's thread sat in a blocked send.
    let limit = 32
    sparseFile("big.jpg", size: 64 << 20)
    let server = try server {
      $0.maxConnections = limit
      $0.sendTimeout = 60_000
      $0.idleTimeout = 60_000
    }
    defer { server.stop() }
    var stalled: [TestHTTPClient] = []
    defer { for client in stalled { client.close() } }
    for _ in 0..<limit {
      let client = try TestHTTPClient(port: server.port, timeout: 10, receiveBuffer: 4096)
      client.request("GET", "/big.jpg")
      stalled.append(client)
    }
    // Each is being answered (its status line arrived) when it stops reading.
    for (index, client) in stalled.enumerated() {
      let start = String(decoding: client.readAvailable(waitingMilliseconds: 10_000), as: UTF8.self)
      #expect(start.hasPrefix("HTTP/1.1 200 "), "stalled reader \(index)")
    }
    #expect(server.openConnections == limit)
    for _ in 0..<8 {
      let client = try TestHTTPClient(port: server.port, timeout: 10, receiveBuffer: 4096)
      client.request("GET", "/big.jpg")
      stalled.append(client)
    }
    // The clients' send and idle timeouts are a minute, and each attempt's own socket
    // timeout is 10 s: an attempt is answered only if a stalled reader was evicted to make
    // room, not because one timed out.
    for attempt in 0..<3 {
      let page = try TestHTTPClient.get(port: server.port, "/walls/u1/")
      #expect(page.status == 200, "attempt \(attempt): \(page.statusLine)")
      #expect(page.text.contains("Wall of u1"))
    }
    #expect(server.openConnections <= 2 * limit)
  }

  @Test("a client that takes no byte of an answer for the send timeout is closed")
  func stalledReaderIsClosed() throws {
    sparseFile("big.jpg", size: 64 << 20)
    let server = try server {
      $0.sendTimeout = 300
      $0.idleTimeout = 60_000
    }
    defer { server.stop() }
    let client = try TestHTTPClient(port: server.port, timeout: 10, receiveBuffer: 4096)
    defer { client.close() }
    client.request("GET", "/big.jpg")
    wait { server.openConnections == 1 }
    let started = Date()
    wait { server.openConnections == 0 }
    #expect(server.openConnections == 0)
    #expect(Date().timeIntervalSince(started) < 10)
  }
}

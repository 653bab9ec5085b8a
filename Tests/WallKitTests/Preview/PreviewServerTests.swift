import Foundation
import Testing
import WallKit

/// Live tests: a real server on 127.0.0.1, port 0 (the system picks a free port).
///
/// A class, so that `deinit` stops each test's server (its threads hold it alive otherwise).
@Suite final class PreviewServerTests {
  let site: SiteFixture
  let server: PreviewServer

  init() throws {
    site = try SiteFixture()
    let responder = try PreviewResponder(root: site.root)
    var configuration = PreviewServer.Configuration(host: "127.0.0.1", port: 0)
    configuration.idleTimeout = 1_000
    configuration.requestTimeout = 500
    server = try PreviewServer(configuration: configuration) { request in
      responder.respond(to: request, generation: "test-1")
    }
    server.start()
  }

  deinit {
    server.stop()
  }

  @Test("binds 127.0.0.1 on port 0 and serves pages, with keep-alive and HEAD")
  func smoke() throws {
    #expect(server.port > 0)
    #expect(server.url == "http://127.0.0.1:\(server.port)/")
    let client = try TestHTTPClient(port: server.port)
    defer { client.close() }
    client.request("GET", "/walls/u1/")
    let page = try client.readResponse()
    #expect(page.status == 200)
    #expect(page.headers["connection"] == "keep-alive")
    #expect(page.headers["date"]?.hasSuffix(" GMT") == true)
    #expect(page.text.contains("Wall of u1") && page.text.contains("data-wallgen-live-reload"))
    client.request("HEAD", "/media/ab/abcd-thumb.png")
    let head = try client.readResponse(head: true)
    #expect(head.headers["content-length"] == String(SiteFixture.png.count))
    #expect(head.headers["content-type"] == "image/png")
    client.request("GET", "/media/ab/abcd-thumb.png", headers: ["Connection: close"])
    let image = try client.readResponse()
    #expect(image.body == SiteFixture.png)
    #expect(image.headers["connection"] == "close")
    #expect(client.readAll().isEmpty)  // the server closed the connection
  }

  @Test("pipelined requests are answered in order")
  func pipelined() throws {
    let client = try TestHTTPClient(port: server.port)
    defer { client.close() }
    client.send(
      "GET /walls/u1/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /assets/wall.css HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    )
    #expect(try client.readResponse().text.contains("Wall of u1"))
    #expect(try client.readResponse().text == "body { margin: 0 }\n")
  }

  @Test("20 pipelined requests sent at once are all answered, in order")
  func manyPipelined() throws {
    // More than one loop turn answers (8), so the rest wait their turn, and are not lost.
    let client = try TestHTTPClient(port: server.port)
    defer { client.close() }
    let targets = (0..<20).map { $0.isMultiple(of: 2) ? "/walls/u1/" : "/assets/wall.css" }
    client.send(targets.map { "GET \($0) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" }.joined())
    for (index, target) in targets.enumerated() {
      let response = try client.readResponse()
      #expect(response.status == 200, "\(index)")
      #expect(
        target == "/assets/wall.css"
          ? response.text == "body { margin: 0 }\n" : response.text.contains("Wall of u1"),
        "\(index)")
    }
  }

  @Test("a client that starts a request and stalls gets 408; a silent one is closed")
  func timeouts() throws {
    let slow = try TestHTTPClient(port: server.port)
    defer { slow.close() }
    slow.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    let started = Date()
    #expect(String(decoding: slow.readAll(), as: UTF8.self).hasPrefix("HTTP/1.1 408 "))
    #expect(Date().timeIntervalSince(started) < 5)
    let silent = try TestHTTPClient(port: server.port)
    defer { silent.close() }
    #expect(silent.readAll().isEmpty)
    #expect(Date().timeIntervalSince(started) < 8)
  }

  @Test("a port in use is a clear error")
  func portInUse() {
    let error = #expect(throws: PreviewError.self) {
      _ = try PreviewServer(configuration: .init(host: "127.0.0.1", port: server.port)) { _ in
        HTTPResponse(status: .ok)
      }
    }
    #expect(error == .portInUse(host: "127.0.0.1", port: server.port))
    #expect(error?.description == "port \(server.port) is in use; try --port \(server.port + 1)")
  }

  @Test("a host that is not an IPv4 address is refused")
  func badHost() {
    let error = #expect(throws: PreviewError.self) {
      _ = try PreviewServer(configuration: .init(host: "example.com", port: 0)) { _ in
        HTTPResponse(status: .ok)
      }
    }
    #expect(error == .badHost("example.com"))
  }

  @Test("stop closes open connections and frees the port")
  func stop() throws {
    let client = try TestHTTPClient(port: server.port)
    defer { client.close() }
    client.request("GET", "/")
    _ = try client.readResponse()
    let port = server.port
    server.stop()
    #expect(client.readAll().isEmpty)
    let again = try PreviewServer(configuration: .init(host: "127.0.0.1", port: port)) { _ in
      HTTPResponse(status: .ok)
    }
    again.stop()
  }
}

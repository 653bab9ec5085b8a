import Testing
import WallKit

/// DNS rebinding: a page elsewhere points its own name at 127.0.0.1; the browser then sends
/// that name as Host, and the server must not answer it.
@Suite struct AllowedHostsTests {
  @Test(
    "loopback names and the bound address are answered, with or without a port",
    arguments: [
      "localhost", "LOCALHOST", "localhost:8080", "127.0.0.1", "127.0.0.1:8080",
      "127.0.0.1:1", "192.168.1.5", "192.168.1.5:8080",
    ])
  func accepted(host: String) {
    #expect(AllowedHosts(boundHost: "192.168.1.5").accepts(host: host))
  }

  @Test(
    "other names, bad ports and odd forms are refused",
    arguments: [
      "attacker.example", "attacker.example:8080", "localhost.attacker.example",
      "127.0.0.1.nip.io", "localhost:", "localhost:http", "localhost:65536", "localhost:-1",
      "127.0.0.1:80:80", "", "[::1]:8080", "10.0.0.1", "user@localhost", "localhost.",
    ])
  func refused(host: String) {
    #expect(!AllowedHosts(boundHost: "192.168.1.5").accepts(host: host))
  }

  @Test("bound to 0.0.0.0, any IPv4 address is answered (it cannot be rebound), names are not")
  func wildcard() {
    let hosts = AllowedHosts(boundHost: "0.0.0.0")
    #expect(hosts.accepts(host: "192.168.1.5:8080"))
    #expect(hosts.accepts(host: "localhost"))
    #expect(!hosts.accepts(host: "attacker.example"))
    #expect(!hosts.accepts(host: "1.2.3.256"))
    #expect(!hosts.accepts(host: "1.2.3"))
  }

  @Test("an HTTP/1.0 request without Host is answered; a refused one gets 421 and is closed")
  func requests() {
    let hosts = AllowedHosts(boundHost: "127.0.0.1")
    #expect(hosts.accepts(HTTPRequest(method: "GET", target: "/", minorVersion: 0)))
    let evil = HTTPRequest(method: "GET", target: "/", headers: [("Host", "evil.example")])
    #expect(!hosts.accepts(evil))
    let refusal = hosts.refusal(for: evil)
    #expect(refusal.status == .misdirectedRequest)
    #expect(refusal.closesConnection)
  }

  @Test("over a socket: another site's name gets 421 and no page; localhost:port gets it")
  func live() throws {
    let site = try SiteFixture()
    let server = try site.startServer()
    defer { server.stop() }
    let evil = try TestHTTPClient(port: server.port)
    defer { evil.close() }
    evil.send("GET /walls/u1/ HTTP/1.1\r\nHost: attacker.example:\(server.port)\r\n\r\n")
    let refused = try evil.readResponse()
    #expect(refused.status == 421)
    #expect(!refused.text.contains("Wall of u1"))
    let good = try TestHTTPClient.get(
      port: server.port, "/walls/u1/", host: "localhost:\(server.port)")
    #expect(good.status == 200)
    #expect(good.text.contains("Wall of u1"))
  }
}

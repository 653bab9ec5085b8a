import Foundation
import Testing
import WallKit

/// Traversal attempts and malformed requests over a real socket: each is answered 4xx, no
/// byte of the secret beside the root (or of the cache) is ever sent, and the server still
/// answers afterwards.
@Suite struct PreviewServerHostileTests {
  static func get(_ target: String) -> [UInt8] {
    Array("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
  }

  static let requests: [(String, [UInt8])] = [
    ("dot-dot", get("/../secret.txt")),
    ("encoded dot-dot", get("/%2e%2e/secret.txt")),
    ("mixed-case encoded dot-dot", get("/%2E%2e/%2e%2E/secret.txt")),
    ("dot-dot after a folder", get("/walls/../../secret.txt")),
    ("encoded slash", get("/..%2fsecret.txt")),
    ("all encoded", get("/%2e%2e%2f%2e%2e%2fsecret.txt")),
    ("backslash", get("/..\\secret.txt")),
    ("encoded backslash", get("/..%5csecret.txt")),
    ("NUL byte", get("/index.html%00.png")),
    ("overlong UTF-8 dots", get("/%c0%ae%c0%ae/secret.txt")),
    ("bad escape", get("/%zz/secret.txt")),
    ("absolute-form target", get("http://127.0.0.1/../secret.txt")),
    ("double slash absolute path", get("//etc/passwd")),
    ("absolute path", get("/etc/passwd")),
    ("symlink to a file outside", get("/leak.txt")),
    ("symlink to the parent", get("/leakdir/secret.txt")),
    ("absolute symlink", get("/absolute.txt")),
    ("sibling with the root's name as prefix", get("/evil/secret.txt")),
    ("cache folder", get("/.wallgen/media/ab/abcd.json")),
    ("encoded cache folder", get("/%2ewallgen/media/ab/abcd.json")),
    ("symlink into the cache", get("/cache/ab/abcd.json")),
    ("folder without index", get("/assets/empty/")),
    ("request line too long", get("/" + String(repeating: "a", count: 9_000))),
    (
      "header too large",
      Array(
        ("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX: " + String(repeating: "b", count: 20_000)
          + "\r\n\r\n")
          .utf8)
    ),
    (
      "too many fields",
      Array(
        ("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n" + String(repeating: "X: y\r\n", count: 200)
          + "\r\n").utf8)
    ),
    (
      "POST with a body",
      Array("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 4\r\n\r\nabcd".utf8)
    ),
    (
      "GET with a body",
      Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 4\r\n\r\nabcd".utf8)
    ),
    (
      "chunked body",
      Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n".utf8)
    ),
    (
      "DELETE",
      Array("DELETE /index.html HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
    ),
    ("no Host", Array("GET / HTTP/1.1\r\n\r\n".utf8)),
    ("HTTP/0.9", Array("GET /secret.txt\r\n\r\n".utf8)),
    ("garbage", Array("HELLO THERE\r\n\r\n".utf8)),
    ("binary junk", [0xFF, 0xFE, 0x00, 0x01, 0x0D, 0x0A, 0x0D, 0x0A]),
    ("NUL in a header", Array("GET / HTTP/1.1\r\nHost: h\0x\r\n\r\n".utf8)),
    ("folded header", Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n x\r\n\r\n".utf8)),
    (
      "another site's name (DNS rebinding)",
      Array("GET /index.html HTTP/1.1\r\nHost: attacker.example\r\n\r\n".utf8)
    ),
    (
      "another site's name with the port",
      Array("GET /index.html HTTP/1.1\r\nHost: attacker.example:8080\r\n\r\n".utf8)
    ),
    ("space in target", Array("GET /a b HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)),
  ]

  @Test("every hostile request gets a 4xx and nothing from outside the root")
  func hostile() throws {
    let site = try SiteFixture()
    let server = try site.startServer()
    defer { server.stop() }
    #expect(Self.requests.count >= 25)
    for (name, bytes) in Self.requests {
      let client = try TestHTTPClient(port: server.port, timeout: 5)
      defer { client.close() }
      client.send(bytes)
      let response = try client.readResponse()
      #expect((400..<500).contains(response.status), "\(name): \(response.statusLine)")
      let text = response.statusLine + response.headers.description + response.text
      #expect(!text.contains(SiteFixture.secret), "\(name) leaked the secret")
      #expect(!text.contains(SiteFixture.cacheSecret), "\(name) leaked the cache")
    }
    let good = try TestHTTPClient.get(port: server.port, "/walls/u1/")
    #expect(good.status == 200)
  }
}

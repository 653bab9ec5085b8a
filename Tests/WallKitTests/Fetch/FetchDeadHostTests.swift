import Foundation
import Testing
import WallKit
import WallKitTestSupport

/// A Parse export's links name a host that is gone (Parse.com's file host): files already in
/// `files/` are there, not failures, and when nothing answers the hint names `--rewrite`
/// (issue 45, item 5).
@Suite struct FetchDeadHostTests {
  /// A port on 127.0.0.1 that nothing listens on: one the system just gave and took back.
  static func closedPort() throws -> Int {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
      }
    }
    try #require(bound)
    return Int(UInt16(bigEndian: address.sin_port))
  }

  @Test("files already there whose host does not answer count as there: exit 0")
  func presentFilesOfADeadHost() throws {
    let folder = try TemporaryDirectory("fetch-dead-host")
    let port = try Self.closedPort()
    let names = ["a.jpg", "b.jpg", "c.jpg"]
    let export = try FetchFixture.export(
      names.map { ($0, "http://127.0.0.1:\(port)/files/\($0)") }, in: folder)
    for name in names {
      try FileSystem.writeAtomically("photo \(name)", to: "\(export)/files/\(name)")
    }
    let (code, err) = FetchFixture.run([export] + FetchFixture.local)
    #expect(code == .success, "\(err)")
    let summary = try #require(err.last)
    #expect(
      summary.hasPrefix(
        "fetched 0 files (0 B), 3 already there (3 not checked: their host did not answer), "
          + "0 failed in "), "\(err)")
    for name in names {
      #expect(FetchFixture.bytes(export, name) == Array("photo \(name)".utf8))
    }
  }

  @Test("when no host answers, the hint names --rewrite")
  func hintNamesRewrite() throws {
    let folder = try TemporaryDirectory("fetch-dead-host-hint")
    let port = try Self.closedPort()
    let export = try FetchFixture.export(
      [("a.jpg", "http://127.0.0.1:\(port)/files/a.jpg")], in: folder)
    let (code, err) = FetchFixture.run([export] + FetchFixture.local + ["--retries", "0"])
    #expect(code == .failure)
    #expect(
      err.last
        == "hint: no host answered; if the files live elsewhere now, map the old address to "
        + "the new one with --rewrite OLD=NEW (see wallgen fetch --help)", "\(err)")
  }
}

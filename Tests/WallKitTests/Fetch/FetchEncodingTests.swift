import Foundation
import Testing
import WallKit
import WallKitTestSupport

/// A body sent with a `Content-Encoding` is measured as it travelled, and kept decoded.
@Suite(
  .fullTier, .enabled(if: FaultServer.python != nil, "needs python3 for the fault-injecting server")
)
struct FetchEncodingTests {
  @Test("a gzip-encoded body is checked against its encoded Content-Length and kept decoded")
  func gzipEncoded() throws {
    let server = try FaultServer()
    let folder = try TemporaryDirectory("fetch-gzip")
    let export = try FetchFixture.export([("z.jpg", server.url("gzip/z"))], in: folder)
    let (code, err) = FetchFixture.run([export] + FetchFixture.local)
    #expect(code == .success, "\(err)")
    #expect(FetchFixture.bytes(export, "z.jpg") == FetchFaultTests.body("z"))
    #expect(server.requests == ["GET /gzip/z"], "one request, not retried")
  }
}

import Foundation
import Synchronization
import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// The preview server's memory does not grow with what it serves (docs/serve.md, "Memory"):
/// the built `wallgen serve` runs as a process of its own, and its peak resident memory
/// (`VmHWM`) is read before and after a burst of large requests.
@Suite(.fullTier) struct ServeMemoryTests {
  typealias P = ParseFixtures

  static let canRun =
    BuiltProduct.wallgen != nil && FileManager.default.fileExists(atPath: "/proc/self/status")

  /// The growth allowed: 60 connections at the stated bound (under 100 KiB each) are 6 MiB;
  /// the rest is room for the allocator and the threads' first touches.
  static let allowedGrowth = 48 << 20

  @Test(
    "60 parallel GETs of an 8 MiB page leave the server's peak memory where it was",
    .enabled(if: canRun, "needs the built wallgen and /proc"))
  func parallelLargePages() throws {
    // Issue 21, item 7: the live-reload injection read whole pages, and this took 958 MB.
    let folder = try TemporaryDirectory("serve-memory")
    let export = try ExportWriter(root: folder.url("export"))
    try export.writeClass("_User", [P.user("uA", username: "a", fbId: "1")])
    try export.writeClass(
      "WallImage", [P.image("i0", uploaderFBId: "1", username: "", fileName: "p.jpg", at: 0)])
    try export.writeFile("files/p.jpg", try ImageFixtures.gradientJPEG(width: 16, height: 12))
    let server = try ServedWallgen([
      folder.url("export"), "-o", folder.url("site"), "--port", "0", "-q",
    ])
    defer { server.stop() }
    let url = try #require(server.lines(1)?.first)
    let port = try #require(ServedWallgen.port(of: url))

    // Written after the first build: the output folder is not watched, so it stays.
    let size = 8 << 20
    let page = "<html><body>" + String(repeating: "x", count: size - 27) + "</body></html>\n"
    try Data(page.utf8).write(to: URL(fileURLWithPath: folder.url("site/big.html")))
    let before = try Self.peakKilobytes(of: server.process.processIdentifier)

    let clients = try (0..<60).map { _ in try TestHTTPClient(port: port, timeout: 30) }
    defer { for client in clients { client.close() } }
    for client in clients { client.request("GET", "/big.html") }
    let results = Mutex<[(status: Int, length: Int, bodyBytes: Int)]>([])
    DispatchQueue.concurrentPerform(iterations: 4) { worker in
      for index in stride(from: worker, to: clients.count, by: 4) {
        let result = (try? clients[index].readCountingBody()) ?? (0, 0, 0)
        results.withLock { $0.append(result) }
      }
    }
    let after = try Self.peakKilobytes(of: server.process.processIdentifier)
    let answers = results.withLock { $0 }
    #expect(answers.count == 60)
    #expect(
      answers.allSatisfy { $0.status == 200 && $0.length > size && $0.bodyBytes == $0.length })
    #expect(
      (after - before) * 1024 < Self.allowedGrowth,
      "peak resident memory went from \(before) KB to \(after) KB")
  }

  /// A process's peak resident memory (`VmHWM`), in KB.
  static func peakKilobytes(of process: Int32) throws -> Int {
    let status = try String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8)
    let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") })
    return try #require(Int(line.filter(\.isNumber)))
  }
}

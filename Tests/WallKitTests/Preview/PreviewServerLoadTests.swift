import Foundation
import Synchronization
import Testing
import WallKit

@Suite struct PreviewServerLoadTests {
  @Test("200 clients connected at once, fetching pages and images, all succeed")
  func concurrentClients() throws {
    let site = try SiteFixture()
    let server = try site.startServer()
    defer { server.stop() }
    let targets = ["/walls/u1/", "/media/ab/abcd-thumb.png", "/", "/assets/wall.css"]
    let count = 200
    // All 200 connect first, so the server holds 200 connections at the same moment.
    let clients = try (0..<count).map { _ in try TestHTTPClient(port: server.port, timeout: 20) }
    defer { for client in clients { client.close() } }
    let failures = Mutex<[String]>([])
    DispatchQueue.concurrentPerform(iterations: 8) { worker in
      for index in stride(from: worker, to: count, by: 8) {
        clients[index].request("GET", targets[index % targets.count])
      }
      for index in stride(from: worker, to: count, by: 8) {
        do {
          let response = try clients[index].readResponse()
          let target = targets[index % targets.count]
          if response.status != 200
            || (target.hasSuffix(".png") && response.body != SiteFixture.png)
          {
            failures.withLock { $0.append("\(index): \(response.statusLine)") }
          }
        } catch {
          failures.withLock { $0.append("\(index): \(error)") }
        }
      }
    }
    #expect(failures.withLock { $0 } == [])
  }
}

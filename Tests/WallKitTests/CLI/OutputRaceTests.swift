import Foundation
import Synchronization
import Testing
import WallKit
import WallKitTestSupport

/// Two builds started at once into one output, public and private, of two exports: one waits
/// its turn or is refused (exit 75), never mixed with the other; the site is always a fresh
/// build of the build that exited 0 last, and stays so after one more build.
@Suite(.fullTier) struct OutputRaceTests {
  /// A build the races run: its export and whether it is private.
  struct Variant: Hashable, CustomStringConvertible {
    var export: String
    var isPrivate: Bool

    var description: String { "\(export)\(isPrivate ? " --private" : "")" }

    /// Its arguments, into `site`.
    func arguments(into site: String) -> [String] {
      ["build", export, "-o", site, "-q", "--jobs", "1"]
        + (isPrivate ? ["--private", "--secret-file", "key"] : [])
    }
  }

  @Test(
    "20 races of public and private builds of two exports into one output: the site is a fresh build of the last build that exited 0",
    .enabled(if: BuiltProduct.wallgen != nil, "no wallgen executable beside the test bundle"))
  func races() throws {
    let folder = try TemporaryDirectory("race")
    try LockFixture.writeExport(at: folder.url("a"), tag: "alpha")
    try LockFixture.writeExport(at: folder.url("b"), tag: "bravo")
    try LockFixture.writeSecret(at: folder.url("key"))
    let variants = ["a", "b"].flatMap {
      [Variant(export: $0, isPrivate: false), Variant(export: $0, isPrivate: true)]
    }
    var fresh: [Variant: [String: [UInt8]]] = [:]
    for (index, variant) in variants.enumerated() {
      let (status, err) = try WallgenProcess.run(
        variant.arguments(into: "fresh\(index)"), in: folder.path)
      try #require(status == 0, "\(variant): \(err)")
      fresh[variant] = try SiteTree.contents(of: folder.url("fresh\(index)"))
    }
    #expect(Set(fresh.values).count == 4, "the four builds must make four different sites")
    let pairs = [(0, 1), (0, 2), (3, 0), (1, 3), (2, 3)]
    for race in 0..<20 {
      let (first, second) = pairs[race % pairs.count]
      let racers =
        race % 2 == 0 ? [variants[first], variants[second]] : [variants[second], variants[first]]
      let finished = Mutex<[Int]>([])
      var processes: [Process] = []
      for (index, racer) in racers.enumerated() {
        let process = try WallgenProcess.start(racer.arguments(into: "site"), in: folder.path) {
          _ in
          finished.withLock { $0.append(index) }
        }
        processes.append(process)
      }
      for process in processes { process.waitUntilExit() }
      _ = Deadline.wait(seconds: 10) { finished.withLock { $0.count } == 2 }
      let statuses = processes.map(\.terminationStatus)
      #expect(statuses.allSatisfy { $0 == 0 || $0 == 75 }, "race \(race): exits \(statuses)")
      let order = finished.withLock { $0 }
      guard let last = order.last(where: { statuses[$0] == 0 }) else {
        Issue.record("race \(race): no build exited 0 (\(statuses))")
        continue
      }
      let winner = racers[last]
      #expect(
        try SiteTree.contents(of: folder.url("site")) == fresh[winner],
        "race \(race): \(racers), \(winner) won")
      let (status, err) = try WallgenProcess.run(winner.arguments(into: "site"), in: folder.path)
      #expect(status == 0, "race \(race): \(err)")
      #expect(
        try SiteTree.contents(of: folder.url("site")) == fresh[winner],
        "race \(race): after one more build")
    }
  }
}

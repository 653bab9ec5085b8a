import Foundation
import Testing
import WallFuzz
import WallKitTestSupport

/// Replays the committed fuzz inputs through the harnesses (docs/fuzzing.md): the seeds, so that
/// a harness that no longer runs is caught here and not only by `make fuzz-smoke`, and every
/// input that once crashed, kept under `Fuzz/Regressions/<target>/`.
@Suite("Fuzz replay", .fullTier)
struct FuzzReplayTests {
  /// The files of `Fuzz/<folder>/<target>/`, sorted.
  static func inputs(_ folder: String, _ target: FuzzTarget) -> [String] {
    let path = RepositoryPaths.path("Fuzz/\(folder)/\(target.rawValue)")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    return names.sorted().map { "\(path)/\($0)" }
  }

  @Test(
    "every committed seed and every input that once crashed runs through its harness",
    arguments: FuzzTarget.allCases)
  func replay(target: FuzzTarget) throws {
    let seeds = Self.inputs("Seeds", target)
    #expect(seeds.count >= 1, "no seeds in Fuzz/Seeds/\(target.rawValue)")
    for file in seeds + Self.inputs("Regressions", target) {
      target.run(Array(try #require(FileManager.default.contents(atPath: file))))
    }
  }

  @Test("the committed seeds are the ones the generator makes", arguments: FuzzTarget.allCases)
  func seedNames(target: FuzzTarget) throws {
    let made = try FuzzSeeds.make(target).map(\.name).sorted()
    let committed = Self.inputs("Seeds", target).map { ($0 as NSString).lastPathComponent }
    #expect(committed == made)
  }
}

import Foundation
import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// `wallgen build --engine plan` stages what it writes and publishes it at the end: a build
/// that fails while publishing is rolled back, and the site, its record and its manifest are as
/// they were, byte for byte.
@Suite(.fullTier, .serialized) struct PlanEngineRollbackTests {
  /// The bytes of the build record and the manifest in `output`'s state folder.
  static func stateFiles(of output: String) throws -> [[UInt8]] {
    let state = SiteBuilder.stateFolder(for: output)
    return try ["last-build.json", "manifest.txt"].map {
      try FileSystem.readFile("\(state)/\($0)", limit: 1 << 26)
    }
  }

  @Test(
    "a build that fails while publishing leaves the last site, record and manifest as they were")
  func failedPublishIsRolledBack() throws {
    let folder = try TemporaryDirectory("plan-engine-rollback")
    let export = folder.url("export")
    let (output, clean) = (folder.url("site"), folder.url("clean"))
    try ShardFixture.write(PlanEngineBuildTests.graph(seed: 5), to: export)
    _ = try PlanEngineBuild(settings: ShardFixture.settings(output, export: export)).build()
    try ShardFixture.write(
      PlanEngineBuildTests.graph(seed: 6, edges: 50, imagesPerUser: 1.5), to: export)
    // The index page, published last, cannot be replaced: a folder stands where it goes. By
    // then the media and the walls of the new site are in place, and must all go back.
    try FileSystem.removeFile("\(output)/index.html")
    try FileSystem.writeAtomically("in the way", to: "\(output)/index.html/blocker")
    let before = try ShardFixture.digests(of: output)
    let state = try Self.stateFiles(of: output)
    let error = #expect(throws: PlanError.self) {
      try PlanEngineBuild(settings: ShardFixture.settings(output, export: export)).build()
    }
    #expect("\(error.map { "\($0)" } ?? "")".contains("index.html"), "names the file")
    #expect(try ShardFixture.digests(of: output) == before, "the site is as it was")
    #expect(try Self.stateFiles(of: output) == state, "the record and manifest are as they were")
    #expect(
      FileSystem.kind(of: "\(SiteBuilder.stateFolder(for: output))/staging") == .missing,
      "the staging folder is gone")

    // Once the way is clear, the next build gives what a clean build gives.
    try FileSystem.removeFile("\(output)/index.html/blocker")
    rmdir("\(output)/index.html")
    let rebuilt = try PlanEngineBuild(settings: ShardFixture.settings(output, export: export))
      .build()
    _ = try PlanEngineBuild(settings: ShardFixture.settings(clean, export: export)).build()
    #expect(try ShardFixture.digests(of: output) == ShardFixture.digests(of: clean))
    #expect(rebuilt.summary.filesRemoved > 0, "the last site's files it no longer makes went")
  }
}

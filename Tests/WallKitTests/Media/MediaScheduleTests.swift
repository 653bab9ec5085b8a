import Testing
import WallKitTestSupport
import WallSynth

// `@testable` for `MediaStage.largestFirst`.
@testable import WallKit
@testable import WallMedia

/// The media stage reads each file once, takes the largest first and still writes the same
/// bytes whatever the order or the number of jobs (issue 13).
@Suite(.fullTier) struct MediaScheduleTests {
  typealias P = ParseFixtures

  /// One user's photos of several sizes and kinds: three widths with a DCT-scaled decode, an
  /// EXIF-rotated JPEG, a translucent PNG (PNG variants), an opaque PNG, and the first photo
  /// again under two other names (one content, made once).
  func makeExport(at root: String) throws -> Int {
    let large = try ImageFixtures.gradientJPEG(width: 1300, height: 400)
    let files: [(String, [UInt8])] = [
      ("large.jpg", large),
      ("medium.jpg", try ImageFixtures.gradientJPEG(width: 660, height: 200)),
      (
        "rotated.jpg",
        ImageFixtures.withEXIFOrientation(
          try ImageFixtures.gradientJPEG(width: 600, height: 340), orientation: 6,
          bigEndian: false)
      ),
      ("translucent.png", try ImageFixtures.checkerPNG(width: 650, height: 120, alpha: true)),
      ("opaque.png", try ImageFixtures.checkerPNG(width: 330, height: 100, alpha: false)),
      ("copy-1.jpg", large),
      ("copy-2.jpg", large),
    ]
    let export = try ExportWriter(root: root)
    try export.writeClass("_User", [P.user("u1", username: "user1", fbId: "1", name: "User 1")])
    try export.writeClass(
      "WallImage",
      files.enumerated().map { index, file in
        P.image("i\(index)", uploaderFBId: "1", username: "", fileName: file.0, at: index * 60)
      })
    for (name, bytes) in files { try export.writeFile("files/\(name)", bytes) }
    return files.count
  }

  func build(_ export: String, _ output: String, jobs: Int) throws -> BuildResult {
    var settings = SiteBuilder.Settings(export: export, output: output)
    settings.pipeline.jobs = jobs
    return try SiteBuilder(settings: settings).build()
  }

  @Test("builds with 1 and 2 jobs, twice each, give byte-identical trees; copies are made once")
  func identicalAcrossRunsAndJobs() throws {
    let folder = try TemporaryDirectory()
    let export = folder.url("export")
    let count = try makeExport(at: export)
    var trees: [[String: [UInt8]]] = []
    for (run, jobs) in [1, 1, 2, 2].enumerated() {
      let result = try build(export, folder.url("site\(run)"), jobs: jobs)
      #expect(result.summary.imagesProcessed == count - 2, "run \(run), jobs \(jobs)")
      #expect(result.summary.imagesFailed == 0)
      trees.append(try SiteTree.contents(of: folder.url("site\(run)")))
    }
    let media = trees[0].keys.filter { $0.hasPrefix("media/") }
    // Five contents: 3 + 2 + 1 + 2 + 1 variants (the rotated photo is 340 wide upright, the
    // opaque PNG 330) and five originals.
    #expect(media.filter { $0.contains("-original.") }.count == 5)
    #expect(media.filter { $0.contains("-w") }.count == 9)
    #expect(media.filter { $0.hasSuffix("-w1280.jpg") }.count == 1)
    #expect(media.filter { $0.hasSuffix(".png") && $0.contains("-w") }.count == 2)
    for (run, tree) in trees.enumerated().dropFirst() {
      #expect(tree == trees[0], "run \(run) differs from run 0")
    }
  }

  @Test("the largest sizes come first; equal sizes keep their order")
  func largestFirst() {
    #expect(MediaStage.largestFirst([]) == [])
    #expect(MediaStage.largestFirst([5, 9, 5, 0, 9, 7]) == [1, 4, 5, 0, 2, 3])
  }
}

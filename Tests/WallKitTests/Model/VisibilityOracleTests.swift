import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// Compares every wall of a generated export over the SNAP ego-Facebook graph (4039 users)
/// with a brute-force reading of the rule in docs/input-format.md (`VisibilityOracle`), after a
/// real import from disk.
@Suite struct VisibilityOracleTests {
  @Test(
    "every wall of the SNAP graph equals the brute-force oracle",
    .enabled(
      if: SNAPGraph.isAvailable,
      "needs the SNAP graph, ../shared/testdata/graphs/facebook_combined.txt"))
  func snapWallsMatchOracle() throws {
    let graph = try #require(try SNAPGraph.load())
    #expect(graph.nodes == 4039 && graph.edges.count == 88234)
    let export = try #require(try SNAPGraph.syntheticExport.get())
    let folder = try TemporaryDirectory("snap")
    try export.write(to: folder.path)
    let result = try ExportImporter.load(folder.path)
    // Only the image files are absent, said in one line; nothing else may be reported.
    #expect(
      result.report.problems.map(\.description) == [
        "files/: the export has no files/ folder, so the \(export.images.count) photos that "
          + "WallImage.json name are shown as placeholders; a Parse export links its files by "
          + "URL: put each file's bytes at \(folder.path)/files/<name>, or download them with "
          + "'wallgen fetch \(folder.path)'"
      ])

    let index = WallIndex(dataset: result.dataset, audience: .owner)
    let oracle = VisibilityOracle(export)
    var mismatches: [String] = []
    var shown = 0
    var seenImages = Set<String>()
    var seenComments = Set<String>()
    for (user, record) in export.users.enumerated() {
      let actual = index.wall(for: record.objectId).map(\.objectId)
      let expected = oracle.wall(user)
      for imageID in expected {
        seenImages.insert(imageID)
        if let image = Int(imageID.dropFirst(3)) {
          seenComments.formUnion(oracle.comments(on: image, user: user))
        }
      }
      if actual != expected { mismatches.append(record.objectId) }
      shown += actual.count
      for imageID in actual {
        guard let image = Int(imageID.dropFirst(3)), oracle.commentsByImage[image] != nil else {
          continue
        }
        let got = index.comments(on: imageID, visibleTo: record.objectId).map(\.objectId)
        if got != oracle.comments(on: image, user: user) {
          mismatches.append("\(record.objectId)/\(imageID)")
        }
      }
    }
    #expect(mismatches.isEmpty, "walls that differ from the oracle: \(mismatches.prefix(10))")
    #expect(shown > 100_000, "the walls should not be trivially empty (\(shown) images shown)")

    // The unseen images and comments the Model reports, against every wall of the oracle.
    let unseenImages = Set(export.images.map(\.objectId)).subtracting(seenImages)
    let unseenComments = Set(
      export.comments.filter {
        seenImages.contains(export.images[$0.image].objectId) && !seenComments.contains($0.objectId)
      }.map(\.objectId))
    var report = ProblemReport()
    index.reportUnseen(into: &report)
    let reported = { (prefix: String) in
      Set(report.problems.filter { $0.reason.hasPrefix(prefix) }.map(\.objectId))
    }
    #expect(report.problems.allSatisfy { $0.severity == .warning })
    // A report lists the first 1,000 problems of a kind per file and counts the rest.
    #expect(reported("no user may see this image").isSubset(of: unseenImages))
    #expect(reported("no user who sees its image may read").isSubset(of: unseenComments))
    #expect(report.warningCount == unseenImages.count + unseenComments.count)
    #expect(
      reported("no user who sees its image may read").count == min(1000, unseenComments.count))
    // Every image reaches some wall in this dense graph (UnseenReportTests has one that does
    // not); about 2,000 comments reach none.
    #expect(unseenComments.count > 100, "\(unseenComments.count) unseen comments")
  }
}

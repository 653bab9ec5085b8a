import Testing
import WallKit
import WallKitTestSupport

/// The shared "Everything" export holds what its documentation says, so the suites that use it
/// can rely on it.
@Suite struct EverythingExportTests {
  @Test("it imports without a problem, with every user, image and comment")
  func imports() throws {
    let folder = try TemporaryDirectory("everything")
    try EverythingExport.write(to: folder.path)
    let result = try ExportImporter.load(folder.path)
    #expect(result.report.problems.isEmpty, "\(result.report.problems)")
    #expect(result.dataset.users.keys.sorted() == EverythingExport.userIDs)
    #expect(result.dataset.images.count == 9)
    #expect(result.dataset.users["uBob"]?.displayName == "Bob Builder")
  }

  @Test("walls follow friends from _Join and graph files, and user, role and public ACLs")
  func walls() throws {
    let folder = try TemporaryDirectory("everything")
    try EverythingExport.write(to: folder.path)
    let index = WallIndex(dataset: try ExportImporter.load(folder.path).dataset, audience: .owner)
    let wall = { (user: String) in index.wall(for: user).map(\.objectId) }
    #expect(
      wall("uAnn") == ["imgBroken", "imgRole", "imgForAnn", "imgAlpha", "imgPublic", "imgOld"])
    #expect(
      wall("uBob") == [
        "imgBroken", "imgNested", "imgRotated", "imgRole", "imgPrivate", "imgAlpha", "imgPublic",
        "imgOld",
      ])
    #expect(wall("uCat") == ["imgBroken", "imgRotated", "imgPublic"])
    #expect(wall("uEve") == ["imgBroken", "imgNested", "imgPublic"])
    #expect(wall("uDan") == [])
    let comments = { (user: String) in
      index.comments(on: "imgPublic", visibleTo: user).map(\.objectId)
    }
    #expect(comments("uAnn") == ["cAnn", "cBob"])
    #expect(comments("uBob") == ["cAnn", "cBob", "cEve"])
    #expect(index.comments(on: "imgOld", visibleTo: "uAnn").map(\.objectId) == ["imgOld:caption"])
  }
}

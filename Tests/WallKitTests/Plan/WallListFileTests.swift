import Foundation
import Testing
import WallKitTestSupport

@testable import WallKit
@testable import WallPlan

/// Finalize's list of walls, kept on disk (`WallListFile`): in the order and with the keys of
/// the dictionary a one-process build keeps, and gone with the list.
@Suite(.fullTier) struct WallListFileTests {
  @Test("the walls come out in Swift's order, each objectId once, as from a dictionary")
  func orderAndKeysOfADictionary() async throws {
    let folder = try TemporaryDirectory("wall-list")
    // In the plan's order (the bytes of the objectIds): "e" + U+0301 and U+00E9 are one key
    // for Swift, and U+00E9 sorts after "f" though "e" + U+0301 does not.
    let given: [(String, String, String)] = [
      ("a", "walls/a/index.html", "Ann"), ("e\u{301}", "walls/x/index.html", "first"),
      ("f", "walls/f/index.html", "Fay"), ("z\t\"", "walls/y/index.html", "Zed\nTwo"),
      ("\u{e9}", "walls/z/index.html", "second"),
    ]
    let writer = try WallListFile.Writer(path: folder.url("walls.sqlite"))
    var pages: [String: String] = [:]
    var owners: [String: OwnerNames] = [:]
    for (objectId, page, name) in given {
      let names = OwnerNames(username: name.lowercased(), displayName: name)
      try writer.add(objectId: objectId, page: page, names: names)
      pages[objectId] = page
      owners[objectId] = names
    }
    let list = try writer.finish()
    let listed = try list.entries()
    let expected = try WallsInMemory(pages: pages, owners: owners).entries()
    #expect(listed == expected)
    #expect(listed.count == 4)
    // The same bytes, not only equal strings: the dictionary's key, the last values.
    #expect(listed.map { Array($0.objectId.utf8) } == expected.map { Array($0.objectId.utf8) })
    #expect(listed.last?.page == "walls/z/index.html")
    // Read again, from another thread.
    let again = try await Task.detached { try list.pages() }.value
    #expect(again == pages)
  }

  @Test("the list's file goes with it, and a killed finalize's is a temporary file")
  func fileGoesWithTheList() throws {
    let folder = try TemporaryDirectory("wall-list-file")
    var path = ""
    do {
      let writer = try WallListFile.Writer(path: folder.url("walls.sqlite"))
      try writer.add(
        objectId: "a", page: "walls/a/index.html",
        names: OwnerNames(username: "a", displayName: "A"))
      let list = try writer.finish()
      path = list.path
      #expect(path.contains(FileSystem.temporarySuffix))
      #expect(FileSystem.kind(of: path) == .regular)
    }
    #expect(!path.isEmpty)
    #expect(FileSystem.kind(of: path) == .missing)
  }
}

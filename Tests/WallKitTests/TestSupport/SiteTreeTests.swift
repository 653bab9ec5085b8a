import Foundation
import Testing
import WallKit
import WallKitTestSupport

/// `SiteTree.touched` sees every rewrite at once, with no sleep between the snapshots, so the
/// "touched no file" tests can fail.
@Suite struct SiteTreeTests {
  /// A folder of three small files and its snapshot.
  func makeTree() throws -> (TemporaryDirectory, [String: FileVersion]) {
    let folder = try TemporaryDirectory("site-tree")
    try FileSystem.createDirectory(folder.url("sub"))
    try FileSystem.writeAtomically("one", to: folder.url("a.html"))
    try FileSystem.writeAtomically("two", to: folder.url("sub/b.html"))
    try FileSystem.writeAtomically("three", to: folder.url("sub/c.css"))
    return (folder, try SiteTree.versions(of: folder.path))
  }

  @Test("a folder left alone is touched nowhere")
  func untouched() throws {
    let (folder, before) = try makeTree()
    #expect(before.keys.sorted() == ["a.html", "sub/b.html", "sub/c.css"])
    #expect(SiteTree.touched(from: before, to: try SiteTree.versions(of: folder.path)) == [])
  }

  @Test("a file rewritten by rename with the same bytes, at once, is touched")
  func atomicRewriteOfSameBytes() throws {
    let (folder, before) = try makeTree()
    try FileSystem.writeAtomically("two", to: folder.url("sub/b.html"))
    #expect(
      SiteTree.touched(from: before, to: try SiteTree.versions(of: folder.path)) == ["sub/b.html"])
  }

  /// Another size, since a write in place of the same size within one tick of the file
  /// system's clock keeps the times (wallgen never writes in place: it renames).
  @Test("a file written in place to another size, at once, is touched")
  func inPlaceRewrite() throws {
    let (folder, before) = try makeTree()
    let handle = try #require(FileHandle(forWritingAtPath: folder.url("a.html")))
    try handle.seekToEnd()
    handle.write(Data("!".utf8))
    try handle.close()
    #expect(
      SiteTree.touched(from: before, to: try SiteTree.versions(of: folder.path)) == ["a.html"])
  }

  @Test("a new file is touched; a removed one is not listed")
  func addedAndRemoved() throws {
    let (folder, before) = try makeTree()
    try FileSystem.writeAtomically("four", to: folder.url("d.js"))
    try FileSystem.removeFile(folder.url("sub/c.css"))
    #expect(SiteTree.touched(from: before, to: try SiteTree.versions(of: folder.path)) == ["d.js"])
  }
}

import Foundation
import Testing
import WallKit
import WallKitTestSupport

/// Below a confined folder (a site, its state folder), nothing is written or removed through a
/// symbolic link (issue #21, item 3).
@Suite struct ConfinedFoldersTests {
  /// A folder `site` (confined) with `walls/u1` a symlink to `outside`, which holds `index.html`.
  func siteWithLink() throws -> (TemporaryDirectory, site: String, outside: String) {
    let folder = try TemporaryDirectory()
    let (site, outside) = (folder.url("site"), folder.url("outside"))
    try FileSystem.writeAtomically("mine", to: "\(outside)/index.html")
    try FileSystem.createDirectory("\(site)/walls")
    try FileManager.default.createSymbolicLink(
      atPath: "\(site)/walls/u1", withDestinationPath: outside)
    ConfinedFolders.confine(site)
    return (folder, site, outside)
  }

  @Test("a write through a symlinked folder is refused, naming the link, whatever the spelling")
  func writeThroughLink() throws {
    let (folder, site, outside) = try siteWithLink()
    for path in [
      "\(site)/walls/u1/index.html", "\(site)//walls/./u1/index.html",
      "\(site)/walls/u1/new/page.html",
    ] {
      let error = #expect(throws: WriteError.self, "\(path)") {
        try FileSystem.writeAtomically("page", to: path)
      }
      #expect(error?.path.hasSuffix("/walls/u1") == true)
      #expect(error?.reason.contains("is a symbolic link inside") == true)
    }
    #expect(try FileSystem.readFile("\(outside)/index.html", limit: 64) == Array("mine".utf8))
    #expect(FileSystem.contents(of: outside) == ["index.html"])
    _ = folder
  }

  @Test("removing a file through a symlinked folder is refused; a symlink named is replaced")
  func removeAndReplace() throws {
    let (folder, site, outside) = try siteWithLink()
    #expect(throws: WriteError.self) { try FileSystem.removeFile("\(site)/walls/u1/index.html") }
    #expect(FileSystem.removeEmptyFolders(from: "\(site)/walls/u1/sub", upTo: site) == 0)
    // A symlink at the file's own name is replaced by the file, not written through.
    try FileSystem.createDirectory("\(site)/media")
    try FileManager.default.createSymbolicLink(
      atPath: "\(site)/media/x.jpg", withDestinationPath: "\(outside)/index.html")
    try FileSystem.writeAtomically("thumb", to: "\(site)/media/x.jpg")
    #expect(FileSystem.linkKind(of: "\(site)/media/x.jpg") == .regular)
    #expect(try FileSystem.readFile("\(outside)/index.html", limit: 64) == Array("mine".utf8))
    _ = folder
  }

  @Test("the prune never deletes through a symlinked folder, confined or not")
  func pruneThroughLink() throws {
    let folder = try TemporaryDirectory()
    let (site, outside) = (folder.url("site"), folder.url("outside"))
    try FileSystem.writeAtomically("mine", to: "\(outside)/index.html")
    try FileSystem.writeAtomically("page", to: "\(site)/walls/u2/index.html")
    try FileSystem.createDirectory("\(site)/walls")
    try FileManager.default.createSymbolicLink(
      atPath: "\(site)/walls/u1", withDestinationPath: outside)
    let previous = BuildManifest(files: ["walls/u1/index.html", "walls/u2/index.html"])
    let error = #expect(throws: WriteError.self) {
      try BuildManifest(files: []).prune(
        previous: previous, siteRoot: site, stateRoot: folder.url("state"))
    }
    #expect(error?.path == "\(site)/walls/u1")
    #expect(try FileSystem.readFile("\(outside)/index.html", limit: 64) == Array("mine".utf8))
  }

  @Test("real folders below a confined folder are made and written as before")
  func realFolders() throws {
    let folder = try TemporaryDirectory()
    let site = folder.url("site/")
    ConfinedFolders.confine(site)
    #expect(ConfinedFolders.isConfined(folder.url("site/walls/u1/index.html")))
    #expect(!ConfinedFolders.isConfined(folder.url("site")))
    #expect(!ConfinedFolders.isConfined(folder.url("site-2/index.html")))
    try FileSystem.writeAtomically("page", to: "\(site)walls/u1/index.html")
    try FileSystem.writeAtomically("again", to: "\(site)/walls/u1/index.html")
    #expect(
      try FileSystem.readFile("\(site)/walls/u1/index.html", limit: 64) == Array("again".utf8))
    try FileSystem.removeFile("\(site)/walls/u1/index.html")
    #expect(
      FileSystem.removeEmptyFolders(from: folder.url("site/walls/u1"), upTo: folder.url("site"))
        == 2)
    // Made again after its removal: the folder forgotten is checked anew.
    try FileSystem.writeAtomically("page", to: "\(site)/walls/u1/index.html")
  }
}

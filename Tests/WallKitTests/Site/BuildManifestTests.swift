import Foundation
import Testing
import WallKit
import WallKitTestSupport

@Suite struct BuildManifestTests {
  @Test("allFilesExist holds only while every listed file is a regular file")
  func allFilesExist() throws {
    let folder = try TemporaryDirectory()
    let site = folder.url("site")
    let files = ["index.html", "walls/u1/index.html", "walls/u1/page-2.html", "media/ab/x.jpg"]
    for file in files { try FileSystem.writeAtomically("x", to: "\(site)/\(file)") }
    let manifest = BuildManifest(files: files)
    #expect(manifest.allFilesExist(siteRoot: site, jobs: 2))

    // A symlink to a regular file counts, as `stat` sees it.
    try FileSystem.writeAtomically("y", to: folder.url("elsewhere.jpg"))
    try FileManager.default.removeItem(atPath: "\(site)/media/ab/x.jpg")
    try FileManager.default.createSymbolicLink(
      atPath: "\(site)/media/ab/x.jpg", withDestinationPath: folder.url("elsewhere.jpg"))
    #expect(manifest.allFilesExist(siteRoot: site, jobs: 2))

    try FileManager.default.removeItem(atPath: "\(site)/walls/u1/page-2.html")
    #expect(!manifest.allFilesExist(siteRoot: site, jobs: 2))
    try FileManager.default.createDirectory(
      atPath: "\(site)/walls/u1/page-2.html", withIntermediateDirectories: true)
    #expect(!manifest.allFilesExist(siteRoot: site, jobs: 1))
    #expect(!BuildManifest(files: ["missing/folder/a.html"]).allFilesExist(siteRoot: site, jobs: 1))
  }

  @Test(
    "the temporaries killed builds left are removed at any depth; nothing else, no link followed")
  func staleTemporaries() throws {
    let folder = try TemporaryDirectory()
    let site = folder.url("site")
    let stale = FileSystem.temporarySuffix + "123-4"
    let kept = ["index.html", "walls/u1/index.html", "media/ab/cd/x.jpg", "walls/u1/notes.tmp"]
    for file in kept + [
      "index.html\(stale)", "walls/u1/page-2.html\(stale)", "media/ab/cd/x.jpg\(stale)",
    ] {
      try FileSystem.writeAtomically("x", to: "\(site)/\(file)")
    }
    // A folder of temporaries elsewhere, linked into the site: never walked into.
    let outside = folder.url("outside/page.html\(stale)")
    try FileSystem.writeAtomically("x", to: outside)
    try FileManager.default.createSymbolicLink(
      atPath: "\(site)/walls/linked", withDestinationPath: folder.url("outside"))
    BuildManifest.removeStaleTemporaries(siteRoot: site)
    let left = try SiteTree.contents(of: site).keys.sorted()
    #expect(left == kept.sorted())
    #expect(FileSystem.kind(of: outside) == .regular)
  }
}

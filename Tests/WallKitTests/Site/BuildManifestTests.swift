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
}

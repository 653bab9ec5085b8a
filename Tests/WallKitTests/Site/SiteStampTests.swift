import Testing
import WallKit
import WallKitTestSupport

/// A site's stamp (`SiteStamp`) is one digest of every listed file's state, whether the paths
/// are held or streamed from the manifest in batches for several workers.
@Suite struct SiteStampTests {
  /// A site of `count` small files, and its manifest's lines (sorted, with a record line that
  /// the stamp leaves out).
  func makeSite(_ count: Int, in folder: TemporaryDirectory) throws -> (String, BuildManifest) {
    let paths = (0..<count).map { "walls/u\($0 % 4)/page-\($0).html" }
    for path in paths { try FileSystem.writeAtomically("page \(path)", to: folder.url(path)) }
    return (folder.path, BuildManifest(files: paths, records: ["media/aa/x.json"]))
  }

  @Test("the streamed stamp, in batches of any size for any workers, is the held one")
  func streamedIsHeld() throws {
    let folder = try TemporaryDirectory()
    let (site, manifest) = try makeSite(23, in: folder)
    let held = try #require(SiteStamp.stamp(files: manifest.files, siteRoot: site, jobs: 1))
    for (chunk, jobs) in [(1, 1), (3, 2), (5, 4), (4_096, 2)] {
      let streamed = try SiteStamp.stamp(
        lines: ManifestLines.memory(manifest.lines).source(), siteRoot: site, jobs: jobs,
        chunk: chunk)
      #expect(streamed == held, "chunk \(chunk), \(jobs) workers")
    }
  }

  @Test("a file rewritten, or one that is not a regular file, changes or voids the stamp")
  func changes() throws {
    let folder = try TemporaryDirectory()
    let (site, manifest) = try makeSite(9, in: folder)
    func streamed() throws -> String? {
      try SiteStamp.stamp(
        lines: ManifestLines.memory(manifest.lines).source(), siteRoot: site, jobs: 2, chunk: 2)
    }
    let before = try #require(try streamed())
    try FileSystem.writeAtomically(
      "page walls/u3/page-7.html", to: folder.url("walls/u3/page-7.html"))
    let rewritten = try #require(try streamed())
    #expect(rewritten != before)
    try FileSystem.removeFile(folder.url("walls/u0/page-8.html"))
    try FileSystem.createDirectory(folder.url("walls/u0/page-8.html"))
    #expect(try streamed() == nil)
    #expect(SiteStamp.stamp(files: manifest.files, siteRoot: site, jobs: 2) == nil)
  }
}

import Testing
import WallKit
import WallKitTestSupport

/// `--precompress`: a gzip copy beside each text file of the site, read back with a deflate
/// decoder of the tests' own (`Inflate`), never with zlib, which wrote them.
@Suite(.fullTier) struct PrecompressTests {
  /// Builds the Everything export into `site` of `folder`.
  @discardableResult
  static func build(
    in folder: TemporaryDirectory, precompress: Bool, pageSize: Int = 5
  ) throws -> BuildResult {
    var settings = SiteBuilder.Settings(export: folder.url("export"), output: folder.url("site"))
    settings.pipeline.pageSize = pageSize
    settings.pipeline.precompress = precompress
    return try SiteBuilder(settings: settings).build()
  }

  /// Checks that every text file of `site` has a copy that inflates to it, no other file has
  /// one, and every copy has its file; returns how many copies there are.
  static func expectCopies(in site: String) throws -> Int {
    let files = SiteTree.files(in: site)
    let present = Set(files)
    var copies = 0
    for file in files {
      if file.hasSuffix(".gz") {
        let source = String(file.dropLast(3))
        #expect(present.contains(source), "\(file) has no file")
        #expect(Precompression.isText(source), "\(file) is the copy of no text file")
        continue
      }
      let copy = file + ".gz"
      guard Precompression.isText(file) else {
        #expect(!present.contains(copy), "\(file) is no text file, yet has a copy")
        continue
      }
      #expect(present.contains(copy), "\(file) has no copy")
      guard present.contains(copy) else { continue }
      let gzip = try FileSystem.readFile("\(site)/\(copy)", limit: 1 << 26)
      // No name and a time of 0 in the header: the same file always gives the same copy.
      #expect(Array(gzip[3..<8]) == [0, 0, 0, 0, 0], "\(copy)'s header")
      #expect(
        try Inflate.gzip(gzip) == (try FileSystem.readFile("\(site)/\(file)", limit: 1 << 26)),
        "\(copy) does not inflate to \(file)")
      copies += 1
    }
    return copies
  }

  @Test(
    "with --precompress every text file has a gzip copy that inflates to it, media have none, the manifest lists none, and a rebuild rewrites none"
  )
  func copies() throws {
    let folder = try TemporaryDirectory("precompress")
    try EverythingExport.write(to: folder.url("export"))
    try Self.build(in: folder, precompress: true)
    let site = folder.url("site")
    let copies = try Self.expectCopies(in: site)
    #expect(copies > 10)
    #expect(SiteTree.files(in: site).contains("walls/uAnn/index.html.gz"))
    // A WACZ and a bag hold the manifest's files: the site's own, never a copy.
    let manifest = BuildManifest.load(stateRoot: SiteBuilder.stateFolder(for: site))
    #expect(!manifest.files.isEmpty && !manifest.files.contains { $0.hasSuffix(".gz") })
    let before = try SiteTree.versions(of: site)
    try Self.build(in: folder, precompress: true)
    #expect(SiteTree.touched(from: before, to: try SiteTree.versions(of: site)) == [])
  }

  @Test(
    "a changed page gets a new copy, a page that goes takes its copy, and a build without --precompress removes every copy"
  )
  func followsTheSite() throws {
    let folder = try TemporaryDirectory("precompress")
    try EverythingExport.write(to: folder.url("export"))
    let site = folder.url("site")
    // Two photos a page: Ann's wall has a page 2 (and more).
    try Self.build(in: folder, precompress: true, pageSize: 2)
    #expect(FileSystem.kind(of: "\(site)/walls/uAnn/page-2.html.gz") == .regular)
    let first = try FileSystem.readFile("\(site)/walls/uAnn/index.html.gz", limit: 1 << 24)
    // Ten a page: page 2 goes, and its copy; page 1 changes, and its copy is made again.
    try Self.build(in: folder, precompress: true, pageSize: 10)
    #expect(FileSystem.kind(of: "\(site)/walls/uAnn/page-2.html") == .missing)
    #expect(FileSystem.kind(of: "\(site)/walls/uAnn/page-2.html.gz") == .missing)
    #expect(try FileSystem.readFile("\(site)/walls/uAnn/index.html.gz", limit: 1 << 24) != first)
    #expect(try Self.expectCopies(in: site) > 10)
    try Self.build(in: folder, precompress: false, pageSize: 10)
    #expect(!SiteTree.files(in: site).contains { $0.hasSuffix(".gz") })
  }
}

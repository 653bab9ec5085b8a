import Foundation
import Testing
import WallKit
import WallKitTestSupport

/// A site's WACZ holds exactly the files of the build that wrote it, and is written with
/// bounded memory: from the manifest as a stream, its index sorted on disk (issues 43 and 44).
@Suite(.fullTier) struct SiteWACZContentsTests {
  /// The paths a WACZ archives, read from its index's URLs, sorted.
  static func archivedPaths(_ wacz: String) throws -> [String] {
    let archive = try ZipArchive(path: wacz)
    let index = try #require(archive.entry(named: "indexes/index.cdx"))
    let text = String(decoding: try archive.contents(of: index, limit: 64 << 20), as: UTF8.self)
    var paths: [String] = []
    for line in text.split(separator: "\n") {
      let json = try JSONReader.parse(Array(line.drop { $0 != "{" }.utf8))
      let url = try #require(json["url"]?.stringValue)
      paths.append(String(url.dropFirst("https://wallgen.invalid/".count)))
    }
    return paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }

  /// The index and pages of a WACZ, the parts that name what it holds.
  static func index(_ wacz: String) throws -> [String] {
    let archive = try ZipArchive(path: wacz)
    return try ["indexes/index.cdx", "pages/pages.jsonl"].map { name in
      let entry = try #require(archive.entry(named: name))
      return String(decoding: try archive.contents(of: entry, limit: 64 << 20), as: UTF8.self)
    }
  }

  @Test("build --wacz archives the manifest's files, not what else lies in the output")
  func onlyTheBuildsFiles() throws {
    let folder = try TemporaryDirectory("wacz-manifest")
    let export = try ArchiveFixture.write(in: folder)
    let site = folder.url("site")
    #expect(ArchiveFixture.runCLI(["build", export, "-o", site, "-q"]).0 == .success)
    for planted in [".env", ".git/config", ".htpasswd", "walls/uZed/index.html"] {
      try FileSystem.writeAtomically("SECRET=1\n", to: "\(site)/\(planted)")
    }
    let wacz = folder.url("site.wacz")
    let built = ArchiveFixture.runCLI(["build", export, "-o", site, "-q", "--wacz", wacz])
    #expect(built.0 == .success, "\(built.err)")
    let manifest = BuildManifest.load(stateRoot: SiteBuilder.stateFolder(for: site))
    #expect(!manifest.files.isEmpty)
    #expect(try Self.archivedPaths(wacz) == manifest.files)
  }

  @Test("a public build over a private site whose state was lost archives no private wall")
  func lostStateKeepsPrivateWallsOut() throws {
    let folder = try TemporaryDirectory("wacz-lost-state")
    let export = try ArchiveFixture.write(in: folder)
    let site = folder.url("P")
    let secret = folder.url("secret")
    try FileSystem.writeAtomically("0123456789abcdef0123456789", to: secret)
    let privateBuild = ArchiveFixture.runCLI([
      "build", export, "-o", site, "-q", "--private", "--secret-file", secret,
    ])
    #expect(privateBuild.0 == .success, "\(privateBuild.err)")
    let privateFiles = Set(SiteTree.files(in: site).filter { $0.hasPrefix("walls/") })
    #expect(!privateFiles.isEmpty)
    try FileManager.default.removeItem(atPath: SiteBuilder.stateFolder(for: site))
    let wacz = folder.url("p.wacz")
    let publicBuild = ArchiveFixture.runCLI([
      "build", export, "-o", site, "-q", "--force", "--wacz", wacz,
    ])
    #expect(publicBuild.0 == .success, "\(publicBuild.err)")
    let archived = try Self.archivedPaths(wacz)
    #expect(privateFiles.isDisjoint(with: archived), "a private wall was archived")
    let manifest = BuildManifest.load(stateRoot: SiteBuilder.stateFolder(for: site))
    #expect(archived == manifest.files)
  }

  @Test("--finalize --wacz archives the sharded site as a one-process build archives its own")
  func finalizeWritesTheSameArchive() throws {
    let folder = try TemporaryDirectory("wacz-finalize")
    let export = try ArchiveFixture.write(in: folder)
    let (one, sharded, plan) = (folder.url("one"), folder.url("sharded"), folder.url("plan"))
    let oneWACZ = folder.url("one.wacz")
    let built = ArchiveFixture.runCLI(["build", export, "-o", one, "-q", "--wacz", oneWACZ])
    #expect(built.0 == .success, "\(built.err)")
    #expect(ArchiveFixture.runCLI(["plan", export, "-o", plan, "-q"]).0 == .success)
    let shard = ["build", "--plan", plan, "-o", sharded, "-q"]
    for part in ["0/2", "1/2"] {
      #expect(ArchiveFixture.runCLI(shard + ["--shard", part]).0 == .success)
    }
    let refused = ArchiveFixture.runCLI(shard + ["--shard", "0/2", "--wacz", folder.url("x.wacz")])
    #expect(refused.0 == .usage)
    #expect(refused.err.contains("not to one shard"), "\(refused.err)")
    let shardedWACZ = folder.url("sharded.wacz")
    let finalized = ArchiveFixture.runCLI(shard + ["--finalize", "--wacz", shardedWACZ])
    #expect(finalized.0 == .success, "\(finalized.err)")
    #expect(try Self.archivedPaths(shardedWACZ) == Self.archivedPaths(oneWACZ))
    #expect(
      try Self.archivedPaths(shardedWACZ)
        == BuildManifest.load(stateRoot: SiteBuilder.stateFolder(for: sharded)).files)
  }

  @Test("an index sorted on disk, a line per run, is the index sorted in memory")
  func indexSortedOnDisk() throws {
    let folder = try TemporaryDirectory("wacz-spill")
    var resources: [WACZResource] = []
    for index in 0..<40 {
      let name = "walls/u\(String(index * 7919 % 40, radix: 36))/index.html"
      resources.append(
        WACZResource(path: name, source: .bytes(Array("<title>\(index)</title>".utf8))))
    }
    let pages = resources.map(\.path).shuffled()
    let time = WARCTime(unixSeconds: 1_700_000_000)
    for (name, budget) in [("memory.wacz", WACZWriter.indexBudget), ("disk.wacz", 1)] {
      _ = try WACZWriter.write(
        WACZWriter.Contents(resources: resources.shuffled(), pages: pages, title: "t"),
        to: folder.url(name), base: .standard, time: time, indexBudget: budget)
    }
    #expect(try Self.index(folder.url("disk.wacz")) == Self.index(folder.url("memory.wacz")))
    #expect(
      try FileSystem.readFile(folder.url("disk.wacz"), limit: 1 << 24)
        == FileSystem.readFile(folder.url("memory.wacz"), limit: 1 << 24))
    #expect(FileSystem.contents(of: folder.path).sorted() == ["disk.wacz", "memory.wacz"])
  }

  @Test("files out of path order, or one path twice, are refused naming them")
  func outOfOrderRefused() throws {
    let folder = try TemporaryDirectory("wacz-order")
    let root = folder.url("site")
    for name in ["a.html", "b.html"] { try FileSystem.writeAtomically("x", to: "\(root)/\(name)") }
    let time = WARCTime(unixSeconds: 1_700_000_000)
    for (paths, reason) in [
      (["b.html", "a.html"], "the files are not in path order: 'a.html' after 'b.html'"),
      (["a.html", "a.html"], "two files have the path 'a.html'"),
    ] {
      let contents = WACZWriter.Contents(
        resources: WACZFolderFiles(root: root, paths: ArrayLineSource(paths)),
        pages: ArrayLineSource(["a.html"]), title: nil)
      let error = #expect(throws: WACZError.self) {
        try WACZWriter.write(contents, to: folder.url("x.wacz"), base: .standard, time: time)
      }
      #expect(error?.reason == reason)
    }
    #expect(FileSystem.kind(of: folder.url("x.wacz")) == .missing)
  }
}

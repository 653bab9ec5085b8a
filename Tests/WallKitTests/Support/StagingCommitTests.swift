import Testing
import WallKit
import WallKitTestSupport

/// Staged files go into place only through a `StagingCommit`, which undoes every move when one
/// fails part way.
@Suite struct StagingCommitTests {
  /// A site with a page, a photo and a wall, and a staging area beside it.
  func makeSite(in folder: TemporaryDirectory) throws -> StagingArea {
    for (path, text) in [
      ("site/index.html", "old index"), ("site/media/aa/x.jpg", "old photo"),
      ("site/walls/u1/index.html", "old wall"), ("site/blocker", "a file, not a folder"),
      ("state/last-build.json", "old record"),
    ] {
      try FileSystem.writeAtomically(text, to: folder.url(path))
    }
    return try StagingArea(
      folder: folder.url("state/staging"), siteRoot: folder.url("site"),
      stateRoot: folder.url("state"))
  }

  /// Every file under the site and the state folder but the staging area, with its bytes.
  func tree(_ folder: TemporaryDirectory) throws -> [String: [UInt8]] {
    var files = try SiteTree.contents(of: folder.url("site"))
    for (path, bytes) in try SiteTree.contents(of: folder.url("state"))
    where !path.hasPrefix("staging/") {
      files["state/" + path] = bytes
    }
    return files
  }

  @Test(
    "a failure part way is rolled back: every file and folder as before",
    arguments: [true, false])
  func rollBack(swaps: Bool) throws {
    let folder = try TemporaryDirectory()
    let area = try makeSite(in: folder)
    let before = try tree(folder)
    try area.stage(Array("new photo".utf8), at: "media/bb/y.jpg", in: .site)
    try area.stage(Array("new index".utf8), at: "index.html", in: .site)
    try area.stage(Array("new wall".utf8), at: "walls/u2/index.html", in: .site)
    try area.stage(Array("changed wall".utf8), at: "walls/u1/index.html", in: .site)
    try area.stage(Array("cannot go".utf8), at: "blocker/file", in: .site)
    let commit = StagingCommit(area: area)
    commit.swaps = swaps
    try commit.remove("last-build.json", in: .state)
    for file in ["media/bb/y.jpg", "index.html", "walls/u2/index.html", "walls/u1/index.html"] {
      try commit.place(file, in: .site)
    }
    #expect(
      String(
        decoding: try FileSystem.readFile(folder.url("site/index.html"), limit: 99), as: UTF8.self)
        == "new index")
    let error = #expect(throws: WriteError.self) { try commit.place("blocker/file", in: .site) }
    #expect(error?.reason == "exists and is not a folder")
    commit.rollBack()
    #expect(try tree(folder) == before)
    #expect(FileSystem.kind(of: folder.url("site/media/bb")) == .missing)
    #expect(FileSystem.kind(of: folder.url("site/walls/u2")) == .missing)
    area.discard()
    #expect(FileSystem.kind(of: folder.url("state/staging")) == .missing)
  }

  @Test("a first build's site is moved in whole; a folder that cannot be written is found first")
  func firstBuildAndPreparation() throws {
    let folder = try TemporaryDirectory()
    let area = try StagingArea(
      folder: folder.url("state/staging"), siteRoot: folder.url("out/site"),
      stateRoot: folder.url("state"))
    for path in ["index.html", "media/aa/x.jpg", "walls/u1/index.html"] {
      try area.stage(Array(path.utf8), at: path, in: .site)
    }
    let commit = StagingCommit(area: area)
    try commit.prepare(folders: [folder.url("out/site/walls/u1"), folder.url("state")])
    for path in area.stagedFiles(in: .site) { try commit.place(path, in: .site) }
    #expect(SiteTree.files(in: folder.url("out/site")) == area.stagedFiles(in: .site))
    area.discard()

    try FileSystem.writeAtomically("x", to: folder.url("file"))
    let refused = #expect(throws: WriteError.self) {
      try StagingCommit(area: area).prepare(folders: [folder.url("file/sub")])
    }
    #expect(refused?.path == folder.url("file"))
  }

  @Test(
    "a tree placed by walking the staging folder is rolled back from a change list on disk",
    arguments: [true, false])
  func placeAllRollsBack(swaps: Bool) throws {
    let folder = try TemporaryDirectory()
    let area = try makeSite(in: folder)
    let before = try tree(folder)
    for path in [
      "media/aa/x.jpg", "media/aa/z.jpg", "media/bb/y.jpg", "walls/u1/index.html",
      "walls/u 2/a page.html", "index.html",
    ] {
      try area.stage(Array("new \(path)".utf8), at: path, in: .site)
    }
    try area.stage(Array("new record".utf8), at: "media/aa/x.json", in: .state)
    // One change held in memory: the others go to the list on disk and come back from it.
    let commit = StagingCommit(area: area, changesHeld: 1)
    commit.swaps = swaps
    try commit.remove("last-build.json", in: .state)
    try commit.placeAll(in: .state)
    try commit.placeAll(in: .site) { name, isFolder in name == "media" ? 0 : isFolder ? 1 : 2 }
    #expect(FileSystem.kind(of: area.folder + "/changes") == .regular)
    let placed = try SiteTree.contents(of: folder.url("site"))
    #expect(placed["walls/u 2/a page.html"] == Array("new walls/u 2/a page.html".utf8))
    #expect(placed["media/aa/x.jpg"] == Array("new media/aa/x.jpg".utf8))
    #expect(placed["index.html"] == Array("new index.html".utf8))
    #expect(placed["blocker"] == Array("a file, not a folder".utf8))
    commit.rollBack()
    #expect(try tree(folder) == before)
    #expect(FileSystem.kind(of: folder.url("site/walls/u 2")) == .missing)
    #expect(FileSystem.kind(of: folder.url("site/media/bb")) == .missing)
    #expect(FileSystem.kind(of: area.folder + "/changes") == .missing)
  }

  @Test("placing a tree stops at a file where a staged folder goes, and is rolled back")
  func placeAllRefusesAFileForAFolder() throws {
    let folder = try TemporaryDirectory()
    let area = try makeSite(in: folder)
    let before = try tree(folder)
    try area.stage(Array("new index".utf8), at: "index.html", in: .site)
    try area.stage(Array("cannot go".utf8), at: "blocker/file", in: .site)
    let commit = StagingCommit(area: area, changesHeld: 1)
    // The root's files go first here, so the index is replaced before the failure.
    let error = #expect(throws: WriteError.self) {
      try commit.placeAll(in: .site) { _, isFolder in isFolder ? 1 : 0 }
    }
    #expect(error?.path == folder.url("site/blocker"))
    #expect(try SiteTree.contents(of: folder.url("site"))["index.html"] == Array("new index".utf8))
    commit.rollBack()
    #expect(try tree(folder) == before)
  }

  @Test("a first build's whole site is moved in by placing its tree, and moved back on rollback")
  func placeAllFirstBuild() throws {
    let folder = try TemporaryDirectory()
    let area = try StagingArea(
      folder: folder.url("state/staging"), siteRoot: folder.url("out/site"),
      stateRoot: folder.url("state"), listsFiles: false)
    for path in ["index.html", "media/aa/x.jpg", "walls/u1/index.html"] {
      try area.stage(Array(path.utf8), at: path, in: .site)
    }
    #expect(area.stagedFiles(in: .site).isEmpty)
    let commit = StagingCommit(area: area)
    try commit.placeAll(in: .site)
    #expect(
      SiteTree.files(in: folder.url("out/site"))
        == ["index.html", "media/aa/x.jpg", "walls/u1/index.html"])
    commit.rollBack()
    #expect(FileSystem.kind(of: folder.url("out")) == .missing)
    #expect(FileSystem.kind(of: area.stagedPath("index.html", in: .site)) == .regular)
  }

  /// Whether the temporary folder's file system swaps two files in one call.
  static let exchangeWorks: Bool = {
    guard let folder = try? TemporaryDirectory(),
      (try? FileSystem.writeAtomically("a", to: folder.url("a"))) != nil,
      (try? FileSystem.writeAtomically("b", to: folder.url("b"))) != nil
    else { return false }
    return FileSystem.exchange(folder.url("a"), folder.url("b")) == .swapped
  }()

  @Test(
    "a replaced file is swapped with the staged one, kept at the staged name until discarded",
    .enabled(if: exchangeWorks, "the temporary folder's file system cannot swap two files"))
  func swapKeepsTheReplacedFile() throws {
    let folder = try TemporaryDirectory()
    let area = try makeSite(in: folder)
    try area.stage(Array("new index".utf8), at: "index.html", in: .site)
    let commit = StagingCommit(area: area)
    try commit.placeAll(in: .site)
    #expect(commit.swaps)
    #expect(
      try FileSystem.readFile(area.stagedPath("index.html", in: .site), limit: 99)
        == Array("old index".utf8))
    #expect(FileSystem.kind(of: area.folder + "/previous") == .missing)
    area.discard()
    #expect(
      try FileSystem.readFile(folder.url("site/index.html"), limit: 99)
        == Array("new index".utf8))
  }

  @Test(
    "a file staged where the site has a folder is refused, and the folder stays",
    arguments: [true, false])
  func fileForAFolder(swaps: Bool) throws {
    let folder = try TemporaryDirectory()
    let area = try makeSite(in: folder)
    let before = try tree(folder)
    try area.stage(Array("a file".utf8), at: "walls/u1", in: .site)
    let commit = StagingCommit(area: area)
    commit.swaps = swaps
    let error = #expect(throws: WriteError.self) { try commit.place("walls/u1", in: .site) }
    #expect(error?.path == folder.url("site/walls/u1"))
    #expect(FileSystem.kind(of: folder.url("site/walls/u1")) == .directory)
    commit.rollBack()
    #expect(try tree(folder) == before)
  }
}

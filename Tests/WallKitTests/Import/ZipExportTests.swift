import Testing
import WallKit
import WallKitTestSupport
import WallSynth

@Suite struct ZipExportTests {
  typealias P = ParseFixtures

  /// Writes the same small export as a folder and as a zip (under a top folder, as zipping a
  /// folder does), with one hostile entry in the zip.
  func makeExports(in folder: TemporaryDirectory) throws -> (folder: String, zip: String) {
    let root = folder.url("export")
    let export = try ExportWriter(root: root)
    try export.writeClass(
      "_User", [P.user("uA", username: "ann", fbId: "1"), P.user("uB", username: "bob", fbId: "2")])
    try export.writeClass(
      "_Join:friends:_User", [P.friendRow("uA", "uB"), P.friendRow("uB", "uA")])
    try export.writeClass(
      "WallImage", [P.image("i1", uploaderFBId: "2", username: "bob", fileName: "p.png", at: 5)])
    try export.writeFile("files/p.png", [1, 2, 3])
    try export.writeFile(
      "graph/1.json", Array(P.graph(fbId: "1", name: "Ann Lee", friends: []).serialized.utf8))
    let zipPath = folder.url("export.zip")
    let writer = try ZipWriter(path: zipPath)
    let time = ZipTimestamp(unixSeconds: 1_400_000_000)
    for name in [
      "_User.json", "_Join:friends:_User.json", "WallImage.json", "files/p.png", "graph/1.json",
    ] {
      try writer.addFile(named: "export/\(name)", contentsOf: "\(root)/\(name)", modified: time)
    }
    try writer.finish()
    return (root, zipPath)
  }

  @Test("a zip export reads the same as the folder it was made from")
  func sameAsFolder() throws {
    let folder = try TemporaryDirectory()
    let paths = try makeExports(in: folder)
    let fromFolder = try ExportImporter.load(paths.folder)
    let fromZip = try ExportImporter.load(paths.zip)
    #expect(fromZip.report.problems.isEmpty, "\(fromZip.report.problems)")
    #expect(fromZip.dataset.users == fromFolder.dataset.users)
    #expect(fromZip.dataset.images == fromFolder.dataset.images)
    #expect(fromZip.dataset.friends == fromFolder.dataset.friends)
    #expect(fromZip.dataset.users["uA"]?.displayName == "Ann Lee")
    #expect(try fromZip.source.read("files/p.png", limit: 10) == [1, 2, 3])
  }

  @Test("reading outside the export through a zip source is refused")
  func traversalRefused() throws {
    let folder = try TemporaryDirectory()
    let source = try ExportOpener.open(try makeExports(in: folder).zip)
    #expect(throws: ImportError.outsideExport(path: "../export.zip")) {
      try source.read("../export.zip", limit: 100)
    }
    #expect(throws: ImportError.notFound(path: "files/nothing")) {
      try source.read("files/nothing", limit: 100)
    }
  }

  @Test("a zip export declaring more bytes than the zip limits allow is refused, naming the zip")
  func overLimit() throws {
    let folder = try TemporaryDirectory()
    let zip = try makeExports(in: folder).zip
    let declared = try ZipArchive(path: zip).entries.reduce(0) { $0 + $1.uncompressedSize }
    let limits = ZipLimits(totalBytes: declared - 1, entryBytes: declared)
    let reason = ZipError.archiveTooLarge(path: zip, declaredBytes: declared, limit: declared - 1)
    #expect(throws: ImportError.notAnExport(path: zip, reason: "\(reason)")) {
      try ExportOpener.open(zip, zipLimits: limits)
    }
    #expect(
      try ExportOpener.open(zip, zipLimits: ZipLimits(totalBytes: declared, entryBytes: 1))
        .fileExists("files/p.png"))
  }
}

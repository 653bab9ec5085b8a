import Testing
import WallKit
import WallKitTestSupport
import WallSynth

@Suite struct ZipExportTests {
  /// Writes the Everything export as a folder and as a zip (under a top folder, as zipping a
  /// folder does).
  func makeExports(in folder: TemporaryDirectory) throws -> (folder: String, zip: String) {
    let root = folder.url("export")
    try EverythingExport.write(to: root)
    let zipPath = folder.url("export.zip")
    let writer = try ZipWriter(path: zipPath)
    let time = ZipTimestamp(unixSeconds: 1_400_000_000)
    for name in SiteTree.files(in: root) {
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
    #expect(fromZip.dataset.comments == fromFolder.dataset.comments)
    #expect(fromZip.dataset.friends == fromFolder.dataset.friends)
    #expect(fromZip.dataset.roles == fromFolder.dataset.roles)
    #expect(fromZip.dataset.images.count == 9)
    #expect(fromZip.dataset.users["uBob"]?.displayName == "Bob Builder")
    let nested = "files/sub/nested.jpg"
    #expect(
      try fromZip.source.read(nested, limit: 1 << 20)
        == (try fromFolder.source.read(nested, limit: 1 << 20)))
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
    let reason =
      "the entries declare \(declared) bytes in all, over the limit of \(declared - 1) bytes "
      + "per archive"
    #expect(throws: ImportError.notAnExport(path: zip, reason: reason)) {
      try ExportOpener.open(zip, zipLimits: limits)
    }
    #expect(
      try ExportOpener.open(zip, zipLimits: ZipLimits(totalBytes: declared, entryBytes: 1))
        .fileExists("files/sub/nested.jpg"))
  }
}

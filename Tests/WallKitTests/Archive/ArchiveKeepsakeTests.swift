import Foundation
import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// What makes a bundle pleasant to receive: named by its owner, opened from a top-level
/// `index.html`, dated the day it was made, with the owner's photos in one zip.
@Suite(.fullTier) struct ArchiveKeepsakeTests {
  func read(_ path: String) throws -> [UInt8] { try FileSystem.readFile(path, limit: 1 << 28) }
  func text(_ path: String) throws -> String { String(decoding: try read(path), as: UTF8.self) }

  @Test("a bundle is named by its owner's username and opens from its top-level index.html")
  func namedAndOpened() throws {
    let folder = try TemporaryDirectory("keepsake")
    let out = folder.url("out")
    let result = try ArchiveFixture.archive(try ArchiveFixture.write(in: folder), into: out)
    #expect(result.bundles.map(\.folder) == ["ann", "bob", "eve"].map { "\(out)/\($0)-wall" })
    #expect(result.bundles.map(\.zip) == ["ann", "bob", "eve"].map { "\(out)/\($0)-wall.zip" })
    let opener = try text("\(out)/ann-wall/index.html")
    #expect(opener.contains("<meta http-equiv=\"refresh\" content=\"0; url=data/index.html\">"))
    #expect(opener.contains("<a href=\"data/index.html\">Open Ann Archivist’s wall</a>"))
    #expect(FileSystem.kind(of: "\(out)/ann-wall/data/index.html") == .regular)
    // It is a tag file: listed in the tag manifest, not the payload's.
    let tags = try text("\(out)/ann-wall/tagmanifest-sha256.txt")
    #expect(tags.contains("\(Hex.encode(SHA256.digest(Array(opener.utf8))))  index.html\n"))
    #expect(!(try text("\(out)/ann-wall/manifest-sha256.txt")).contains(" index.html\n"))
    let zip = try ZipArchive(path: "\(out)/ann-wall.zip")
    #expect(zip.entry(named: "ann-wall/index.html") != nil)
  }

  @Test("the wall links a zip of the photos its owner uploaded, originals bit for bit")
  func ownPhotos() throws {
    let folder = try TemporaryDirectory("keepsake")
    let out = folder.url("out")
    let export = try ArchiveFixture.write(in: folder)
    _ = try ArchiveFixture.archive(export, into: out, zip: false, epoch: 1_700_000_000)
    let expected = [
      "ann": ["2014-01-01_000500_imgAnn.png": "a1.png"],
      "bob": [
        "2014-01-01_000140_imgBobPublic.jpg": "b1.jpg",
        "2014-01-01_000320_imgBobPrivate.jpg": "private.jpg",
      ],
      "eve": ["2014-01-01_000640_imgEve.jpg": "evephoto.jpg"],
    ]
    for (user, photos) in expected {
      let data = "\(out)/\(user)-wall/data"
      let page = try text("\(data)/index.html")
      #expect(page.contains("<a href=\"my-photos.zip\" download>Download all my photos</a>"))
      let zip = try ZipArchive(path: "\(data)/my-photos.zip")
      #expect(zip.entries.map(\.name) == photos.keys.sorted(), "\(user)")
      for entry in zip.entries {
        let source = try #require(photos[entry.name])
        #expect(try zip.contents(of: entry, limit: 1 << 24) == read("\(export)/files/\(source)"))
        #expect(entry.method == 0 && entry.modified.unixSeconds == 1_700_000_000)
      }
      #expect(
        try text("\(out)/\(user)-wall/manifest-sha256.txt").contains("  data/my-photos.zip\n"))
    }
  }

  @Test("Bagging-Date is the build date: SOURCE_DATE_EPOCH when set, else the day of the run")
  func baggingDate() throws {
    let folder = try TemporaryDirectory("keepsake")
    let export = try ArchiveFixture.write(in: folder)
    var settings = Archiver.Settings(export: export, output: folder.url("now"))
    settings.userIDs = ["uAnn"]
    settings.now = 1_767_225_600  // 2026-01-01T00:00:00Z
    _ = try Archiver(settings: settings).run()
    let info = try text(folder.url("now/ann-wall/bag-info.txt"))
    #expect(info.contains("Bagging-Date: 2026-01-01\n"), "\(info)")
    settings.output = folder.url("epoch")
    settings.sourceDateEpoch = 1_700_000_000
    _ = try Archiver(settings: settings).run()
    #expect(
      try text(folder.url("epoch/ann-wall/bag-info.txt")).contains("Bagging-Date: 2023-11-14\n"))
  }

  @Test("two runs with the same SOURCE_DATE_EPOCH give identical zips, on any day")
  func identicalZips() throws {
    let folder = try TemporaryDirectory("keepsake")
    let export = try ArchiveFixture.write(in: folder)
    for (name, now) in [("one", Int64(1_767_225_600)), ("two", Int64(1_900_000_000))] {
      var settings = Archiver.Settings(export: export, output: folder.url(name))
      settings.zip = true
      settings.pipeline.jobs = name == "one" ? 2 : 1
      settings.sourceDateEpoch = 1_700_000_000
      settings.now = now
      _ = try Archiver(settings: settings).run()
    }
    for user in ["ann", "bob", "eve"] {
      let one = try read(folder.url("one/\(user)-wall.zip"))
      #expect(one == (try read(folder.url("two/\(user)-wall.zip"))), "\(user)")
      #expect(one.count > 1000)
    }
  }

  @Test(
    "bagit.py --validate accepts a bag with its index.html and photo zip, unzipped too",
    .enabled(
      if: ExternalTool.path("bagit.py") != nil && ExternalTool.path("unzip") != nil,
      "needs bagit.py (pip install bagit) and unzip"))
  func bagitValidates() throws {
    let folder = try TemporaryDirectory("keepsake")
    let out = folder.url("out")
    _ = try ArchiveFixture.archive(
      try ArchiveFixture.write(in: folder), into: out, users: ["uBob"], epoch: 1_700_000_000)
    let unpacked = folder.url("unpacked")
    let unzip = try #require(
      try ArchiveFixture.run("unzip", ["-q", "\(out)/bob-wall.zip", "-d", unpacked]))
    #expect(unzip.0 == 0, "\(unzip.1)")
    for bag in ["\(out)/bob-wall", "\(unpacked)/bob-wall"] {
      #expect(FileSystem.kind(of: "\(bag)/index.html") == .regular)
      let result = try #require(try ArchiveFixture.run("bagit.py", ["--validate", bag]))
      #expect(result.0 == 0, "\(result.1)")
    }
  }

  @Test("a rerun keeps every bundle whose username holds .wallgen-tmp- or .zip.tmp-")
  func trickyNamesSurvive() throws {
    let folder = try TemporaryDirectory("keepsake")
    let export = folder.url("export")
    let writer = try ExportWriter(root: export)
    try writer.writeClass(
      "_User",
      [
        ParseFixtures.user("u0", username: "x.wallgen-tmp-1"),
        ParseFixtures.user("u1", username: "y.zip.tmp-x"),
      ])
    try writer.writeClass("WallImage", [])
    let out = folder.url("out")
    _ = try ArchiveFixture.archive(export, into: out, users: ["u0"])
    _ = try ArchiveFixture.archive(export, into: out, users: ["u1"])
    #expect(
      FileSystem.contents(of: out).sorted() == [
        Archiver.cacheFolder, "x.wallgen-tmp-1-wall", "x.wallgen-tmp-1-wall.zip",
        "y.zip.tmp-x-wall", "y.zip.tmp-x-wall.zip",
      ])
  }
}

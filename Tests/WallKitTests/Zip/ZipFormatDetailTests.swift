import Foundation
import Testing
import WallKit
import WallKitTestSupport

@Suite("ZIP64 records, archive comments and DOS timestamps")
struct ZipFormatDetailTests {
  @Test("a ZIP64 archive (0xFFFFFFFF placeholders, extra fields, ZIP64 end record) is read")
  func zip64() throws {
    let bytes = ZipFixtures.rawArchive(
      [RawZipEntry("a.txt", data: Array("alpha".utf8)), RawZipEntry("b/", data: [])], zip64: true)
    let folder = try ZipFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/zip64.zip"
    try Data(bytes).write(to: URL(fileURLWithPath: path))

    let archive = try ZipArchive(path: path)
    #expect(archive.entries.map(\.name) == ["a.txt", "b/"])
    let a = try #require(archive.entry(named: "a.txt"))
    #expect(a.compressedSize == 5 && a.uncompressedSize == 5)
    #expect(try archive.contents(of: a, limit: 5) == Array("alpha".utf8))
    #expect(archive.entry(named: "b/")?.isDirectory == true)
  }

  @Test("the end record is found behind an archive comment, even one containing its signature")
  func comment() throws {
    let comment = Array("PK\u{5}\u{6} is not the record".utf8)
    let bytes = ZipFixtures.rawArchive([RawZipEntry("a.txt", data: [1])], comment: comment)
    let folder = try ZipFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/comment.zip"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    #expect(try ZipArchive(path: path).entries.map(\.name) == ["a.txt"])
  }

  @Test(
    "Unix seconds convert to DOS date and time in UTC, clamped to 1980…2107",
    arguments: [
      (Int64(1_413_326_231), "2014-10-14T22:37:10Z"),  // odd seconds round down
      (0, "1980-01-01T00:00:00Z"),
      (315_532_800, "1980-01-01T00:00:00Z"),
      (951_782_400, "2000-02-29T00:00:00Z"),
      (Int64.max, "2107-12-31T23:59:58Z"),
    ])
  func timestamps(seconds: Int64, expected: String) {
    #expect(ZipTimestamp(unixSeconds: seconds).description == expected)
  }

  @Test("a Date converts like its Unix seconds")
  func dates() {
    let date = Date(timeIntervalSince1970: 1_413_326_230.9)
    #expect(ZipTimestamp(date) == ZipTimestamp(unixSeconds: 1_413_326_230))
    #expect(ZipTimestamp(date).unixSeconds == 1_413_326_230)
    #expect(ZipTimestamp(Date.distantPast).unixSeconds == 315_532_800)
  }
}

import Foundation
import Testing
import WallKit
import WallKitTestSupport

@Suite("ZipArchive refuses overlapping entries, smuggled names and oversized archives")
struct ZipBombTests {
  static let payload = [UInt8](repeating: 0x61, count: 1000)

  @Test("the overlap fixture's entries are valid on their own: a single one reads back")
  func overlapFixtureIsValid() throws {
    let bytes = ZipFixtures.overlappingArchive(names: ["only.txt"], payload: Self.payload)
    let (path, folder) = try ZipFixtures.temporaryFile(bytes)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let archive = try ZipArchive(path: path)
    let only = try #require(archive.entry(named: "only.txt"))
    #expect(try archive.contents(of: only, limit: 1000) == Self.payload)
  }

  @Test("entries sharing one deflate stream are refused, naming the archive and both entries")
  func overlappingEntries() throws {
    let bytes = ZipFixtures.overlappingArchive(
      names: ["a.txt", "b.txt", "c.txt"], payload: Self.payload)
    let (path, folder) = try ZipFixtures.temporaryFile(bytes)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let error = #expect(throws: ZipError.self) { try ZipArchive(path: path) }
    #expect(error == .overlappingEntries(path: path, entry: "b.txt", other: "a.txt"))
    #expect(
      error?.description
        == "\(path): error: entry 'b.txt' overlaps the bytes of entry 'a.txt'; "
        + "the archive is refused")
  }

  @Test("an entry whose local header has another name is refused; the rest stays readable")
  func localNameDiffers() throws {
    var smuggled = RawZipEntry("photo.jpg", data: [1, 2, 3])
    smuggled.localName = Array("evil.sh".utf8)
    let bytes = ZipFixtures.rawArchive([
      smuggled, RawZipEntry("ok.txt", data: Array("fine".utf8)),
    ])
    let (path, folder) = try ZipFixtures.temporaryFile(bytes)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let archive = try ZipArchive(path: path)
    #expect(archive.entries.map(\.name) == ["ok.txt"])
    #expect(
      archive.rejected == [
        RejectedZipEntry(name: "photo.jpg", reason: .localNameDiffers("evil.sh"))
      ]
    )
    #expect(
      archive.rejected.first?.description
        == "entry 'photo.jpg' is named 'evil.sh' in its local header")
    let ok = try #require(archive.entry(named: "ok.txt"))
    #expect(try archive.contents(of: ok, limit: 10) == Array("fine".utf8))
  }

  /// Two 1-byte entries that declare 5 GiB each (ZIP64 sizes).
  static func hugeDeclared() -> [UInt8] {
    ZipFixtures.rawArchive(
      [
        RawZipEntry("a.bin", data: [1], uncompressedSize: 5 << 30),
        RawZipEntry("b.bin", data: [2], uncompressedSize: 5 << 30),
      ], zip64: true)
  }

  @Test("entries declaring more than 8 GiB together are refused by default, naming the archive")
  func totalCap() throws {
    let (path, folder) = try ZipFixtures.temporaryFile(Self.hugeDeclared())
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let error = #expect(throws: ZipError.self) { try ZipArchive(path: path) }
    #expect(error == .archiveTooLarge(path: path, declaredBytes: 10 << 30, limit: 8 << 30))
    #expect(
      error?.description
        == "\(path): error: the entries declare 10737418240 bytes in all, over the limit of "
        + "8589934592 bytes per archive")
  }

  @Test("raised limits open the archive, and the per-entry cap still refuses a 5 GiB entry")
  func entryCap() throws {
    let (path, folder) = try ZipFixtures.temporaryFile(Self.hugeDeclared())
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let limits = ZipLimits(totalBytes: 16 << 30, entryBytes: 1 << 30)
    let archive = try ZipArchive(path: path, limits: limits)
    let a = try #require(archive.entry(named: "a.bin"))
    #expect(
      throws: ZipError.entryTooLarge(path: path, entry: "a.bin", size: 5 << 30, limit: 1 << 30)
    ) {
      try archive.contents(of: a, limit: Int.max)
    }
  }
}

import Foundation
import Testing
import WallKit
import WallKitTestSupport

@Suite("ZipArchive keeps entries with unsafe names out of its entries")
struct ZipUnsafeNameTests {
  static let safe = RawZipEntry("ok.txt", data: Array("fine".utf8))

  @Test(
    "unsafe names are rejected while the rest of the archive stays readable",
    arguments: [
      ("../evil", ZipNameProblem.parentComponent),
      ("/etc/passwd", .absolutePath),
      ("a/../../b", .parentComponent),
      ("C:\\x", .driveLetter),
      ("c:x", .driveLetter),
      ("\\server\\share", .absolutePath),
      ("a\\..\\..\\b", .parentComponent),
      ("ok\0.txt.exe", .containsNUL),
      ("a//b", .emptyComponent),
      ("./a", .currentComponent),
      ("", .empty),
    ])
  func rejectsUnsafeName(name: String, problem: ZipNameProblem) throws {
    let bytes = ZipFixtures.rawArchive([RawZipEntry(name, data: [1, 2, 3]), Self.safe])
    let (path, folder) = try ZipFixtures.temporaryFile(bytes)
    defer { try? FileManager.default.removeItem(atPath: folder) }

    let archive = try ZipArchive(path: path)
    #expect(archive.rejected == [RejectedZipEntry(name: name, reason: problem)])
    #expect(archive.entries.map(\.name) == ["ok.txt"])
    let ok = try #require(archive.entry(named: "ok.txt"))
    #expect(try archive.contents(of: ok, limit: 100) == Array("fine".utf8))
  }

  @Test("a repeated name is rejected and the first entry of that name kept")
  func rejectsDuplicate() throws {
    let bytes = ZipFixtures.rawArchive([Self.safe, RawZipEntry("ok.txt", data: [9])])
    let (path, folder) = try ZipFixtures.temporaryFile(bytes)
    defer { try? FileManager.default.removeItem(atPath: folder) }

    let archive = try ZipArchive(path: path)
    #expect(archive.entries.map(\.name) == ["ok.txt"])
    #expect(archive.rejected == [RejectedZipEntry(name: "ok.txt", reason: .duplicate)])
    let ok = try #require(archive.entry(named: "ok.txt"))
    #expect(try archive.contents(of: ok, limit: 10) == Array("fine".utf8))
  }

  @Test("invalid UTF-8 under the UTF-8 flag makes libzip refuse the whole archive")
  func refusesBadUTF8() throws {
    var badUTF8 = RawZipEntry("x", data: [])
    badUTF8.name = [0x61, 0xFF, 0x62]
    let (path, folder) = try ZipFixtures.temporaryFile(
      ZipFixtures.rawArchive([Self.safe, badUTF8]))
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(throws: ZipError.invalidDirectory(path: path, reason: "Zip archive inconsistent")) {
      try ZipArchive(path: path)
    }
  }

  @Test("a name flagged UTF-8 that is not UTF-8 is described as such")
  func printableBadUTF8() {
    #expect(
      RejectedZipEntry(name: "a\u{FFFD}b", reason: .invalidUTF8).description
        == "entry 'a\u{FFFD}b' is flagged UTF-8 but is not valid UTF-8")
  }

  @Test("names without the UTF-8 flag that are not UTF-8 are read as code page 437")
  func codePage437() throws {
    var entry = RawZipEntry("x", data: [], flags: 0)
    entry.name = [0x63, 0x61, 0x66, 0x82, 0x2E, 0x74, 0x78, 0x74]  // "caf\u{82}.txt"
    let (path, folder) = try ZipFixtures.temporaryFile(ZipFixtures.rawArchive([entry]))
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(try ZipArchive(path: path).entries.map(\.name) == ["café.txt"])
  }

  @Test("the NUL byte is escaped when a rejection is printed")
  func printableRejection() {
    let rejected = RejectedZipEntry(name: "ok\0.exe", reason: .containsNUL)
    #expect(rejected.description == "entry 'ok\\0.exe' contains a NUL byte")
  }
}

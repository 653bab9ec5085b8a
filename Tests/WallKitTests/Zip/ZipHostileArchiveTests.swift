import Foundation
import Testing
import WallKit
import WallKitTestSupport

@Suite("ZipArchive on hostile, truncated and corrupt archives", .fullTier)
struct ZipHostileArchiveTests {
  static let safe = RawZipEntry("ok.txt", data: Array("fine".utf8))

  @Test("an entry declared small that inflates hugely fails without inflating it all")
  func zipBomb() throws {
    let folder = try ZipFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/bomb.zip"
    let writer = try ZipWriter(path: path)
    try writer.addFile(
      named: "bomb.bin", contents: [UInt8](repeating: 0, count: 20 << 20),
      modified: ZipTimestamp(unixSeconds: 0))
    try writer.finish()
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    // Claim 1 KiB uncompressed in the central directory (offset 24 in its first record).
    ZipFixtures.patchUInt32(
      &bytes, at: ZipFixtures.centralDirectoryOffset(of: bytes) + 24, to: 1024)
    try Data(bytes).write(to: URL(fileURLWithPath: path))

    let archive = try ZipArchive(path: path)
    let bomb = try #require(archive.entry(named: "bomb.bin"))
    #expect(bomb.uncompressedSize == 1024)
    #expect(bomb.compressedSize < 30_000)
    #expect(throws: ZipError.exceedsDeclaredSize(path: path, entry: "bomb.bin", declaredSize: 1024))
    {
      try archive.contents(of: bomb, limit: 1 << 30)
    }
  }

  @Test("an entry declared bigger than the caller's limit is refused before reading")
  func overLimit() throws {
    let entry = RawZipEntry("big.txt", data: [UInt8](repeating: 65, count: 100))
    let (path, folder) = try ZipFixtures.temporaryFile(ZipFixtures.rawArchive([entry]))
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let archive = try ZipArchive(path: path)
    let big = try #require(archive.entry(named: "big.txt"))
    #expect(throws: ZipError.entryTooLarge(path: path, entry: "big.txt", size: 100, limit: 99)) {
      try archive.contents(of: big, limit: 99)
    }
    #expect(try archive.contents(of: big, limit: 100).count == 100)
  }

  @Test("an empty file is reported as empty")
  func emptyFile() throws {
    let (path, folder) = try ZipFixtures.temporaryFile([])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(throws: ZipError.emptyFile(path: path)) { try ZipArchive(path: path) }
  }

  @Test("a garbage file has no end of central directory record")
  func garbage() throws {
    let bytes = (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
    let (path, folder) = try ZipFixtures.temporaryFile(bytes)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(throws: ZipError.missingEndOfCentralDirectory(path: path, fileSize: 4096)) {
      try ZipArchive(path: path)
    }
  }

  @Test("a missing file cannot be opened")
  func missingFile() throws {
    let path = "/nonexistent-wallgen/archive.zip"
    #expect(throws: ZipError.cannotOpen(path: path, reason: "No such file or directory")) {
      try ZipArchive(path: path)
    }
  }

  @Test("a folder is refused as not a regular file")
  func notRegularFile() throws {
    let folder = try ZipFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(throws: ZipError.cannotOpen(path: folder, reason: "not a regular file")) {
      try ZipArchive(path: folder)
    }
  }

  @Test(
    "a FIFO is refused as not a regular file, without hanging",
    .enabled(if: ExternalTool.path("mkfifo") != nil, "mkfifo is not installed"))
  func fifo() throws {
    let mkfifo = try #require(ExternalTool.path("mkfifo"))
    let folder = try ZipFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let fifo = folder + "/pipe.zip"
    try #require(try ExternalTool.run(mkfifo, [fifo]).status == 0)
    #expect(throws: ZipError.cannotOpen(path: fifo, reason: "not a regular file")) {
      try ZipArchive(path: fifo)
    }
  }

  @Test("an archive cut short loses its end record")
  func truncatedAtEnd() throws {
    let whole = ZipFixtures.rawArchive([Self.safe, RawZipEntry("two.txt", data: [1, 2, 3])])
    let (path, folder) = try ZipFixtures.temporaryFile(Array(whole.dropLast(30)))
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(
      throws: ZipError.missingEndOfCentralDirectory(path: path, fileSize: UInt64(whole.count - 30))
    ) {
      try ZipArchive(path: path)
    }
  }

  @Test("an archive missing bytes before its end record points past its own end")
  func truncatedInMiddle() throws {
    let whole = ZipFixtures.rawArchive([
      RawZipEntry("a.txt", data: [UInt8](repeating: 7, count: 200))
    ])
    // Drop 150 bytes of entry data but keep the directory and end record.
    let cut = Array(whole[0..<40] + whole[190...])
    let (path, folder) = try ZipFixtures.temporaryFile(cut)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // libzip finds the inconsistency (its message does not say which).
    #expect(throws: ZipError.invalidDirectory(path: path, reason: "Zip archive inconsistent")) {
      try ZipArchive(path: path)
    }
  }

  @Test("a wrong CRC-32 is reported with both values")
  func badCRC() throws {
    let entry = RawZipEntry("a.txt", data: Array("hello".utf8), crc32: 0xDEAD_BEEF)
    let (path, folder) = try ZipFixtures.temporaryFile(ZipFixtures.rawArchive([entry]))
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let archive = try ZipArchive(path: path)
    let a = try #require(archive.entry(named: "a.txt"))
    let error = #expect(throws: ZipError.self) { try archive.contents(of: a, limit: 10) }
    #expect(
      error == .crcMismatch(path: path, entry: "a.txt", expected: 0xDEAD_BEEF, actual: 0x3610_A686))
    #expect(
      error?.description
        == "\(path): error: entry 'a.txt' has CRC-32 0x3610a686 but declares 0xdeadbeef")
  }

  @Test("unsupported methods and encrypted entries fail for that entry only")
  func unsupportedEntries() throws {
    let bytes = ZipFixtures.rawArchive([
      RawZipEntry("bzip.bin", data: [1, 2], method: 12),
      RawZipEntry("secret.txt", data: [1, 2], flags: 0x801),
      Self.safe,
    ])
    let (path, folder) = try ZipFixtures.temporaryFile(bytes)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let archive = try ZipArchive(path: path)
    let bzip = try #require(archive.entry(named: "bzip.bin"))
    let secret = try #require(archive.entry(named: "secret.txt"))
    #expect(throws: ZipError.unsupportedMethod(path: path, entry: "bzip.bin", method: 12)) {
      try archive.contents(of: bzip, limit: 10)
    }
    #expect(throws: ZipError.encryptedEntry(path: path, entry: "secret.txt")) {
      try archive.contents(of: secret, limit: 10)
    }
    let ok = try #require(archive.entry(named: "ok.txt"))
    #expect(try archive.contents(of: ok, limit: 10) == Array("fine".utf8))
  }

  @Test("a deflated entry whose stream is garbage is corrupt, one cut short has too few bytes")
  func corruptDeflate() throws {
    let bytes = ZipFixtures.rawArchive([
      RawZipEntry("garbage.txt", data: [0xFF, 0xFF, 0xFF, 0xFF], method: 8, uncompressedSize: 10),
      // A stored (uncompressed) deflate block header promising 5 bytes, with only 2 present.
      RawZipEntry(
        "short.txt", data: [0x01, 0x05, 0x00, 0xFA, 0xFF, 0x68, 0x69], method: 8,
        uncompressedSize: 5),
    ])
    let (path, folder) = try ZipFixtures.temporaryFile(bytes)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let archive = try ZipArchive(path: path)
    let garbage = try #require(archive.entry(named: "garbage.txt"))
    #expect(
      throws: ZipError.corruptData(
        path: path, entry: "garbage.txt", reason: "Zlib error: data error")
    ) {
      try archive.contents(of: garbage, limit: 100)
    }
    let short = try #require(archive.entry(named: "short.txt"))
    // libzip does not tell an unfinished stream from a short one; the size check catches it.
    #expect(
      throws: ZipError.sizeMismatch(path: path, entry: "short.txt", declaredSize: 5, actualSize: 2)
    ) {
      try archive.contents(of: short, limit: 100)
    }
  }

  @Test("data shorter than the declared size is a size mismatch, stored or deflated")
  func shortData() throws {
    let bytes = ZipFixtures.rawArchive([
      // A final stored deflate block holding "hi": a valid stream of 2 bytes.
      RawZipEntry(
        "deflated.txt", data: [0x01, 0x02, 0x00, 0xFD, 0xFF, 0x68, 0x69], method: 8,
        crc32: 0, uncompressedSize: 5),
      RawZipEntry("stored.txt", data: Array("hi".utf8), uncompressedSize: 5),
    ])
    let (path, folder) = try ZipFixtures.temporaryFile(bytes)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let archive = try ZipArchive(path: path)
    for name in ["deflated.txt", "stored.txt"] {
      let entry = try #require(archive.entry(named: name))
      #expect(
        throws: ZipError.sizeMismatch(path: path, entry: name, declaredSize: 5, actualSize: 2)
      ) {
        try archive.contents(of: entry, limit: 100)
      }
    }
  }

  @Test("an entry whose local header offset lies outside the file fails cleanly")
  func localHeaderOutOfBounds() throws {
    var bytes = ZipFixtures.rawArchive([Self.safe])
    ZipFixtures.patchUInt32(
      &bytes, at: ZipFixtures.centralDirectoryOffset(of: bytes) + 42, to: 1_000_000)
    let (path, folder) = try ZipFixtures.temporaryFile(bytes)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let archive = try ZipArchive(path: path)
    let ok = try #require(archive.entry(named: "ok.txt"))
    let reason = "offset 1000000 leaves no room for a header in the \(bytes.count)-byte file"
    #expect(throws: ZipError.invalidLocalHeader(path: path, entry: "ok.txt", reason: reason)) {
      try archive.contents(of: ok, limit: 10)
    }
  }

  @Test("a directory declaring more entries than it can hold is refused")
  func absurdEntryCount() throws {
    var bytes = ZipFixtures.rawArchive([Self.safe])
    let end = bytes.count - 22
    bytes[end + 8] = 0xFF
    bytes[end + 9] = 0xFE
    bytes[end + 10] = 0xFF
    bytes[end + 11] = 0xFE
    let (path, folder) = try ZipFixtures.temporaryFile(bytes)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(throws: ZipError.invalidDirectory(path: path, reason: "Zip archive inconsistent")) {
      try ZipArchive(path: path)
    }
  }

  @Test("random corruption of a valid archive never crashes", arguments: 0..<40)
  func fuzz(seed: Int) throws {
    var bytes = ZipFixtures.rawArchive(
      [Self.safe, RawZipEntry("b/c.txt", data: Array("second entry".utf8))],
      comment: Array("hi".utf8))
    var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1
    for _ in 0..<4 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      bytes[Int(state >> 33) % bytes.count] = UInt8(truncatingIfNeeded: state >> 17)
    }
    let (path, folder) = try ZipFixtures.temporaryFile(bytes)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // A corrupted archive is either refused, naming the file, or read entry by entry.
    let archive: ZipArchive
    do {
      archive = try ZipArchive(path: path)
    } catch {
      #expect(error.description.contains(path), "\(error)")
      return
    }
    for entry in archive.entries {
      _ = try? archive.contents(of: entry, limit: 1 << 16)
    }
  }
}

import Foundation
import Testing
import WallKit
import WallKitTestSupport

@Suite("ZipWriter output read back by ZipArchive and other tools", .fullTier)
struct ZipRoundTripTests {
  static let modified = ZipTimestamp(unixSeconds: 1_413_326_230)  // 2014-10-14T22:37:10Z
  static let text = Array(String(repeating: "wallgen zips things. ", count: 400).utf8)
  static let noise = (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }

  /// Writes the same four entries every time: a directory, stored, deflated and empty files.
  static func writeSample(to path: String) throws {
    let writer = try ZipWriter(path: path)
    try writer.addDirectory(named: "photos", modified: modified)
    try writer.addFile(
      named: "photos/noise.bin", contents: noise, modified: modified, compression: .stored)
    try writer.addFile(named: "notes/ünïcode text.txt", contents: text, modified: modified)
    try writer.addFile(named: "empty.txt", contents: [], modified: modified)
    try writer.finish()
  }

  @Test("stored and deflated entries come back with their names, sizes, CRCs and bytes")
  func roundTrip() throws {
    let directory = try ZipFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/sample.zip"
    try Self.writeSample(to: path)

    let archive = try ZipArchive(path: path)
    #expect(archive.rejected.isEmpty)
    #expect(
      archive.entries.map(\.name) == [
        "photos/", "photos/noise.bin", "notes/ünïcode text.txt", "empty.txt",
      ])
    #expect(archive.entries.map(\.isDirectory) == [true, false, false, false])
    #expect(archive.entries.map(\.method) == [0, 0, 8, 8])
    #expect(archive.entries.allSatisfy { $0.modified == Self.modified })

    let noise = try #require(archive.entry(named: "photos/noise.bin"))
    #expect(noise.uncompressedSize == 5000 && noise.compressedSize == 5000)
    #expect(noise.crc32 == ZipFixtures.crc32(Self.noise))
    #expect(try archive.contents(of: noise, limit: 5000) == Self.noise)

    let text = try #require(archive.entry(named: "notes/ünïcode text.txt"))
    #expect(text.uncompressedSize == UInt64(Self.text.count))
    #expect(text.compressedSize < text.uncompressedSize / 10)
    #expect(text.crc32 == ZipFixtures.crc32(Self.text))
    #expect(try archive.contents(of: text, limit: 1 << 20) == Self.text)

    let empty = try #require(archive.entry(named: "empty.txt"))
    #expect(try archive.contents(of: empty, limit: 0) == [])
    let folder = try #require(archive.entry(named: "photos/"))
    #expect(try archive.contents(of: folder, limit: 0) == [])
    #expect(archive.entry(named: "photos") == nil)
  }

  @Test("writing the same entries twice gives byte-identical archives")
  func deterministic() throws {
    let directory = try ZipFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try Self.writeSample(to: directory + "/one.zip")
    try Self.writeSample(to: directory + "/two.zip")
    let one = try Data(contentsOf: URL(fileURLWithPath: directory + "/one.zip"))
    let two = try Data(contentsOf: URL(fileURLWithPath: directory + "/two.zip"))
    #expect(!one.isEmpty)
    #expect(one == two)
    // Only the two archives: no temporary files are left behind.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == [
        "one.zip", "two.zip",
      ])
  }

  @Test("a file added from a path is streamed in and reads back unchanged")
  func addFromPath() throws {
    let directory = try ZipFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let big = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 % 251) }
    try Data(big).write(to: URL(fileURLWithPath: directory + "/big.bin"))
    let path = directory + "/streamed.zip"
    let writer = try ZipWriter(path: path)
    try writer.addFile(
      named: "big.bin", contentsOf: directory + "/big.bin", modified: Self.modified)
    try writer.addFile(
      named: "big-stored.bin", contentsOf: directory + "/big.bin", modified: Self.modified,
      compression: .stored)
    try writer.finish()

    let archive = try ZipArchive(path: path)
    for entry in archive.entries {
      #expect(try archive.contents(of: entry, limit: big.count) == big)
    }
  }

  @Test(
    "unzip -t accepts our output",
    .enabled(if: ExternalTool.path("unzip") != nil, "unzip is not installed"))
  func unzipAccepts() throws {
    let unzip = try #require(ExternalTool.path("unzip"))
    let directory = try ZipFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try Self.writeSample(to: directory + "/sample.zip")
    let result = try ExternalTool.run(unzip, ["-t", directory + "/sample.zip"])
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output.contains("No errors detected"))
  }

  @Test(
    "Python's zipfile accepts our output and sees the same names",
    .enabled(if: ExternalTool.path("python3") != nil, "python3 is not installed"))
  func pythonAccepts() throws {
    let python = try #require(ExternalTool.path("python3"))
    let directory = try ZipFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try Self.writeSample(to: directory + "/sample.zip")
    let script = """
      import zipfile, sys
      z = zipfile.ZipFile(sys.argv[1])
      bad = z.testzip()
      line = ("BAD " + bad if bad else "OK ") + "|".join(z.namelist()) + "\\n"
      sys.stdout.buffer.write(line.encode("utf-8"))
      """
    let result = try ExternalTool.run(python, ["-c", script, directory + "/sample.zip"])
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output == "OK photos/|photos/noise.bin|notes/ünïcode text.txt|empty.txt\n")
  }
}

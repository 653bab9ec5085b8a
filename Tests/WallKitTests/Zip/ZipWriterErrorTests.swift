import Foundation
import Testing
import WallKitTestSupport

@testable import WallKit

@Suite("ZipWriter refusals and atomicity")
struct ZipWriterErrorTests {
  static let modified = ZipTimestamp(unixSeconds: 0)

  @Test(
    "unsafe entry names are refused",
    arguments: [
      ("../evil", ZipNameProblem.parentComponent), ("/abs", .absolutePath), ("C:\\x", .driveLetter),
      ("a/./b", .currentComponent), ("", .empty), ("nul\0", .containsNUL),
      (String(repeating: "n", count: 65536), .tooLong),
    ])
  func unsafeName(name: String, problem: ZipNameProblem) throws {
    let folder = try ZipFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/out.zip"
    let writer = try ZipWriter(path: path)
    #expect(throws: ZipError.invalidEntryName(path: path, entry: name, problem: problem)) {
      try writer.addFile(named: name, contents: [1], modified: Self.modified)
    }
  }

  @Test("a second entry with the same name is refused and the first is kept")
  func duplicate() throws {
    let folder = try ZipFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/out.zip"
    let writer = try ZipWriter(path: path)
    try writer.addFile(named: "a.txt", contents: [1], modified: Self.modified)
    #expect(throws: ZipError.duplicateEntryName(path: path, entry: "a.txt")) {
      try writer.addFile(named: "a.txt", contents: [2], modified: Self.modified)
    }
    try writer.finish()
    let archive = try ZipArchive(path: path)
    #expect(archive.entries.map(\.name) == ["a.txt"])
  }

  @Test("nothing appears at the destination until finish, and a finished writer is closed")
  func atomicFinish() throws {
    let folder = try ZipFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/out.zip"
    try Data("old".utf8).write(to: URL(fileURLWithPath: path))
    let writer = try ZipWriter(path: path)
    try writer.addFile(named: "a.txt", contents: [1, 2, 3], modified: Self.modified)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("old".utf8))
    try writer.finish()
    #expect(try ZipArchive(path: path).entries.count == 1)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out.zip"])
    #expect(throws: ZipError.writerClosed(path: path)) {
      try writer.addFile(named: "b.txt", contents: [], modified: Self.modified)
    }
    #expect(throws: ZipError.writerClosed(path: path)) { try writer.finish() }
  }

  @Test("an abandoned writer leaves no temporary file behind")
  func abandoned() throws {
    let folder = try ZipFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    do {
      let writer = try ZipWriter(path: folder + "/out.zip")
      try writer.addFile(named: "a.txt", contents: [1, 2, 3], modified: Self.modified)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
  }

  @Test("a missing source file is reported and the archive stays valid without it")
  func missingSource() throws {
    let folder = try ZipFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/out.zip"
    let source = folder + "/missing.bin"
    let writer = try ZipWriter(path: path)
    try writer.addFile(named: "a.txt", contents: [1], modified: Self.modified)
    #expect(
      throws: ZipError.cannotReadSource(
        path: path, entry: "b.bin", source: source, reason: "No such file or directory")
    ) {
      try writer.addFile(named: "b.bin", contentsOf: source, modified: Self.modified)
    }
    try writer.addFile(named: "c.txt", contents: [3], modified: Self.modified)
    try writer.finish()
    let archive = try ZipArchive(path: path)
    #expect(archive.entries.map(\.name) == ["a.txt", "c.txt"])
    for entry in archive.entries { _ = try archive.contents(of: entry, limit: 1) }
  }

  @Test("a destination in a missing folder cannot be opened")
  func missingFolder() throws {
    let path = "/nonexistent-wallgen/out.zip"
    #expect(throws: ZipError.cannotOpen(path: path, reason: "No such file or directory")) {
      try ZipWriter(path: path)
    }
  }
}

import Foundation
import Testing
import WallKit
import WallKitTestSupport

@Suite("ZipArchive on archives written by other tools", .fullTier)
struct ZipInteropTests {
  static let lines = Array(String(repeating: "hello world\n", count: 100).utf8)

  @Test(
    "Info-ZIP zip output (extra fields, a directory) is read",
    .enabled(if: ExternalTool.path("zip") != nil, "zip is not installed"))
  func infoZip() throws {
    let zip = try #require(ExternalTool.path("zip"))
    let folder = try ZipFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(
      atPath: folder + "/in/d", withIntermediateDirectories: true)
    try Data(Self.lines).write(to: URL(fileURLWithPath: folder + "/in/a.txt"))
    try Data("x\n".utf8).write(to: URL(fileURLWithPath: folder + "/in/d/b.txt"))
    // zip records paths as given, so run it inside the input folder to get relative names.
    let result = try ExternalTool.run(
      "/bin/sh", ["-c", "cd \"$1\" && \"$2\" -qrX ../info.zip a.txt d", "sh", folder + "/in", zip])
    try #require(result.status == 0, "\(result.output)")

    let archive = try ZipArchive(path: folder + "/info.zip")
    #expect(archive.entries.map(\.name) == ["a.txt", "d/", "d/b.txt"])
    let a = try #require(archive.entry(named: "a.txt"))
    #expect(a.method == 8)
    #expect(try archive.contents(of: a, limit: 2000) == Self.lines)
    let b = try #require(archive.entry(named: "d/b.txt"))
    #expect(try archive.contents(of: b, limit: 2) == Array("x\n".utf8))
  }

  @Test(
    "Python zipfile output with data descriptors and ZIP64 local headers is read",
    .enabled(if: ExternalTool.path("python3") != nil, "python3 is not installed"))
  func python() throws {
    let python = try #require(ExternalTool.path("python3"))
    let folder = try ZipFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let script = """
      import io, sys, zipfile
      class Sink(io.RawIOBase):  # unseekable, so zipfile writes data descriptors (flag bit 3)
          def __init__(self): self.data = bytearray()
          def writable(self): return True
          def write(self, b): self.data += b; return len(b)
      sink = Sink()
      with zipfile.ZipFile(sink, "w", zipfile.ZIP_DEFLATED) as z:
          z.writestr("dd.txt", b"data descriptor " * 50)
      open(sys.argv[1] + "/dd.zip", "wb").write(sink.data)
      with zipfile.ZipFile(sys.argv[1] + "/z64.zip", "w", zipfile.ZIP_DEFLATED) as z:
          with z.open("big.txt", "w", force_zip64=True) as f:
              f.write(b"abc" * 1000)
      """
    let result = try ExternalTool.run(python, ["-c", script, folder])
    try #require(result.status == 0, "\(result.output)")

    let descriptor = try ZipArchive(path: folder + "/dd.zip")
    let dd = try #require(descriptor.entry(named: "dd.txt"))
    #expect(
      try descriptor.contents(of: dd, limit: 800)
        == Array(String(repeating: "data descriptor ", count: 50).utf8))

    let zip64 = try ZipArchive(path: folder + "/z64.zip")
    let big = try #require(zip64.entry(named: "big.txt"))
    #expect(
      try zip64.contents(of: big, limit: 3000) == Array(String(repeating: "abc", count: 1000).utf8))
  }
}

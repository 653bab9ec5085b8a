import Foundation
import Testing
import WallKit
import WallKitTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A build with nothing to do trusts the site only as the last build left it: a page edited
/// since, whatever its size and even with its modification time set back, is written again.
@Suite struct EditedSiteTests {
  func build(_ export: String, into site: String) throws -> BuildResult {
    var settings = SiteBuilder.Settings(export: export, output: site)
    settings.pipeline.jobs = 2
    return try SiteBuilder(settings: settings).build()
  }

  /// Writes `bytes` over the start of the file at `path`, in place (same inode).
  func overwrite(_ path: String, with bytes: [UInt8], truncating: Bool) throws {
    let handle = try #require(FileHandle(forUpdatingAtPath: path))
    defer { try? handle.close() }
    try handle.seek(toOffset: 0)
    if truncating { try handle.truncate(atOffset: 0) }
    try handle.write(contentsOf: Data(bytes))
  }

  func modificationTime(_ path: String) throws -> timespec {
    var info = stat()
    try #require(lstat(path, &info) == 0)
    return info.st_mtim
  }

  @Test(
    "a page edited in place (same size with its time set back, or another size) is restored by the next build",
    arguments: ["same size, time set back", "shorter", "longer"])
  func editedPageRestored(edit: String) throws {
    let folder = try TemporaryDirectory("edited")
    let export = folder.url("export")
    try LockFixture.writeExport(at: export, tag: "one")
    let site = folder.url("site")
    _ = try build(export, into: site)
    let clean = try SiteTree.contents(of: site)
    let page = "\(site)/walls/uA/index.html"
    let original = try FileSystem.readFile(page, limit: 1 << 24)
    let time = try modificationTime(page)
    switch edit {
    case "same size, time set back":
      var bytes = original
      bytes[bytes.count / 2] ^= 0x20
      try overwrite(page, with: bytes, truncating: false)
      #expect(utimensat(AT_FDCWD, page, [time, time], 0) == 0)
      #expect(try modificationTime(page).tv_nsec == time.tv_nsec)
    case "shorter":
      try overwrite(page, with: Array(original.prefix(10)), truncating: true)
    default:
      try overwrite(page, with: original + Array("<p>injected</p>".utf8), truncating: true)
    }
    #expect(try FileSystem.readFile(page, limit: 1 << 24) != original)
    let rebuilt = try build(export, into: site)
    #expect(rebuilt.summary.filesWritten == 1)
    #expect(try SiteTree.contents(of: site) == clean)
    // Restored, the site is trusted again: the next build touches nothing.
    let versions = try SiteTree.versions(of: site)
    let again = try build(export, into: site)
    #expect(again.summary.filesWritten == 0)
    #expect(SiteTree.touched(from: versions, to: try SiteTree.versions(of: site)) == [])
  }
}

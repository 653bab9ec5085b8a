import Testing
import WallKit
import WallKitTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A file given in chunks is written only when its bytes change, and holds at most
/// `ChangedFileStream.memoryLimit` bytes in memory, whatever its size.
@Suite struct ChangedFileStreamTests {
  /// `count` bytes of a pattern that differs from one chunk to the next.
  func pattern(_ count: Int, seed: UInt8 = 0) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 12) &+ seed }
  }

  /// Streams `bytes` to `path` in chunks of `chunk` bytes; returns whether it was written, and
  /// the most bytes the stream held at once.
  func stream(_ bytes: [UInt8], to path: String, chunk: Int = 100_000) throws -> (
    written: Bool, held: Int
  ) {
    let stream = ChangedFileStream(writing: path)
    var held = 0
    var start = 0
    while start < bytes.count {
      stream.append(Array(bytes[start..<min(start + chunk, bytes.count)]))
      held = max(held, stream.heldByteCount)
      start += chunk
    }
    return (try stream.finish(), held)
  }

  func inode(_ path: String) -> UInt {
    var info = stat()
    return stat(path, &info) == 0 ? UInt(info.st_ino) : 0
  }

  @Test("a file bigger than the memory limit is written, holding at most the limit in memory")
  func bigFile() throws {
    let folder = try TemporaryDirectory()
    let path = folder.url("walls/u1/photos.html")
    let bytes = pattern(3 * ChangedFileStream.memoryLimit + 12_345)
    let result = try stream(bytes, to: path)
    #expect(result.written)
    #expect(result.held <= ChangedFileStream.memoryLimit)
    #expect(try SiteTree.contents(of: folder.path) == ["walls/u1/photos.html": bytes])
  }

  @Test(
    "the same bytes again leave the file as it was; a changed last byte or length rewrites it",
    arguments: [ChangedFileStream.memoryLimit / 2, 2 * ChangedFileStream.memoryLimit + 7])
  func unchangedOrChanged(size: Int) throws {
    let folder = try TemporaryDirectory()
    let path = folder.url("photos.js")
    let bytes = pattern(size)
    #expect(try stream(bytes, to: path).written)
    let before = inode(path)
    #expect(try stream(bytes, to: path).written == false)
    #expect(inode(path) == before, "an unchanged file is not replaced")
    var changed = bytes
    changed[changed.count - 1] &+= 1
    #expect(try stream(changed, to: path).written)
    #expect(try SiteTree.contents(of: folder.path)["photos.js"] == changed)
    let shorter = Array(changed.dropLast())
    #expect(try stream(shorter, to: path).written)
    let longer = changed + [1]
    #expect(try stream(longer, to: path).written)
    #expect(try SiteTree.contents(of: folder.path) == ["photos.js": longer])
  }

  @Test(
    "the same bytes are compared as they come and none is held; a change anywhere rewrites the file from the bytes read so far",
    arguments: [
      0, 99_999, ChangedFileStream.memoryLimit + 3, 2 * ChangedFileStream.memoryLimit + 50_001,
    ])
  func changedPartWay(at changed: Int) throws {
    let folder = try TemporaryDirectory()
    let path = folder.url("walls/u1/photos.js")
    let bytes = pattern(3 * ChangedFileStream.memoryLimit + 5)
    #expect(try stream(bytes, to: path).written)
    let before = inode(path)
    let same = try stream(bytes, to: path)
    #expect(same.written == false)
    #expect(same.held == 0, "an unchanged file is compared, not held")
    #expect(inode(path) == before)
    var edited = bytes
    edited[changed] &+= 1
    let result = try stream(edited, to: path, chunk: 65_536)
    #expect(result.written)
    #expect(result.held <= ChangedFileStream.memoryLimit)
    #expect(try SiteTree.contents(of: folder.path) == ["walls/u1/photos.js": edited])
  }

  @Test("a staged stream leaves the published file alone and stages the new bytes")
  func staged() throws {
    let folder = try TemporaryDirectory()
    let published = pattern(2 * ChangedFileStream.memoryLimit)
    try FileSystem.writeAtomically(published, to: folder.url("site/walls/u1/photos.js"))
    let area = try StagingArea(
      folder: folder.url("state/staging"), siteRoot: folder.url("site"),
      stateRoot: folder.url("state"))
    let same = ChangedFileStream(staging: "walls/u1/photos.js", in: .site, of: area)
    same.append(published)
    #expect(try same.finish() == false)
    #expect(area.stagedFiles(in: .site).isEmpty)
    let new = pattern(2 * ChangedFileStream.memoryLimit, seed: 1)
    let changed = ChangedFileStream(staging: "walls/u1/photos.js", in: .site, of: area)
    for start in stride(from: 0, to: new.count, by: 300_000) {
      changed.append(Array(new[start..<min(start + 300_000, new.count)]))
    }
    #expect(try changed.finish())
    #expect(area.stagedFiles(in: .site) == ["walls/u1/photos.js"])
    #expect(try SiteTree.contents(of: folder.url("site")) == ["walls/u1/photos.js": published])
    #expect(
      try SiteTree.contents(of: folder.url("state/staging/site")) == ["walls/u1/photos.js": new])
  }

  @Test("a file that cannot be written throws, naming its folder, and leaves no temporary file")
  func failure() throws {
    let folder = try TemporaryDirectory()
    try FileSystem.writeAtomically("a file, not a folder", to: folder.url("blocker"))
    let stream = ChangedFileStream(writing: folder.url("blocker/photos.js"))
    stream.append(pattern(2 * ChangedFileStream.memoryLimit))
    let error = #expect(throws: WriteError.self) { try stream.finish() }
    #expect(error?.path.hasSuffix("/blocker") == true)
    #expect(
      try SiteTree.contents(of: folder.path) == ["blocker": Array("a file, not a folder".utf8)])
  }
}

import Testing
import WallKit
import WallKitTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A file given in chunks is written only when its bytes change, and none of its bytes is held
/// in memory: a new or changed file goes to its temporary file as the chunks come.
@Suite struct ChangedFileStreamTests {
  /// `count` bytes of a pattern that differs from one chunk to the next.
  func pattern(_ count: Int, seed: UInt8 = 0) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 12) &+ seed }
  }

  /// Streams `bytes` to `path` in chunks of `chunk` bytes; returns whether it was written, and
  /// after each chunk the size of the temporary file beside `path` (nil while there is none)
  /// and the bytes given so far.
  func stream(_ bytes: [UInt8], to path: String, chunk: Int = 100_000) throws -> (
    written: Bool, sizes: [(temporary: Int?, given: Int)]
  ) {
    let stream = ChangedFileStream(writing: path)
    var sizes: [(temporary: Int?, given: Int)] = []
    var start = 0
    while start < bytes.count {
      let end = min(start + chunk, bytes.count)
      stream.append(Array(bytes[start..<end]))
      sizes.append((temporarySize(beside: path), end))
      start = end
    }
    return (try stream.finish(), sizes)
  }

  /// The size of the one temporary file in `path`'s folder; nil when there is none.
  func temporarySize(beside path: String) -> Int? {
    let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    let temporaries = FileSystem.contents(of: folder).filter {
      $0.contains(FileSystem.temporarySuffix)
    }
    guard temporaries.count == 1, let name = temporaries.first else { return nil }
    return FileSystem.size(of: "\(folder)/\(name)")
  }

  /// Whether every chunk from the first one written on went to the temporary file at once.
  func writtenAsTheyCame(_ sizes: [(temporary: Int?, given: Int)]) -> Bool {
    guard let first = sizes.firstIndex(where: { $0.temporary != nil }) else { return false }
    return sizes[first...].allSatisfy { $0.temporary == $0.given }
  }

  func inode(_ path: String) -> UInt {
    var info = stat()
    return stat(path, &info) == 0 ? UInt(info.st_ino) : 0
  }

  @Test("a new file goes to its temporary file as the chunks come, none held")
  func newFile() throws {
    let folder = try TemporaryDirectory()
    let path = folder.url("walls/u1/photos.html")
    let bytes = pattern(3 * ChangedFileStream.memoryLimit + 12_345)
    let result = try stream(bytes, to: path)
    #expect(result.written)
    #expect(result.sizes.first?.temporary == 100_000, "written from the first chunk")
    #expect(writtenAsTheyCame(result.sizes))
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
    #expect(same.sizes.allSatisfy { $0.temporary == nil }, "an unchanged file is only compared")
    #expect(inode(path) == before)
    var edited = bytes
    edited[changed] &+= 1
    let result = try stream(edited, to: path, chunk: 65_536)
    #expect(result.written)
    let firstWritten = result.sizes.firstIndex { $0.temporary != nil }
    #expect(firstWritten == changed / 65_536, "written from the chunk that differs")
    #expect(writtenAsTheyCame(result.sizes), "the bytes that matched, then each chunk")
    #expect(try SiteTree.contents(of: folder.path) == ["walls/u1/photos.js": edited])
  }

  @Test("a file given no bytes is written empty once, then left as it is")
  func emptyFile() throws {
    let folder = try TemporaryDirectory()
    let path = folder.url("walls/u1/photos.js")
    #expect(try stream([], to: path).written)
    let before = inode(path)
    #expect(try stream([], to: path).written == false)
    #expect(inode(path) == before)
    #expect(try SiteTree.contents(of: folder.path) == ["walls/u1/photos.js": []])
    #expect(try stream([1], to: path).written)
    #expect(try SiteTree.contents(of: folder.path) == ["walls/u1/photos.js": [1]])
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

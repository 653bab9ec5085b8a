import Testing
import WallKit
import WallKitTestSupport

/// `FileSystem.copyAtomically`: a chunked copy that shows every byte to its observer once.
@Suite struct FileSystemCopyTests {
  @Test("a file larger than one chunk is copied exactly and hashed in the same pass")
  func copiesAndHashes() throws {
    let folder = try TemporaryDirectory("copy")
    let count = 2 * (1 << 20) + 12_345
    let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
    try FileSystem.writeAtomically(bytes, to: folder.url("source"))
    let hasher = SHA256.hasher()
    var chunks = 0
    let copied = try FileSystem.copyAtomically(folder.url("source"), to: folder.url("a/b/copy")) {
      hasher.update($0)
      chunks += 1
    }
    #expect(copied == count)
    #expect(chunks == 3)
    #expect(try FileSystem.readFile(folder.url("a/b/copy"), limit: count) == bytes)
    #expect(hasher.finalize() == SHA256.digest(bytes))
    #expect(FileSystem.contents(of: folder.url("a/b")) == ["copy"])
  }

  @Test("a missing source is an error naming it, and leaves no file behind")
  func missingSource() throws {
    let folder = try TemporaryDirectory("copy")
    let error = #expect(throws: WriteError.self) {
      try FileSystem.copyAtomically(folder.url("absent"), to: folder.url("copy")) { _ in }
    }
    #expect(error?.path == folder.url("absent"))
    #expect(FileSystem.contents(of: folder.path).isEmpty)
  }
}

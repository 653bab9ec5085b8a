import Testing
import WallKit
import WallKitTestSupport

@Suite("A spill file")
struct SpillFileTests {
  @Test("gives back what was appended, at the offsets it returned")
  func readsBackAppends() throws {
    let folder = try TemporaryDirectory("spill")
    let file = try #require(SpillFile(folder: folder.path, byteLimit: 1 << 16))
    let first = try #require(file.append(Array("first".utf8)))
    let second = try #require(file.append([0, 1, 2, 255]))
    #expect(first == 0)
    #expect(second == 5)
    #expect(file.read(offset: second, count: 4) == [0, 1, 2, 255])
    #expect(file.read(offset: first, count: 5) == Array("first".utf8))
    // Past the end there is nothing to read.
    #expect(file.read(offset: 9, count: 1) == nil)
  }

  @Test("refuses an append that would take it past its byte limit, and stays under it")
  func holdsItsLimit() throws {
    let folder = try TemporaryDirectory("spill")
    let file = try #require(SpillFile(folder: folder.path, byteLimit: 10))
    #expect(file.append([UInt8](repeating: 1, count: 6)) == 0)
    #expect(file.append([UInt8](repeating: 2, count: 6)) == nil)
    #expect(file.append([UInt8](repeating: 3, count: 4)) == 6)
    #expect(file.append([4]) == nil)
    #expect(file.size == 10)
  }

  @Test("leaves no file behind in its folder")
  func isUnlinked() throws {
    let folder = try TemporaryDirectory("spill")
    let file = try #require(SpillFile(folder: folder.path, byteLimit: 100))
    #expect(file.append([1, 2, 3]) == 0)
    #expect(FileSystem.contents(of: folder.path) == [])
  }

  @Test("is not made in a folder that does not exist")
  func needsAFolder() throws {
    let folder = try TemporaryDirectory("spill")
    #expect(SpillFile(folder: folder.url("missing"), byteLimit: 100) == nil)
  }
}

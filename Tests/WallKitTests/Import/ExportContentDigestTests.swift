import Foundation
import Testing
import WallKit
import WallKitTestSupport

/// `ExportContentDigest`, what plan identities and build fingerprints hold of an export: one
/// walk in any order, changed by any file added, removed, renamed or changed.
@Suite struct ExportContentDigestTests {
  /// An export folder with a few files, in subfolders too.
  static func makeExport(in folder: TemporaryDirectory) throws -> String {
    let root = folder.url("export")
    try FileSystem.createDirectory("\(root)/files/sub")
    try FileSystem.writeAtomically("[]", to: "\(root)/_User.json")
    try FileSystem.writeAtomically("AAAA", to: "\(root)/files/a.jpg")
    try FileSystem.writeAtomically("BBBB", to: "\(root)/files/b.jpg")
    try FileSystem.writeAtomically("CC", to: "\(root)/files/sub/c.jpg")
    return root
  }

  static func digest(_ root: String) throws -> String {
    ExportContentDigest.of(try FolderSource(root: root))
  }

  @Test("the digest is the same for the same files, and counts them")
  func stable() throws {
    let folder = try TemporaryDirectory()
    let root = try Self.makeExport(in: folder)
    let first = try Self.digest(root)
    #expect(first == (try Self.digest(root)))
    #expect(first.hasPrefix("4 "))
  }

  @Test("a file added, removed, edited or renamed changes the digest")
  func changes() throws {
    let folder = try TemporaryDirectory()
    let root = try Self.makeExport(in: folder)
    var seen: Set<String> = [try Self.digest(root)]
    try FileSystem.writeAtomically("D", to: "\(root)/files/sub/d.jpg")
    #expect(seen.insert(try Self.digest(root)).inserted, "added")
    try FileSystem.removeFile("\(root)/files/sub/d.jpg")
    try FileSystem.writeAtomically("CCC", to: "\(root)/files/sub/c.jpg")
    #expect(seen.insert(try Self.digest(root)).inserted, "edited")
    #expect(rename("\(root)/files/sub/c.jpg", "\(root)/files/sub/e.jpg") == 0)
    #expect(seen.insert(try Self.digest(root)).inserted, "renamed")
    try FileSystem.removeFile("\(root)/files/sub/e.jpg")
    #expect(seen.insert(try Self.digest(root)).inserted, "removed")
  }

  /// A source that is only a list of files and identities.
  struct Listed: ExportSource {
    let files: [(path: String, identity: String)]
    var location: String { "listed" }
    func fileExists(_ path: String) -> Bool { false }
    func fileNames(in directory: String) -> [String] { [] }
    func read(_ path: String, limit: Int) throws(ImportError) -> [UInt8] {
      throw .notFound(path: path)
    }
    func contentIdentity(of path: String) -> String? { nil }
    func forEachContentIdentity(_ body: (_ path: String, _ identity: String) -> Void) {
      for file in files { body(file.path, file.identity) }
    }
  }

  @Test("two files whose identities are swapped change the digest; the order of the walk does not")
  func swap() throws {
    let files = [("a.jpg", "4:1:1:10"), ("b.jpg", "4:2:2:11"), ("c.jpg", "2:3:3:12")]
    let digest = ExportContentDigest.of(Listed(files: files))
    #expect(ExportContentDigest.of(Listed(files: files.reversed())) == digest)
    let swapped = [("a.jpg", "4:2:2:11"), ("b.jpg", "4:1:1:10"), ("c.jpg", "2:3:3:12")]
    #expect(ExportContentDigest.of(Listed(files: swapped)) != digest)
    // And on a folder: two files swapped by renames.
    let folder = try TemporaryDirectory()
    let root = try Self.makeExport(in: folder)
    let before = try Self.digest(root)
    for (from, to) in [("a", "t"), ("b", "a"), ("t", "b")] {
      #expect(rename("\(root)/files/\(from).jpg", "\(root)/files/\(to).jpg") == 0)
    }
    #expect(try Self.digest(root) != before)
  }

  @Test("the sum wraps modulo 2^256, carrying across words")
  func sumWraps() {
    var sum = ExportContentDigest.Sum()
    sum.add([UInt8](repeating: 0xFF, count: 32))
    sum.add([UInt8](repeating: 0, count: 31) + [2])
    #expect(sum.bytes == [UInt8](repeating: 0, count: 31) + [1])
    sum.add([0x80] + [UInt8](repeating: 0, count: 31))
    #expect(sum.bytes == [0x80] + [UInt8](repeating: 0, count: 30) + [1])
  }
}

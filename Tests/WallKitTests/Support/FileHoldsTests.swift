import Testing
import WallKit
import WallKitTestSupport

/// A page is left as it is only when the file on disk holds exactly its bytes
/// (`StagingArea.file(at:holds:)`, one `stat`, then `open`, one `pread` and `close` for a file
/// of the same size).
@Suite(.fullTier) struct FileHoldsTests {
  @Test("only a regular file with exactly the bytes holds them")
  func holds() throws {
    let folder = try TemporaryDirectory("holds")
    let path = folder.url("page.html")
    let page = Array("<p>a page</p>".utf8)
    #expect(!StagingArea.file(at: path, holds: page), "missing")
    try FileSystem.writeAtomically(page, to: path)
    #expect(StagingArea.file(at: path, holds: page))
    #expect(!StagingArea.file(at: path, holds: Array("<p>a pagf</p>".utf8)), "same size")
    #expect(!StagingArea.file(at: path, holds: Array(page.dropLast())), "longer on disk")
    #expect(!StagingArea.file(at: path, holds: page + [0x0A]), "shorter on disk")
    try FileSystem.writeAtomically([UInt8](), to: folder.url("empty"))
    #expect(StagingArea.file(at: folder.url("empty"), holds: []))
    try FileSystem.createDirectory(folder.url("walls"))
    #expect(!StagingArea.file(at: folder.url("walls"), holds: []), "a folder")
  }

  @Test("a large page is compared whole")
  func large() throws {
    let folder = try TemporaryDirectory("holds-large")
    let path = folder.url("page.html")
    var page = [UInt8](repeating: UInt8(ascii: "x"), count: 300_000)
    try FileSystem.writeAtomically(page, to: path)
    #expect(StagingArea.file(at: path, holds: page))
    page[299_999] = UInt8(ascii: "y")
    #expect(!StagingArea.file(at: path, holds: page))
  }

  /// The old check opened any file of the right size to read it: a FIFO (size 0) where an
  /// empty file was expected blocked the build forever.
  @Test(
    "a FIFO is never opened",
    .enabled(if: ExternalTool.path("mkfifo") != nil, "mkfifo is not installed"),
    .timeLimit(.minutes(1)))
  func fifo() throws {
    let mkfifo = try #require(ExternalTool.path("mkfifo"))
    let folder = try TemporaryDirectory("holds-fifo")
    let fifo = folder.url("pipe")
    try #require(try ExternalTool.run(mkfifo, [fifo]).status == 0)
    #expect(!StagingArea.file(at: fifo, holds: []))
  }
}

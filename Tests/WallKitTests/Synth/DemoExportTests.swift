import Testing
import WallKit
import WallKitTestSupport

@testable import WallSynth

/// The demo export in `Examples/demo-export` and the generator that makes it.
@Suite(.fullTier) struct DemoExportTests {
  /// The committed demo.
  static let committed = RepositoryPaths.path("Examples/demo-export")
  /// The one file that is broken on purpose (a JPEG cut inside its header).
  static let brokenFile = "files/tfss-a5c8d4c8-b30a-408e-a0f9-09f4f2c82dc0-img.jpg"

  @Test("a fresh run writes exactly the committed demo, byte for byte")
  func committedDemoIsInSync() throws {
    let folder = try TemporaryDirectory("demo-export")
    let summary = try DemoExport.write(to: folder.path)
    let fresh = DemoFiles.list(folder.path)
    let committed = DemoFiles.list(Self.committed)
    #expect(fresh == committed, "run `swift run make-demo` and commit Examples/demo-export")
    for path in fresh where committed.contains(path) {
      let new = try FileSystem.readFile("\(folder.path)/\(path)", limit: 1 << 24)
      let old = try FileSystem.readFile("\(Self.committed)/\(path)", limit: 1 << 24)
      // A flag and sizes, not the bytes: a differing photo would print megabytes.
      let same = new == old
      #expect(
        same,
        "\(path) differs (\(new.count) bytes fresh, \(old.count) committed): run `swift run make-demo` and commit the result"
      )
    }
    #expect(summary.files == fresh.count)
    #expect(
      summary.bytes == fresh.reduce(0) { $0 + (FileSystem.size(of: "\(folder.path)/\($1)") ?? 0) })
    #expect(summary.brokenFiles == [Self.brokenFile])
    #expect(summary.bytes < 5_000_000)
  }

  @Test("stale generated files are removed, kept and foreign ones are not")
  func rerunRemovesStaleFiles() throws {
    let folder = try TemporaryDirectory("demo-export")
    let writer = try ExportWriter(root: folder.path)
    try writer.writeFile("files/tfss-stale-img.jpg", [1])
    try writer.writeFile("Stale.json", Array("{}".utf8))
    try writer.writeFile("notes.txt", Array("keep me".utf8))
    try writer.writeFile("graph/1.json", Array("{}".utf8))
    try DemoExport.removeStaleFiles(in: folder.path, keeping: ["graph/1.json"])
    #expect(FileSystem.kind(of: folder.url("graph/1.json")) == .regular)
    #expect(FileSystem.kind(of: folder.url("files/tfss-stale-img.jpg")) == .missing)
    #expect(FileSystem.kind(of: folder.url("Stale.json")) == .missing)
    #expect(FileSystem.kind(of: folder.url("notes.txt")) == .regular)
  }

  @Test("make-demo refuses extra arguments with a usage error")
  func commandUsage() {
    let lines = LineRecorder()
    let output = DemoCommand.Output(out: { lines.append($0) }, err: { lines.append($0) })
    #expect(DemoCommand.run(["a", "b"], output: output) == .usage)
    #expect(DemoCommand.run(["--verbose"], output: output) == .usage)
    #expect(lines.all.first == "make-demo: error: unexpected arguments 'a b'")
  }

  @Test("make-demo's default folder is the demo wallgen reads when given no export")
  func defaultFolderIsTheCLIDemo() {
    #expect(DemoExport.defaultRoot == WallCLI.demoExport)
  }

  @Test("make-demo exits 1 with the path when the folder cannot be written")
  func commandWriteError() throws {
    let folder = try TemporaryDirectory("demo-export")
    let writer = try ExportWriter(root: folder.path)
    try writer.writeFile("blocker", [0])
    let lines = LineRecorder()
    let output = DemoCommand.Output(out: { lines.append($0) }, err: { lines.append($0) })
    #expect(DemoCommand.run([folder.url("blocker/demo")], output: output) == .failure)
    #expect(lines.all.count == 1)
    #expect(lines.all.first?.hasPrefix("make-demo: error: \(folder.url("blocker"))") == true)
  }
}

import Foundation
import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// Symbolic links in an export folder that the import does not follow are reported, each
/// naming its file, instead of being skipped as if absent (issue 21, item 7).
@Suite struct ExportLinkTests {
  typealias P = ParseFixtures

  /// An export in `folder/export` whose users 1 and 2 have graph files, and files outside it.
  static func export(in folder: TemporaryDirectory) throws -> String {
    let root = folder.url("export")
    let export = try ExportWriter(root: root)
    try export.writeClass(
      "_User",
      [
        P.user("uA", username: "ann", fbId: "1"), P.user("uB", username: "bob", fbId: "2"),
        P.user("uC", username: "cat", fbId: "3"),
      ])
    try export.writeClass(
      "WallImage", [P.image("i1", uploaderFBId: "1", username: "ann", fileName: "one.jpg", at: 1)])
    try export.writeFile("files/one.jpg", ImageFixtures.gradientJPEG(width: 8, height: 8))
    try export.writeFile("graph/2.json", Array(#"{"id":"2","name":"Bob Real"}"#.utf8))
    let outside = #"{"id":"1","name":"Ann Outside","friends":{"data":[{"id":"2"}]}}"#
    try FileSystem.writeAtomically(outside, to: folder.url("outside.json"))
    try FileSystem.writeAtomically("[]", to: folder.url("roles.json"))
    return root
  }

  static func link(_ path: String, to target: String) throws {
    try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
  }

  @Test(
    "a graph file linked out of graph/, or to nothing, is an error naming it; the build goes on")
  func graphLinks() throws {
    let folder = try TemporaryDirectory("export-links")
    let root = try Self.export(in: folder)
    try Self.link("\(root)/graph/1.json", to: folder.url("outside.json"))
    try Self.link("\(root)/graph/3.json", to: folder.url("nothing.json"))
    // A link that stays inside graph/ is followed, as before.
    try Self.link("\(root)/graph/9.json", to: "2.json")
    let result = try ExportImporter.load(root)
    let lines = result.report.sorted.map(\.description)
    #expect(
      lines.contains(
        "graph/1.json: is a symbolic link leading out of graph/; wallgen follows a link inside an "
          + "export only within its own folder, so this file is not read"), "\(lines)")
    #expect(
      lines.contains(
        "graph/3.json: is a symbolic link to nothing (a missing file); it is not read"),
      "\(lines)")
    #expect(!lines.contains { $0.hasPrefix("graph/9.json: is a symbolic link") }, "\(lines)")
    #expect(result.failure == nil)
    #expect(result.dataset.users["uA"]?.displayName != "Ann Outside")
    #expect(result.dataset.users["uB"]?.displayName == "Bob Real")
  }

  @Test("a photo linked out of files/ is reported as such, not only as a missing file")
  func photoLink() throws {
    let folder = try TemporaryDirectory("export-links")
    let root = try Self.export(in: folder)
    try FileManager.default.removeItem(atPath: "\(root)/files/one.jpg")
    try FileSystem.writeAtomically("not read", to: folder.url("one.jpg"))
    try Self.link("\(root)/files/one.jpg", to: folder.url("one.jpg"))
    let lines = try ExportImporter.load(root).report.sorted.map(\.description)
    #expect(
      lines.contains(
        "files/one.jpg: is a symbolic link leading out of files/; wallgen follows a link inside "
          + "an export only within its own folder, so this file is not read"), "\(lines)")
  }

  @Test(
    "a class file linked out of the export makes it unusable, as an unreadable one does",
    arguments: ["WallImage.json", "WallImageComment.json", "_Role.json"])
  func classLink(file: String) throws {
    let folder = try TemporaryDirectory("export-links")
    let root = try Self.export(in: folder)
    if FileSystem.kind(of: "\(root)/\(file)") == .regular {
      try FileManager.default.moveItem(atPath: "\(root)/\(file)", toPath: folder.url(file))
    } else {
      try FileSystem.writeAtomically("[]", to: folder.url(file))
    }
    try Self.link("\(root)/\(file)", to: folder.url(file))
    let result = try ExportImporter.load(root)
    guard case .unreadableClassFiles(let problems)? = result.failure else {
      Issue.record("expected unreadableClassFiles, got \(String(describing: result.failure))")
      return
    }
    #expect(problems.map(\.file) == [file])
    #expect(
      problems.first?.reason.hasPrefix("is a symbolic link leading out of the export") == true)
  }

  @Test("graph/ or files/ made a link is reported once")
  func folderLink() throws {
    let folder = try TemporaryDirectory("export-links")
    let root = try Self.export(in: folder)
    try FileManager.default.moveItem(atPath: "\(root)/graph", toPath: folder.url("graph"))
    try Self.link("\(root)/graph", to: folder.url("graph"))
    let lines = try ExportImporter.load(root).report.sorted.map(\.description)
    #expect(lines.filter { $0.hasPrefix("graph: is a symbolic link") }.count == 1, "\(lines)")
  }

  /// Regular files and links kept inside, not links out, to nothing or to folders, nor
  /// anything of a graph/ that is a link elsewhere.
  @Test("forEachFileName gives the names fileNames gives, one at a time")
  func namesOneAtATime() throws {
    let folder = try TemporaryDirectory("export-names")
    let root = try Self.export(in: folder)
    try Self.link("\(root)/graph/1.json", to: folder.url("outside.json"))
    try Self.link("\(root)/graph/3.json", to: folder.url("nothing.json"))
    try Self.link("\(root)/graph/9.json", to: "2.json")
    try FileManager.default.createDirectory(
      atPath: "\(root)/graph/sub", withIntermediateDirectories: false)
    try Self.link("\(root)/graph/dir", to: "sub")
    let source = try FolderSource(root: root)
    for area in ["", "graph", "files", "missing"] {
      var names: [String] = []
      source.forEachFileName(in: area) { names.append($0) }
      #expect(names.sorted() == source.fileNames(in: area), "\(area)")
    }
    var graph: [String] = []
    source.forEachFileName(in: "graph") { graph.append($0) }
    #expect(graph.sorted() == ["2.json", "9.json"])

    // graph/ itself a link out of the export: none of its files is the export's.
    let other = try TemporaryDirectory("export-names-out")
    let moved = try Self.export(in: other)
    try FileManager.default.removeItem(atPath: "\(moved)/graph")
    try Self.link("\(moved)/graph", to: "\(root)/graph")
    var linked: [String] = []
    try FolderSource(root: moved).forEachFileName(in: "graph") { linked.append($0) }
    #expect(linked.isEmpty)
    #expect(try FolderSource(root: moved).fileNames(in: "graph").isEmpty)
  }
}

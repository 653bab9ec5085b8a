import Foundation
import Testing
import WallKitTestSupport

@testable import WallKit
@testable import WallWatch

/// What counts as a change for inotify.
///
/// The kernel queues an event before the write that
/// caused it returns, so each check reads the queue at once, with no waiting.
@Suite(
  .fullTier,
  .enabled(if: FileManager.default.fileExists(atPath: "/proc/sys/fs/inotify"), "no inotify"))
struct InotifyWatcherTests {
  let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory("wallgen-inotify")
    try FileManager.default.createDirectory(
      atPath: folder.url("export/files"), withIntermediateDirectories: true)
  }

  func write(_ path: String, _ text: String = "x") throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: folder.url(path)))
  }

  func mkdir(_ path: String) throws {
    try FileManager.default.createDirectory(
      atPath: folder.url(path), withIntermediateDirectories: true)
  }

  @Test("hidden names and the output folder are no change; anything else is")
  func ignores() throws {
    let site = folder.url("export/_site")
    try mkdir("export/_site")
    let watcher = try InotifyWatcher(
      paths: [folder.url("export")], excluding: [try #require(FileSystem.realPath(site))],
      limit: .max)
    #expect(watcher.folderCount == 2)
    try write("export/.DS_Store")
    try write("export/files/.a.jpg.swp")
    try mkdir("export/.git/objects")
    try write("export/_site/index.html")
    try mkdir("export/_site/walls")
    #expect(try !watcher.takeQueued())
    try write("export/files/a.jpg")
    #expect(try watcher.takeQueued())
    #expect(watcher.folderCount == 2)
  }

  @Test("a new folder is watched at once, nested ones too, and its files count")
  func newFolders() throws {
    let watcher = try InotifyWatcher(paths: [folder.url("export")], excluding: [], limit: .max)
    try mkdir("export/files/2024/05/01")
    #expect(try watcher.takeQueued())
    #expect(watcher.folderCount == 5)
    try write("export/files/2024/05/01/x.jpg")
    #expect(try watcher.takeQueued())
  }

  @Test("a watched .zip counts for its own name only")
  func zipName() throws {
    try write("export.zip", "PK")
    let watcher = try InotifyWatcher(paths: [folder.url("export.zip")], excluding: [], limit: .max)
    try write("other.zip", "PK")
    try write("export/files/a.jpg")
    #expect(try !watcher.takeQueued())
    try write("export.zip", "PK2")
    #expect(try watcher.takeQueued())
  }

  @Test("past the watch limit, a new folder throws the limit error")
  func limit() throws {
    let watcher = try InotifyWatcher(paths: [folder.url("export")], excluding: [], limit: 2)
    try mkdir("export/files/new")
    let error = #expect(throws: Inotify.Failure.self) { try watcher.takeQueued() }
    #expect(error == .limitReached(reason: "more than 2 folders"))
  }
}

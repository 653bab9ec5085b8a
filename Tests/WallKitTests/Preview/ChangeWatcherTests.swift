import Foundation
import Synchronization
import Testing
import WallKit
import WallKitTestSupport

@Suite struct ChangeWatcherTests {
  @Test("a fingerprint changes when a file is edited, added or removed, not otherwise")
  func fingerprint() throws {
    let folder = try TemporaryDirectory("wallgen-watch")
    try Data("a".utf8).write(to: URL(fileURLWithPath: folder.url("A.json")))
    try FileManager.default.createDirectory(
      atPath: folder.url("files"), withIntermediateDirectories: true)
    try Data("x".utf8).write(to: URL(fileURLWithPath: folder.url("files/x")))
    let first = FileFingerprint(of: [folder.path])
    #expect(first.stamps.count == 2)
    #expect(FileFingerprint(of: [folder.path]) == first)
    try Data("ab".utf8).write(to: URL(fileURLWithPath: folder.url("A.json")))
    let edited = FileFingerprint(of: [folder.path])
    #expect(edited != first)
    try Data("y".utf8).write(to: URL(fileURLWithPath: folder.url("files/y")))
    #expect(FileFingerprint(of: [folder.path]) != edited)
    #expect(FileFingerprint(of: [folder.path], excluding: [folder.url("files")]).stamps.count == 1)
  }

  @Test("hidden names and excluded folders are not watched")
  func ignores() throws {
    let folder = try TemporaryDirectory("wallgen-watch")
    try FileManager.default.createDirectory(
      atPath: folder.url("_site/walls"), withIntermediateDirectories: true)
    let before = FileFingerprint(of: [folder.path], excluding: [folder.url("_site")])
    try Data("x".utf8).write(to: URL(fileURLWithPath: folder.url(".DS_Store")))
    try Data("x".utf8).write(to: URL(fileURLWithPath: folder.url("_site/walls/index.html")))
    #expect(FileFingerprint(of: [folder.path], excluding: [folder.url("_site")]) == before)
  }

  @Test("the watcher calls back once after a change, and stop ends it")
  func watcher() throws {
    let folder = try TemporaryDirectory("wallgen-watch")
    let file = folder.url("WallImageComment.json")
    try Data("{}".utf8).write(to: URL(fileURLWithPath: file))
    let calls = Atomic(0)
    let watcher = ChangeWatcher(paths: [folder.path], interval: .milliseconds(50)) {
      calls.add(1, ordering: .relaxed)
    }
    watcher.start()
    defer { watcher.stop() }
    Thread.sleep(forTimeInterval: 0.2)
    #expect(calls.load(ordering: .relaxed) == 0)
    try Data("{\"results\":[]}".utf8).write(to: URL(fileURLWithPath: file))
    let deadline = Date().addingTimeInterval(5)
    while calls.load(ordering: .relaxed) == 0 && Date() < deadline {
      Thread.sleep(forTimeInterval: 0.05)
    }
    Thread.sleep(forTimeInterval: 0.4)
    #expect(calls.load(ordering: .relaxed) == 1)
  }
}

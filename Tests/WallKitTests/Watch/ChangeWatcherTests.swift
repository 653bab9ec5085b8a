import Foundation
import Glibc
import Synchronization
import Testing
import WallKit
import WallKitTestSupport

/// Counts a watcher's calls.
///
/// Tests wait for a count (with a generous timeout) instead of sleeping. A call can be held
/// until the test releases it, so that a burst of changes is made while the watcher is busy
/// and is seen as one batch.
final class ChangeLog: Sendable {
  private let calls = Mutex(0)
  private let called = DispatchSemaphore(value: 0)
  private let holding = Atomic(false)
  private let released = DispatchSemaphore(value: 0)

  var count: Int { calls.withLock { $0 } }

  /// What the watcher calls.
  func record() {
    calls.withLock { $0 += 1 }
    called.signal()
    if holding.load(ordering: .acquiring) { released.wait() }
  }

  /// Waits until `count` calls were made; false after `timeout` seconds.
  func wait(for count: Int, timeout: Double = 20) -> Bool {
    let deadline = DispatchTime.now() + timeout
    while self.count < count {
      if called.wait(timeout: deadline) == .timedOut { return self.count >= count }
    }
    return true
  }

  /// Makes the next calls block until `release()`.
  func hold() { holding.store(true, ordering: .releasing) }

  /// Lets a held call return, and the later ones run freely.
  func release() {
    holding.store(false, ordering: .releasing)
    released.signal()
  }
}

@Suite struct ChangeWatcherTests {
  let folder: TemporaryDirectory
  let calls = ChangeLog()

  init() throws {
    folder = try TemporaryDirectory("wallgen-watch")
    try FileManager.default.createDirectory(
      atPath: folder.url("export/files"), withIntermediateDirectories: true)
    try write("export/WallImageComment.json", "{}")
    try write("export/files/a.jpg", "a")
  }

  var export: String { folder.url("export") }

  func write(_ path: String, _ text: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: folder.url(path)))
  }

  func watcher(_ strategy: ChangeWatcher.Strategy = .automatic) -> ChangeWatcher {
    ChangeWatcher(
      paths: [export], excluding: [folder.url("export/_site")], interval: .milliseconds(50),
      quiet: .milliseconds(50), strategy: strategy
    ) { [calls] in calls.record() }
  }

  static var hasInotify: Bool { FileManager.default.fileExists(atPath: "/proc/sys/fs/inotify") }

  @Test("a fingerprint changes when a file is edited, added or removed, not otherwise")
  func fingerprint() throws {
    let first = FileFingerprint(of: [export])
    #expect(first.stamps.count == 2)
    #expect(FileFingerprint(of: [export]) == first)
    try write("export/WallImageComment.json", "{\"results\":[]}")
    let edited = FileFingerprint(of: [export])
    #expect(edited != first)
    try write("export/files/b.jpg", "b")
    #expect(FileFingerprint(of: [export]) != edited)
    #expect(
      FileFingerprint(of: [export], excluding: [folder.url("export/files")]).stamps.count == 1)
  }

  @Test("hidden names and excluded folders are not in the fingerprint")
  func ignores() throws {
    try FileManager.default.createDirectory(
      atPath: folder.url("export/_site/walls"), withIntermediateDirectories: true)
    let before = FileFingerprint(of: [export], excluding: [folder.url("export/_site")])
    try write("export/.DS_Store", "x")
    try write("export/_site/walls/index.html", "x")
    #expect(FileFingerprint(of: [export], excluding: [folder.url("export/_site")]) == before)
  }

  @Test("inotify is used where the system has it", .enabled(if: hasInotify, "no inotify here"))
  func usesInotify() {
    let watcher = watcher()
    defer { watcher.stop() }
    #expect(watcher.start() == .inotify(folders: 2))
    #expect(watcher.method.description == "watching 2 folders with inotify")
  }

  @Test("an edited file is one change", arguments: [ChangeWatcher.Strategy.automatic, .polling])
  func edit(strategy: ChangeWatcher.Strategy) throws {
    let watcher = watcher(strategy)
    watcher.start()
    defer { watcher.stop() }
    try write("export/WallImageComment.json", "{\"results\":[]}")
    #expect(calls.wait(for: 1))
  }

  @Test("a file in a new subfolder is seen, and so is a later edit inside it")
  func newSubfolder() throws {
    let watcher = watcher()
    watcher.start()
    defer { watcher.stop() }
    try FileManager.default.createDirectory(
      atPath: folder.url("export/files/2024/05"), withIntermediateDirectories: true)
    try write("export/files/2024/05/new.jpg", "n")
    #expect(calls.wait(for: 1))
    try write("export/files/2024/05/new.jpg", "edited")
    #expect(calls.wait(for: calls.count + 1))
  }

  @Test("a deleted file is a change", arguments: [ChangeWatcher.Strategy.automatic, .polling])
  func delete(strategy: ChangeWatcher.Strategy) throws {
    let watcher = watcher(strategy)
    watcher.start()
    defer { watcher.stop() }
    try FileManager.default.removeItem(atPath: folder.url("export/files/a.jpg"))
    #expect(calls.wait(for: 1))
  }

  @Test("a renamed file is a change, and an editor's save by rename too")
  func rename() throws {
    let watcher = watcher()
    watcher.start()
    defer { watcher.stop() }
    try FileManager.default.moveItem(
      atPath: folder.url("export/files/a.jpg"), toPath: folder.url("export/files/b.jpg"))
    #expect(calls.wait(for: 1))
    try write("export/.WallImageComment.json.tmp", "{\"results\":[1]}")
    let seen = calls.count
    #expect(
      Glibc.rename(
        folder.url("export/.WallImageComment.json.tmp"), folder.url("export/WallImageComment.json"))
        == 0)
    #expect(calls.wait(for: seen + 1))
  }

  @Test("a burst of changes made while the watcher is busy is one call")
  func burst() throws {
    let watcher = watcher()
    watcher.start()
    defer { watcher.stop() }
    calls.hold()
    try write("export/files/first.jpg", "1")
    #expect(calls.wait(for: 1))
    // The watcher is inside its first call: everything below queues up meanwhile.
    try FileManager.default.createDirectory(
      atPath: folder.url("export/files/burst"), withIntermediateDirectories: true)
    for index in 0..<30 { try write("export/files/burst/\(index).jpg", "\(index)") }
    try FileManager.default.removeItem(atPath: folder.url("export/files/a.jpg"))
    calls.release()
    #expect(calls.wait(for: 2))
    // A later change is the third call, so the burst was exactly one.
    let sentinel = folder.url("export/files/sentinel.jpg")
    try write("export/files/sentinel.jpg", "s")
    #expect(calls.wait(for: 3))
    #expect(calls.count == 3)
    #expect(FileManager.default.fileExists(atPath: sentinel))
  }

  @Test("polling can be forced, and says so")
  func forcedPolling() throws {
    let watcher = watcher(.polling)
    defer { watcher.stop() }
    #expect(watcher.start() == .polling(reason: "every 50 ms, as asked"))
    #expect(watcher.method.description == "watching by polling every 50 ms, as asked")
    try FileManager.default.createDirectory(
      atPath: folder.url("export/files/new"), withIntermediateDirectories: true)
    try write("export/files/new/x.jpg", "x")
    #expect(calls.wait(for: 1))
  }

  @Test("past the watch limit at start, polling is used and the reason is given")
  func limitAtStart() throws {
    let watcher = ChangeWatcher(
      paths: [export], interval: .milliseconds(50), quiet: .milliseconds(50), watchLimit: 1
    ) { [calls] in calls.record() }
    defer { watcher.stop() }
    #expect(
      watcher.start().description
        == "watching by polling every 50 ms, because the inotify limit is reached (more than 1"
        + " folders); raise fs.inotify.max_user_watches or fs.inotify.max_user_instances")
    try write("export/files/a.jpg", "edited")
    #expect(calls.wait(for: 1))
  }

  @Test("a new folder past the watch limit switches to polling, says so, and counts as a change")
  func limitWhileRunning() throws {
    let notes = Mutex<[String]>([])
    let watcher = ChangeWatcher(
      paths: [export], interval: .milliseconds(50), quiet: .milliseconds(50), watchLimit: 2,
      log: { note in notes.withLock { $0.append(note) } }
    ) { [calls] in calls.record() }
    defer { watcher.stop() }
    #expect(watcher.start() == .inotify(folders: 2))
    try FileManager.default.createDirectory(
      atPath: folder.url("export/files/new"), withIntermediateDirectories: true)
    #expect(calls.wait(for: 1))
    #expect(notes.withLock { $0.first?.hasPrefix("watching by polling every 50 ms") } == true)
    if case .polling = watcher.method {} else { Issue.record("still \(watcher.method)") }
    let seen = calls.count
    try write("export/files/new/x.jpg", "x")
    #expect(calls.wait(for: seen + 1))
  }

  @Test("a .zip export is watched through its folder, for its own name")
  func zipExport() throws {
    try write("export.zip", "PK")
    let watcher = ChangeWatcher(paths: [folder.url("export.zip")], quiet: .milliseconds(50)) {
      [calls] in calls.record()
    }
    watcher.start()
    defer { watcher.stop() }
    try write("export.zip", "PK2")
    #expect(calls.wait(for: 1))
  }

  @Test("stop ends the watcher while it waits")
  func stop() {
    let watcher = watcher()
    watcher.start()
    let started = ContinuousClock.now
    watcher.stop()
    watcher.stop()
    #expect(ContinuousClock.now - started < .seconds(5))
  }
}

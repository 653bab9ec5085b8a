import Foundation
import Glibc
import Synchronization
import Testing
import WallKit
import WallKitTestSupport

/// Counts a watcher's calls, and keeps what the files held at each call.
///
/// Tests wait for a count, for a call that saw a given state of the files, or for the watcher
/// to stay quiet (each with a generous deadline) instead of sleeping. A call can be held until
/// the test releases it, so that a burst of changes is made while the watcher is busy and is
/// seen as one batch.
final class ChangeLog: Sendable {
  /// The files' contents at each call, by path relative to the watched folder.
  private let calls = Mutex<[[String: String]]>([])
  private let called = DispatchSemaphore(value: 0)
  private let holding = Atomic(false)
  private let released = DispatchSemaphore(value: 0)

  var count: Int { calls.withLock { $0.count } }

  /// What the watcher calls, with the files as they are now.
  func record(_ files: [String: String] = [:]) {
    calls.withLock { $0.append(files) }
    called.signal()
    if holding.load(ordering: .acquiring) { released.wait() }
  }

  /// Waits until `count` calls were made; false after `timeout` seconds.
  func wait(for count: Int, timeout: Double = 20) -> Bool {
    waitForCalls(timeout: timeout) { $0.count >= count }
  }

  /// Waits until a call saw files for which `seen` holds; false after `timeout` seconds.
  func wait(timeout: Double = 20, forCallSeeing seen: ([String: String]) -> Bool) -> Bool {
    waitForCalls(timeout: timeout) { $0.contains(where: seen) }
  }

  /// Waits until no call came for `quiet` seconds; false when calls go on for `timeout`.
  ///
  /// A watcher calls once the files stayed unchanged for its own quiet time; a test waits for
  /// several of those before it says that no further call comes.
  func waitForQuiet(_ quiet: Double = 0.5, timeout: Double = 20) -> Bool {
    let deadline = DispatchTime.now() + timeout
    while DispatchTime.now() < deadline {
      if called.wait(timeout: .now() + quiet) == .timedOut { return true }
    }
    return false
  }

  /// Waits until `done` holds for the calls made; false after `timeout` seconds.
  private func waitForCalls(timeout: Double, until done: ([[String: String]]) -> Bool) -> Bool {
    let deadline = DispatchTime.now() + timeout
    while !calls.withLock({ done($0) }) {
      if called.wait(timeout: deadline) == .timedOut { return calls.withLock { done($0) } }
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

@Suite(.fullTier) struct ChangeWatcherTests {
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
      quiet: .milliseconds(50), strategy: strategy, onChange: recordCall)
  }

  /// Records a call of a watcher with the export's files as they are at the call.
  var recordCall: @Sendable () -> Void {
    { [calls, export] in calls.record(Self.files(in: export)) }
  }

  /// The text of every file under `root`, by relative path.
  static func files(in root: String) -> [String: String] {
    let contents = (try? SiteTree.contents(of: root)) ?? [:]
    return contents.mapValues { String(decoding: $0, as: UTF8.self) }
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
    #expect(calls.wait { $0["WallImageComment.json"] == "{\"results\":[]}" })
    // Every event of the write came before the first call (which waits for 50 ms of quiet):
    // a second call would be a second change seen for one edit.
    #expect(calls.waitForQuiet())
    #expect(calls.count == 1)
  }

  @Test("a file in a new subfolder is seen, and so is a later edit inside it")
  func newSubfolder() throws {
    let watcher = watcher()
    watcher.start()
    defer { watcher.stop() }
    try FileManager.default.createDirectory(
      atPath: folder.url("export/files/2024/05"), withIntermediateDirectories: true)
    try write("export/files/2024/05/new.jpg", "n")
    #expect(calls.wait { $0["files/2024/05/new.jpg"] == "n" })
    // A call that saw the edit, not a late one of the first write.
    try write("export/files/2024/05/new.jpg", "edited")
    #expect(calls.wait { $0["files/2024/05/new.jpg"] == "edited" })
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
    #expect(calls.wait { $0["files/b.jpg"] != nil && $0["files/a.jpg"] == nil })
    try write("export/.WallImageComment.json.tmp", "{\"results\":[1]}")
    #expect(
      Glibc.rename(
        folder.url("export/.WallImageComment.json.tmp"), folder.url("export/WallImageComment.json"))
        == 0)
    #expect(calls.wait { $0["WallImageComment.json"] == "{\"results\":[1]}" })
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
    #expect(calls.wait { $0["files/burst/29.jpg"] == "29" && $0["files/a.jpg"] == nil })
    #expect(calls.waitForQuiet())
    #expect(calls.count == 2, "the burst was more than one call")
    // And the watcher still sees a later change, as one more call.
    try write("export/files/sentinel.jpg", "s")
    #expect(calls.wait { $0["files/sentinel.jpg"] == "s" })
    #expect(calls.waitForQuiet())
    #expect(calls.count == 3)
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
      log: { note in notes.withLock { $0.append(note) } }, onChange: recordCall)
    defer { watcher.stop() }
    #expect(watcher.start() == .inotify(folders: 2))
    try FileManager.default.createDirectory(
      atPath: folder.url("export/files/new"), withIntermediateDirectories: true)
    #expect(calls.wait(for: 1))
    #expect(notes.withLock { $0.first?.hasPrefix("watching by polling every 50 ms") } == true)
    if case .polling = watcher.method {} else { Issue.record("still \(watcher.method)") }
    try write("export/files/new/x.jpg", "x")
    #expect(calls.wait { $0["files/new/x.jpg"] == "x" })
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

  @Test(
    "stop ends the watcher while it waits",
    arguments: [ChangeWatcher.Strategy.automatic, .polling])
  func stop(strategy: ChangeWatcher.Strategy) {
    // Its wait is a day long in either strategy: stop returns only because it wakes the
    // watcher, never because a wait ended. A watcher stop could not wake would hold the
    // thread below for a day; the test gives it a minute and then fails, whatever the load.
    let watcher = ChangeWatcher(
      paths: [export], interval: .seconds(86_400), quiet: .seconds(86_400), strategy: strategy,
      onChange: recordCall)
    watcher.start()
    let stopped = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      watcher.stop()
      watcher.stop()
      stopped.signal()
    }
    #expect(stopped.wait(timeout: .now() + 60) == .success)
  }
}

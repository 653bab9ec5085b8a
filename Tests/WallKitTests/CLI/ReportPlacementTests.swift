import Foundation
import Testing
import WallKit
import WallKitTestSupport

/// `--report FILE` inside the output folder would publish objectIds and file names (issue 21,
/// item 7): refused with exit 64 whatever the spelling, by build, shards and finalize alike.
@Suite("--report outside the site", .fullTier)
struct ReportPlacementTests {
  /// Spellings of a report inside `site`, relative to the folder wallgen runs in.
  static let insideSpellings = [
    "site/report.jsonl", "./site/report.jsonl", "site//report.jsonl", "site/./report.jsonl",
    "nowhere/../site/report.jsonl", "site/walls/../report.jsonl", "site", "site/", "./site//",
    "link/report.jsonl", "link/",
  ]

  /// An export, its plan, an empty `site` folder and `link` -> `site`, in `folder`.
  static func prepare(_ folder: TemporaryDirectory) throws -> (export: String, plan: String) {
    let export = try ArchiveFixture.write(in: folder)
    try FileSystem.createDirectory(folder.url("site"))
    try FileManager.default.createSymbolicLink(
      atPath: folder.url("link"), withDestinationPath: folder.url("site"))
    let plan = folder.url("export.plan")
    let planned = try WallgenProcess.run(["plan", export, "-o", plan, "-q"], in: folder.path)
    #expect(planned.0 == 0, "\(planned.1)")
    return (export, plan)
  }

  @Test(
    "build, a shard and finalize refuse a report inside the output folder with 64, naming both",
    .enabled(if: BuiltProduct.wallgen != nil, "no wallgen executable beside the test bundle"))
  func refusedEverySpelling() throws {
    let folder = try TemporaryDirectory("report-inside")
    let (export, plan) = try Self.prepare(folder)
    let commands: [[String]] = [
      ["build", export], ["build", "--plan", plan, "--shard", "0/1"],
      ["build", "--plan", plan, "--finalize"],
    ]
    for command in commands {
      for output in ["site", "./site/", folder.url("site")] {
        for report in Self.insideSpellings {
          let (status, err) = try WallgenProcess.run(
            command + ["-o", output, "--report", report, "-q"], in: folder.path)
          let label = "\(command.joined(separator: " ")) -o \(output) --report \(report)"
          #expect(status == 64, "\(label): \(err)")
          #expect(
            err.contains("the report '\(report)' is inside the output folder '\(output)'"),
            "\(label): \(err)")
          #expect(err.contains("objectIds and file names"), "\(label)")
        }
      }
    }
    // Nothing was written: the site is as empty as it was, and no report exists anywhere.
    #expect(SiteTree.files(in: folder.url("site")).isEmpty)
    #expect(FileSystem.kind(of: folder.url("report.jsonl")) == .missing)
  }

  @Test(
    "a report beside the output folder, even one named like it, is written",
    .enabled(if: BuiltProduct.wallgen != nil, "no wallgen executable beside the test bundle"))
  func besideIsWritten() throws {
    let folder = try TemporaryDirectory("report-beside")
    let (export, _) = try Self.prepare(folder)
    for report in ["site.report.jsonl", "./sitereport.jsonl", "link/../beside.jsonl"] {
      let (status, err) = try WallgenProcess.run(
        ["build", export, "-o", "site", "--report", report, "-q"], in: folder.path)
      #expect(status != 64, "\(report): \(err)")
      #expect(FileSystem.kind(of: folder.url(report)) == .regular, "\(report): \(err)")
    }
  }
}

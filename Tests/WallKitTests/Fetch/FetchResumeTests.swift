import Foundation
import Testing
import WallKit
import WallKitTestSupport

/// A fetch killed mid-run and run again fetches only what is missing; a file already there is
/// checked, not fetched again.
@Suite(
  .fullTier,
  .enabled(if: FaultServer.python != nil, "needs python3 for the fault-injecting server"))
struct FetchResumeTests {
  @Test("a run killed in the middle of a file, run again, fetches only the files that are missing")
  func killedThenRerun() throws {
    let wallgen = try #require(BuiltProduct.wallgen, "needs the built wallgen")
    let server = try FaultServer()
    let folder = try TemporaryDirectory("fetch-kill")
    let names = (1...5).map { "q\($0).jpg" }
    let export = try FetchFixture.export(
      names.map { ($0, server.url("ok/\($0)")) } + [("stall.jpg", server.url("stallonce/s"))],
      in: folder)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: wallgen)
    process.arguments =
      ["fetch", export, "-j", "6", "--quiet"] + FetchFixture.local + ["--stall-timeout", "60"]
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Once the five small files are in and the stalled one is under way, kill it.
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline
      && !(Set(names).isSubset(of: FetchFixture.files(export))
        && server.requests.contains("GET /stallonce/s"))
    {
      usleep(20_000)
    }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    let left = FetchFixture.files(export)
    #expect(Set(left).isSuperset(of: names))
    #expect(!left.contains("stall.jpg"), "half a file is never under its name")
    #expect(
      FileSystem.contents(of: "\(export)/files/.wallgen-fetch").contains { $0.hasSuffix(".part") },
      "the killed run's temporary file")
    let before = server.requests.count

    let (code, err) = FetchFixture.run([export] + FetchFixture.local)
    #expect(code == .success, "\(err)")
    #expect(FetchFixture.files(export) == (names + ["stall.jpg"]).sorted(), "and no leftover")
    #expect(FetchFixture.bytes(export, "stall.jpg") == FetchFaultTests.body("s"))
    let rerun = server.requests.dropFirst(before)
    #expect(rerun.filter { $0.hasPrefix("GET") } == ["GET /stallonce/s"])
    #expect(Set(rerun.filter { $0.hasPrefix("HEAD") }) == Set(names.map { "HEAD /ok/\($0)" }))
    #expect(
      err.last?.hasPrefix("fetched 1 file (2.0 KiB), 5 already there, 0 failed") == true, "\(err)")
  }

  @Test("a fetched file whose name looks like a temporary file survives the next run")
  func temporaryLookingNames() throws {
    let server = try FaultServer()
    let folder = try TemporaryDirectory("fetch-part-names")
    let names = [".wallgen-fetch-1-1.part", ".wallgen-fetch-99-7.part", "1-1.part"]
    let export = try FetchFixture.export(names.map { ($0, server.url("ok/\($0)")) }, in: folder)
    let first = FetchFixture.run([export] + FetchFixture.local)
    #expect(first.code == .success, "\(first.err)")
    let before = server.requests.count
    let second = FetchFixture.run([export] + FetchFixture.local)
    #expect(second.code == .success, "\(second.err)")
    #expect(FetchFixture.files(export) == names.sorted())
    for name in names {
      #expect(FetchFixture.bytes(export, name) == FetchFaultTests.body(name), "\(name)")
    }
    #expect(
      server.requests.dropFirst(before).allSatisfy { $0.hasPrefix("HEAD ") },
      "the second run found every file there: \(server.requests)")
  }

  @Test("a file already there with another length than the server's is fetched again")
  func wrongLengthIsFetchedAgain() throws {
    let server = try FaultServer()
    let folder = try TemporaryDirectory("fetch-length")
    let export = try FetchFixture.export([("r.jpg", server.url("ok/r"))], in: folder)
    try FileManager.default.createDirectory(
      atPath: "\(export)/files", withIntermediateDirectories: true)
    try Data("partial".utf8).write(to: URL(fileURLWithPath: "\(export)/files/r.jpg"))
    let (code, _) = FetchFixture.run([export] + FetchFixture.local)
    #expect(code == .success)
    #expect(FetchFixture.bytes(export, "r.jpg") == FetchFaultTests.body("r"))
    #expect(server.requests == ["HEAD /ok/r", "GET /ok/r"])
  }
}

/// File names from the export are untrusted: nothing is written outside `files/`.
@Suite(.fullTier) struct FetchNameTests {
  @Test(
    "a name that is empty, '.', '..' or holds '/', a backslash or NUL is refused and reported",
    arguments: ["../evil.jpg", "..", ".", "a/b.jpg", "a\\b.jpg", "nul\u{0}.jpg", "/etc/x.jpg"])
  func unsafeName(_ name: String) throws {
    let folder = try TemporaryDirectory("fetch-name")
    // Nothing listens on port 9: a request would fail, not succeed.
    let export = try FetchFixture.export([(name, "http://127.0.0.1:9/x.jpg")], in: folder)
    let report = folder.url("report.jsonl")
    let (code, err) = FetchFixture.run([export, "--report", report] + FetchFixture.local)
    #expect(code == .failure)
    #expect(FetchFixture.files(export).isEmpty)
    #expect(FileSystem.contents(of: folder.path).sorted() == ["export", "report.jsonl"])
    let lines = try FetchFixture.report(report)
    #expect(lines.count == 1)
    #expect(lines.first?["file"]?.stringValue == "WallImage.json")
    #expect(lines.first?["object"]?.stringValue == "img0")
    #expect(lines.first?["reason"]?.stringValue?.contains("is not a plain file name") == true)
    #expect(err.contains("error: 1 file did not arrive (listed above and in \(report))"))
  }

  @Test("an empty name falls back to the URL's last component, as build does; one file per name")
  func listOfFiles() throws {
    let folder = try TemporaryDirectory("fetch-list")
    let export = try FetchFixture.export(
      [
        ("", "http://h/app/tfss-1.jpg?x=1"), ("same.jpg", "http://h/same.jpg"),
        ("same.jpg", "http://h/same.jpg"), ("same.jpg", "http://h/other.jpg"), ("none.jpg", ""),
      ], in: folder)
    let list = FetchList.read(export: export)
    #expect(list.items.map(\.name) == ["tfss-1.jpg", "same.jpg"])
    #expect(list.items.map(\.objectId) == ["img0", "img1"])
    #expect(list.refused.map(\.objectId) == ["img3", "img4"])
    #expect(
      list.refused.first?.reason.contains("names the same file from http://h/same.jpg") == true)
    #expect(list.refused.last?.reason.contains("has no url") == true)
  }

  @Test(
    "the name of the folder of downloads under way is refused, in any case",
    arguments: [".wallgen-fetch", ".WallGen-Fetch"])
  func reservedName(_ name: String) throws {
    let folder = try TemporaryDirectory("fetch-reserved")
    let export = try FetchFixture.export([(name, "http://127.0.0.1:9/x.jpg")], in: folder)
    let list = FetchList.read(export: export)
    #expect(list.items.isEmpty)
    #expect(list.refused.map(\.file) == ["files/\(name)"])
    #expect(
      list.refused.first?.reason
        == "the name \"\(name)\" of field \"image\" is the folder fetch keeps its downloads "
        + "under way in; refused")
  }

  @Test("a files/ that is a symbolic link is refused")
  func linkedFilesFolder() throws {
    let folder = try TemporaryDirectory("fetch-link")
    let export = try FetchFixture.export([("a.jpg", "http://127.0.0.1:9/a.jpg")], in: folder)
    try FileManager.default.createDirectory(
      atPath: folder.url("elsewhere"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: "\(export)/files", withDestinationPath: folder.url("elsewhere"))
    let (code, err) = FetchFixture.run([export] + FetchFixture.local)
    #expect(code == .failure)
    #expect(
      err.contains { $0.contains("files: is not a folder (a symbolic link or a file)") }, "\(err)")
    #expect(FileSystem.contents(of: folder.url("elsewhere")).isEmpty)
  }
}

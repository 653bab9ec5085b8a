import Testing
import WallKitTestSupport

@testable import WallKit

/// `wallgen fetch`'s command line.
@Suite(.fullTier) struct FetchOptionTests {
  @Test("the options are read into FetchOptions")
  func options() throws {
    let command = try CommandParser.parse([
      "fetch", "EXPORT", "-j", "3", "--rewrite", "http://a/=http://b/x/", "--rewrite", "c=d=e",
      "--max-file-bytes", "2M", "--connect-timeout", "0.5", "--stall-timeout", "7",
      "--retries", "0", "--retry-wait", "0.25", "--max-retry-wait", "9", "--max-redirects", "2",
      "--report", "r.jsonl", "-q", "--allow-host", "Files.Example.org", "--allow-host", "::1",
      "--allow-host=0x7f000001", "--file-timeout", "2.5", "--max-total-bytes", "3G",
    ])
    var expected = FetchOptions(export: "EXPORT")
    expected.jobs = 3
    expected.rewrites = [
      URLRewrite(old: "http://a/", new: "http://b/x/"), URLRewrite(old: "c", new: "d=e"),
    ]
    expected.maxFileBytes = 2 << 20
    expected.connectTimeout = 0.5
    expected.stallTimeout = 7
    expected.retries = 0
    expected.retryWait = 0.25
    expected.maxRetryWait = 9
    expected.maxRedirects = 2
    expected.reportFile = "r.jsonl"
    expected.quiet = true
    expected.allowedHosts = ["files.example.org", "[::1]", "127.0.0.1"]
    expected.fileTimeout = 2.5
    expected.maxTotalBytes = 3 << 30
    #expect(command == .fetch(expected))
    let settings = expected.settings(export: "EXPORT")
    #expect(settings.allowedHosts == expected.allowedHosts)
    #expect(settings.fileTimeout == 2.5)
    #expect(settings.maxTotalBytes == 3 << 30)
  }

  @Test("by default a file has 300 s, a run 16 GiB, and no host is allowed at internal addresses")
  func defaults() throws {
    let command = try CommandParser.parse(["fetch", "EXPORT"])
    let options = FetchOptions(export: "EXPORT")
    #expect(command == .fetch(options))
    #expect(options.allowedHosts.isEmpty)
    #expect(options.fileTimeout == 300)
    #expect(options.maxTotalBytes == 16 << 30)
    #expect(options.settings(export: "EXPORT") == FetchSettings(export: "EXPORT"))
  }

  @Test(
    "a usage error exits 64",
    arguments: [
      ["fetch"], ["fetch", "E", "--rewrite", "no-equals"], ["fetch", "E", "--rewrite", "=x"],
      ["fetch", "E", "-j", "0"], ["fetch", "E", "--retry-wait", "soon"], ["fetch", "E", "F"],
      ["fetch", "E", "--allow-host", "http://a/"], ["fetch", "E", "--allow-host", "a:80"],
      ["fetch", "E", "--allow-host", ""], ["fetch", "E", "--allow-host"],
      ["fetch", "E", "--file-timeout", "-1"], ["fetch", "E", "--max-total-bytes", "lots"],
    ])
  func usage(_ arguments: [String]) {
    let (code, err) = FetchFixture.run(Array(arguments.dropFirst()))
    #expect(code == .usage)
    #expect(err.last?.hasSuffix("\nhint: see 'wallgen fetch --help'") == true, "\(err)")
  }

  @Test("--allow-host says what it needs")
  func allowHostMessage() {
    let (code, err) = FetchFixture.run(["E", "--allow-host", "http://a/"])
    #expect(code == .usage)
    #expect(
      err.first?.contains(
        "option '--allow-host' needs a host name or address without scheme, port or path "
          + "(files.example.org, 10.0.0.5, ::1), not 'http://a/'") == true, "\(err)")
  }

  @Test("the help names the new options")
  func help() {
    for option in ["--allow-host HOST", "--file-timeout S", "--max-total-bytes N"] {
      #expect(HelpText.fetch.contains(option), "\(option)")
    }
  }

  @Test("an export that is not a folder exits 64 and says why")
  func notAFolder() throws {
    let folder = try TemporaryDirectory("fetch-zip")
    try FileSystem.writeAtomically("PK", to: folder.url("export.zip"))
    let (code, err) = FetchFixture.run([folder.url("export.zip")])
    #expect(code == .usage)
    #expect(err.contains { $0.contains("not an export folder") })
  }

  @Test("the longest matching prefix is rewritten")
  func rewrite() {
    let rules = [
      URLRewrite(old: "http://a/", new: "X/"), URLRewrite(old: "http://a/b/", new: "Y/"),
    ]
    #expect(URLRewrite.apply(rules, to: "http://a/b/c.jpg") == "Y/c.jpg")
    #expect(URLRewrite.apply(rules, to: "http://a/c.jpg") == "X/c.jpg")
    #expect(URLRewrite.apply(rules, to: "http://z/c.jpg") == "http://z/c.jpg")
  }

  @Test("progress lines give files, bytes, rate and ETA")
  func progressLine() {
    #expect(
      FetchConsoleProgress.line(done: 10, total: 40, bytes: 3 << 20, seconds: 2)
        == "fetch 10/40 files, 3.0 MiB, 1.5 MiB/s, ETA 6 s")
    #expect(FetchConsoleProgress.bytes(512) == "512 B")
  }
}

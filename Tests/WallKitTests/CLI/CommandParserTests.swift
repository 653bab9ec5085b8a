import Testing
import WallKit

@Suite struct CommandParserTests {
  @Test("no arguments and --help give the general help")
  func generalHelp() throws {
    #expect(try CommandParser.parse([]) == .help(command: nil))
    #expect(try CommandParser.parse(["--help"]) == .help(command: nil))
    #expect(try CommandParser.parse(["help", "build"]) == .help(command: "build"))
    #expect(try CommandParser.parse(["check", "-h"]) == .help(command: "check"))
    #expect(try CommandParser.parse(["--version"]) == .version)
  }

  @Test("build with no arguments uses every default")
  func buildDefaults() throws {
    #expect(try CommandParser.parse(["build"]) == .build(BuildOptions()))
  }

  @Test("build reads every option, in both spellings")
  func buildOptions() throws {
    var expected = BuildOptions(export: "exp.zip")
    expected.output = "out"
    expected.reportFile = "r.jsonl"
    expected.pageSize = 12
    expected.timeZone = "+02:00"
    expected.jobs = 2
    expected.theme = "mytheme"
    expected.maxPixels = 5000
    expected.copyOriginals = false
    expected.precompress = true
    expected.strict = true
    expected.quiet = true
    expected.json = true
    let parsed = try CommandParser.parse([
      "build", "exp.zip", "-o", "out", "--report=r.jsonl", "--page-size", "12", "--timezone",
      "+02:00",
      "-j", "2", "--theme", "mytheme", "--max-pixels=5000", "--no-originals", "--precompress",
      "--strict", "-q", "--json",
    ])
    #expect(parsed == .build(expected))
  }

  @Test("serve with no arguments listens on 127.0.0.1:8080 and builds to _site")
  func serveDefaults() throws {
    let parsed = try CommandParser.parse(["serve"])
    #expect(parsed == .serve(ServeOptions()))
    #expect(ServeOptions().host == "127.0.0.1")
    #expect(ServeOptions().port == 8080)
    #expect(try CommandParser.parse(["serve", "--help"]) == .help(command: "serve"))
    #expect(try CommandParser.parse(["help", "serve"]) == .help(command: "serve"))
  }

  @Test("serve reads its options and the build options that make sense for it")
  func serveOptions() throws {
    var expected = ServeOptions(export: "exp.zip")
    expected.output = "out"
    expected.pageSize = 12
    expected.timeZone = "Europe/Paris"
    expected.jobs = 2
    expected.theme = "mytheme"
    expected.host = "0.0.0.0"
    expected.port = 0
    let parsed = try CommandParser.parse([
      "serve", "--port=0", "exp.zip", "-o", "out", "--page-size", "12", "--timezone",
      "Europe/Paris", "-j", "2", "--theme", "mytheme", "--host", "0.0.0.0",
    ])
    #expect(parsed == .serve(expected))
    #expect(try CommandParser.parse(["serve", "-p", "8081"]) == .serve(withPort(8081)))
  }

  private func withPort(_ port: Int) -> ServeOptions {
    var options = ServeOptions()
    options.port = port
    return options
  }

  @Test(
    "bad serve command lines are usage errors",
    arguments: [
      (
        ["serve", "--port", "70000"],
        UsageError(
          "option '--port' needs a whole number from 0 to 65535, not '70000'", command: "serve")
      ),
      (["serve", "--host"], UsageError("option '--host' needs a value", command: "serve")),
      (
        ["serve", "--strict"],
        UsageError("unknown option '--strict' for 'serve'", command: "serve")
      ),
      (["serv"], UsageError("unknown command 'serv'; did you mean 'serve'?")),
    ])
  func serveUsageErrors(arguments: [String], expected: UsageError) {
    let error = #expect(throws: UsageError.self) { try CommandParser.parse(arguments) }
    #expect(error == expected)
  }

  @Test("build --private reads its secret file and URL list")
  func privateBuild() throws {
    var expected = BuildOptions(export: "exp")
    expected.privateBuild = true
    expected.secretFile = "secret.txt"
    expected.urlsFile = "../urls.tsv"
    let parsed = try CommandParser.parse([
      "build", "exp", "--private", "--secret-file", "secret.txt", "--urls-file=../urls.tsv",
    ])
    #expect(parsed == .build(expected))
  }

  @Test("archive reads every option, in both spellings")
  func archiveOptions() throws {
    var expected = ArchiveOptions(export: "exp.zip")
    expected.userIDs = ["a1", "b2"]
    expected.output = "bundles"
    expected.zip = true
    expected.pageSize = 10
    expected.timeZone = "Europe/Paris"
    expected.jobs = 3
    expected.theme = "t"
    expected.maxPixels = 99
    expected.strict = true
    expected.quiet = true
    let parsed = try CommandParser.parse([
      "archive", "--user", "a1", "exp.zip", "-u", "b2", "-o", "bundles", "--zip",
      "--page-size=10", "--timezone", "Europe/Paris", "-j", "3", "--theme", "t",
      "--max-pixels", "99", "--strict", "-q",
    ])
    #expect(parsed == .archive(expected))
    var all = ArchiveOptions()
    all.all = true
    #expect(try CommandParser.parse(["archive", "--all"]) == .archive(all))
    #expect(try CommandParser.parse(["archive", "--help"]) == .help(command: "archive"))
    #expect(try CommandParser.parse(["help", "archive"]) == .help(command: "archive"))
  }

  @Test(
    "archive and private-build command lines that cannot work are usage errors",
    arguments: [
      (
        ["archive"],
        UsageError("say which walls: '--user ID' (repeatable) or '--all'", command: "archive")
      ),
      (
        ["archive", "--all", "--user", "x"],
        UsageError("'--all' and '--user' cannot be combined", command: "archive")
      ),
      (["archive", "--user"], UsageError("option '--user' needs a value", command: "archive")),
      (
        ["build", "--private"],
        UsageError("'--private' needs '--secret-file FILE'", command: "build")
      ),
      (
        ["build", "--secret-file", "s"],
        UsageError("option '--secret-file' only applies with '--private'", command: "build")
      ),
      (
        ["build", "--urls-file", "u"],
        UsageError("option '--urls-file' only applies with '--private'", command: "build")
      ),
      (["archiv"], UsageError("unknown command 'archiv'; did you mean 'archive'?")),
    ])
  func archiveUsageErrors(arguments: [String], expected: UsageError) {
    let error = #expect(throws: UsageError.self) { try CommandParser.parse(arguments) }
    #expect(error == expected)
  }

  @Test("-- ends the options, so an export may start with a dash")
  func doubleDash() throws {
    #expect(
      try CommandParser.parse(["check", "--", "-odd"]) == .check(CheckOptions(export: "./-odd")))
  }

  @Test(
    "bad command lines are usage errors that say what is wrong",
    arguments: [
      (["bild"], UsageError("unknown command 'bild'; did you mean 'build'?")),
      (["--frobnicate"], UsageError("unknown option '--frobnicate'")),
      (
        ["build", "--frobnicate"],
        UsageError("unknown option '--frobnicate' for 'build'", command: "build")
      ),
      (["build", "-o"], UsageError("option '-o' needs a value", command: "build")),
      (
        ["build", "a", "b"],
        UsageError("unexpected argument 'b': 'build' takes one export", command: "build")
      ),
      (
        ["build", "--page-size", "0"],
        UsageError(
          "option '--page-size' needs a whole number from 1 to 10000, not '0'", command: "build")
      ),
      (
        ["build", "--jobs", "many"],
        UsageError(
          "option '--jobs' needs a whole number from 1 to 256, not 'many'", command: "build")
      ),
      (["help", "serve2"], UsageError("unknown command 'serve2'")),
    ])
  func usageErrors(arguments: [String], expected: UsageError) {
    let error = #expect(throws: UsageError.self) { try CommandParser.parse(arguments) }
    #expect(error == expected)
  }

  @Test("a usage error prints a hint to the right help")
  func usageHint() {
    #expect(
      UsageError("option '-o' needs a value", command: "build").description
        == "error: option '-o' needs a value\nhint: see 'wallgen build --help'")
  }

  @Test("a usage error exits 64")
  func exitCode() {
    let console = Console(out: { _ in }, err: { _ in })
    #expect(WallCLI.run(["build", "--nope"], console: console) == .usage)
    #expect(WallCLI.run(["--version"], console: console) == .success)
  }
}

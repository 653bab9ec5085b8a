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
    expected.strict = true
    expected.quiet = true
    expected.json = true
    let parsed = try CommandParser.parse([
      "build", "exp.zip", "-o", "out", "--report=r.jsonl", "--page-size", "12", "--timezone",
      "+02:00",
      "-j", "2", "--theme", "mytheme", "--max-pixels=5000", "--no-originals", "--strict", "-q",
      "--json",
    ])
    #expect(parsed == .build(expected))
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

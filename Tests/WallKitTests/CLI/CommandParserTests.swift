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
      "-j", "2", "--theme", "mytheme", "--max-pixels=5000", "--no-originals", "--strict", "-q", "--json",
    ])
    #expect(parsed == .build(expected))
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

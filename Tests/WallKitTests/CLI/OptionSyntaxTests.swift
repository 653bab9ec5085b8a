import Testing
import WallKit

/// How option words are read, whatever the option: `=value` on flags, values that start with a
/// dash, values attached to short options, and "did you mean" for a mistyped option (issue 24,
/// item 7).
@Suite struct OptionSyntaxTests {
  @Test(
    "a flag given =false, =no, =off or =0 is off; =true, =yes, =on or =1 is on",
    arguments: [
      ("false", false), ("no", false), ("off", false), ("0", false), ("FALSE", false),
      ("true", true), ("yes", true), ("on", true), ("1", true),
    ])
  func flagValues(text: String, on: Bool) throws {
    var expected = BuildOptions()
    expected.webp = on
    expected.strict = on
    expected.copyOriginals = !on
    #expect(
      try CommandParser.parse([
        "build", "--webp=\(text)", "--strict=\(text)", "--no-originals=\(text)",
      ]) == .build(expected))
  }

  @Test("a flag with a value that is no yes or no is a usage error naming the value")
  func badFlagValue() {
    let error = #expect(throws: UsageError.self) {
      try CommandParser.parse(["build", "--webp=maybe"])
    }
    #expect(
      error
        == UsageError(
          "option '--webp' is a flag: give it alone, or as --webp=true or --webp=false "
            + "(also yes/no, on/off, 1/0), not 'maybe'",
          command: "build"))
  }

  @Test("--webp=false and --strict=no exit 64 no more: they turn the flag off")
  func flagValueExitCodes() {
    let console = Console(out: { _ in }, err: { _ in })
    #expect(WallCLI.run(["build", "--webp=perhaps"], console: console) == .usage)
  }

  @Test("a value that starts with a dash and a digit is taken: --timezone -05:00")
  func negativeValues() throws {
    var expected = BuildOptions()
    expected.timeZone = "-05:00"
    #expect(try CommandParser.parse(["build", "--timezone", "-05:00"]) == .build(expected))
    // A negative number reaches the option's own check, which names it.
    let error = #expect(throws: UsageError.self) {
      try CommandParser.parse(["build", "--page-size", "-1"])
    }
    #expect(
      error
        == UsageError(
          "option '--page-size' needs a whole number from 1 to 10000, not '-1'", command: "build"))
    // A word that looks like an option is still no value.
    #expect(throws: UsageError("option '--timezone' needs a value", command: "build")) {
      try CommandParser.parse(["build", "--timezone", "--strict"])
    }
  }

  @Test(
    "a short option's value may be attached or apart, a long one's given with =",
    arguments: [["-j1"], ["-j", "1"], ["--jobs=1"], ["--jobs", "1"]])
  func attachedValues(words: [String]) throws {
    var expected = CheckOptions()
    expected.jobs = 1
    #expect(try CommandParser.parse(["check"] + words) == .check(expected))
  }

  @Test("-o with the folder attached reads it; a flag with text attached is an unknown option")
  func attachedOutput() throws {
    var expected = BuildOptions()
    expected.output = "site"
    expected.quiet = true
    #expect(try CommandParser.parse(["build", "-osite", "-q"]) == .build(expected))
    #expect(
      throws: UsageError(
        "unknown option '-qx' for 'build'; did you mean '-q'?", command: "build")
    ) { try CommandParser.parse(["build", "-qx"]) }
  }

  @Test(
    "a mistyped option gets the closest option of its command",
    arguments: [
      (
        ["build", "--ouput", "x"], "unknown option '--ouput' for 'build'; did you mean '--output'?"
      ),
      (["check", "--dep"], "unknown option '--dep' for 'check'; did you mean '--deep'?"),
      (["serve", "--prot=80"], "unknown option '--prot' for 'serve'; did you mean '--port'?"),
      (["build", "--frobnicate"], "unknown option '--frobnicate' for 'build'"),
    ])
  func suggestions(arguments: [String], message: String) {
    let error = #expect(throws: UsageError.self) { try CommandParser.parse(arguments) }
    #expect(error == UsageError(message, command: arguments[0]))
  }
}

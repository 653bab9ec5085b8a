import Testing

@testable import WallKit

/// Each command's options are one table (`CommandTables`), its parser and its help.
///
/// Shared options are declared once (`SharedOptions.swift`), so they read alike everywhere.
@Suite struct OptionTableTests {
  /// Every command's option names, shown or hidden, in table order.
  static let tables: [(command: String, names: [[String]], shown: [[String]])] = [
    ("build", CommandTables.build.map(\.names), CommandTables.build.filter(shown).map(\.names)),
    ("check", CommandTables.check.map(\.names), CommandTables.check.filter(shown).map(\.names)),
    ("serve", CommandTables.serve.map(\.names), CommandTables.serve.filter(shown).map(\.names)),
    (
      "archive", CommandTables.archive.map(\.names),
      CommandTables.archive.filter(shown).map(\.names)
    ),
    ("plan", CommandTables.plan.map(\.names), CommandTables.plan.filter(shown).map(\.names)),
  ]

  static func shown<Options>(_ option: CommandOption<Options>) -> Bool { !option.help.isEmpty }

  @Test("no command declares an option name twice", arguments: tables.map(\.command))
  func uniqueNames(command: String) throws {
    let names = try #require(Self.tables.first { $0.command == command }).names.flatMap { $0 }
    #expect(Set(names).count == names.count, "\(names)")
    #expect(!names.contains("-h") && !names.contains("--help"))
  }

  @Test(
    "a command's help lists the options of its table, in order, then -h, --help",
    arguments: tables.map(\.command))
  func helpListsTable(command: String) throws {
    let table = try #require(Self.tables.first { $0.command == command })
    let help = HelpText.text(for: command)
    // An option line starts with two spaces and a dash; its names end where the value or the
    // help begins.
    let listed = help.split(separator: "\n").filter { $0.hasPrefix("  -") }.map { line in
      line.dropFirst(2).prefix(CommandOption<BuildOptions>.helpColumn)
        .split(separator: " ").map(String.init)
        .filter { $0.hasPrefix("-") }.map { $0.hasSuffix(",") ? String($0.dropLast()) : $0 }
    }
    #expect(listed == table.shown + [["-h", "--help"]])
  }

  @Test(
    "a shared option reads alike in every command that takes it",
    arguments: ["build", "check", "serve", "archive", "plan"])
  func sharedJobs(command: String) throws {
    let extra = command == "archive" ? ["--all"] : command == "plan" ? ["x", "-o", "p"] : []
    let parsed = try CommandParser.parse([command, "-j", "3"] + extra)
    let jobs: Int? =
      switch parsed {
      case .build(let options): options.jobs
      case .check(let options): options.jobs
      case .serve(let options): options.jobs
      case .archive(let options): options.jobs
      case .plan(let options): options.jobs
      default: nil
      }
    #expect(jobs == 3)
    #expect(
      throws: UsageError(
        "option '--jobs' needs a whole number from 1 to 256, not '0'", command: command)
    ) { try CommandParser.parse([command, "--jobs", "0"] + extra) }
  }

  @Test("--no-webp is read but not shown; --webp is shown")
  func hiddenOption() throws {
    #expect(
      try CommandParser.parse(["build", "--webp", "--no-webp"]) == .build(BuildOptions()))
    #expect(!HelpText.text(for: "build").contains("--no-webp "))
    #expect(HelpText.text(for: "serve").contains("  --webp "))
  }
}

import WallSupport

/// Turns arguments into a `Command`.
///
/// Pure: no I/O, so every case is a plain test.
public enum CommandParser {
  /// The commands wallgen knows, in help order.
  public static let commands = ["build", "check", "serve", "archive", "plan", "fetch"]

  /// Parses the arguments that follow the program name.
  /// - Throws: `UsageError` for an unknown command or flag, a missing or bad value, or an
  ///   extra argument.
  public static func parse(_ arguments: [String]) throws(UsageError) -> Command {
    guard let first = arguments.first else { return .help(command: nil) }
    switch first {
    case "-h", "--help", "help":
      if let topic = arguments.dropFirst().first {
        guard commands.contains(topic) else { throw UsageError("unknown command '\(topic)'") }
        return .help(command: topic)
      }
      return .help(command: nil)
    case "--version", "-V": return .version
    case "build": return try parseBuild(Array(arguments.dropFirst()))
    case "check": return try parseCheck(Array(arguments.dropFirst()))
    case "serve": return try parseServe(Array(arguments.dropFirst()))
    case "archive": return try parseArchive(Array(arguments.dropFirst()))
    case "plan": return try parsePlan(Array(arguments.dropFirst()))
    case "fetch": return try parseFetch(Array(arguments.dropFirst()))
    default:
      if first.hasPrefix("-") { throw UsageError("unknown option '\(first)'") }
      let suggestion = commands.first { EditDistance.between($0, first) <= 2 }
      throw UsageError(
        "unknown command '\(first)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
    }
  }

  /// Reads `arguments` by the command's table into options that start at their defaults.
  /// - Returns: The options, or nil when `-h` or `--help` asks for the command's help.
  private static func parseOptions<Options>(
    _ arguments: [String], command: String, table: [CommandOption<Options>],
    defaults: Options, positional: WritableKeyPath<Options, String?>
  ) throws(UsageError) -> Options? {
    var options = defaults
    let parsed = try OptionTable.parse(
      arguments, command: command, table: table, into: &options, positional: positional)
    return parsed ? options : nil
  }

  private static func parseBuild(_ arguments: [String]) throws(UsageError) -> Command {
    guard
      let options = try parseOptions(
        arguments, command: "build", table: CommandTables.build, defaults: BuildOptions(),
        positional: \.export)
    else { return .help(command: "build") }
    try checkSharding(options)
    try checkPrivate(options, command: "build")
    if !options.privateBuild, options.urlsFile != nil {
      throw UsageError("option '--urls-file' only applies with '--private'", command: "build")
    }
    try checkWACZ(options)
    return .build(options)
  }

  private static func parseCheck(_ arguments: [String]) throws(UsageError) -> Command {
    guard
      let options = try parseOptions(
        arguments, command: "check", table: CommandTables.check, defaults: CheckOptions(),
        positional: \.export)
    else { return .help(command: "check") }
    return .check(options)
  }

  private static func parseServe(_ arguments: [String]) throws(UsageError) -> Command {
    guard
      let options = try parseOptions(
        arguments, command: "serve", table: CommandTables.serve, defaults: ServeOptions(),
        positional: \.export)
    else { return .help(command: "serve") }
    try checkPrivate(options, command: "serve")
    return .serve(options)
  }

  /// Refuses `--private` without `--secret-file`, and `--secret-file` without `--private`.
  private static func checkPrivate(_ options: some PrivateSiteOptions, command: String)
    throws(UsageError)
  {
    if options.privateBuild && options.secretFile == nil {
      throw UsageError("'--private' needs '--secret-file FILE'", command: command)
    }
    if !options.privateBuild, options.secretFile != nil {
      throw UsageError("option '--secret-file' only applies with '--private'", command: command)
    }
  }

  private static func parseArchive(_ arguments: [String]) throws(UsageError) -> Command {
    guard
      let options = try parseOptions(
        arguments, command: "archive", table: CommandTables.archive, defaults: ArchiveOptions(),
        positional: \.export)
    else { return .help(command: "archive") }
    if options.all == !options.userIDs.isEmpty {
      throw UsageError(
        options.all
          ? "'--all' and '--user' cannot be combined"
          : "say which walls: '--user ID' (repeatable) or '--all'",
        command: "archive")
    }
    return .archive(options)
  }

  /// Parses `wallgen fetch EXPORT [options]`.
  static func parseFetch(_ arguments: [String]) throws(UsageError) -> Command {
    guard
      let options = try parseOptions(
        arguments, command: "fetch", table: CommandTables.fetch, defaults: FetchOptions(),
        positional: \.export)
    else { return .help(command: "fetch") }
    guard options.export != nil else {
      throw UsageError("'fetch' needs an export folder: wallgen fetch EXPORT", command: "fetch")
    }
    return .fetch(options)
  }

  /// Parses `wallgen plan EXPORT -o PLAN [options]`.
  static func parsePlan(_ arguments: [String]) throws(UsageError) -> Command {
    guard
      let options = try parseOptions(
        arguments, command: "plan", table: CommandTables.plan, defaults: PlanOptions(),
        positional: \.export)
    else { return .help(command: "plan") }
    guard options.export != nil else {
      throw UsageError("'plan' needs an export: wallgen plan EXPORT -o PLAN", command: "plan")
    }
    guard options.output != nil else {
      throw UsageError("'plan' needs '-o PLAN', the plan file to write", command: "plan")
    }
    if options.part != nil, options.merge != nil {
      throw UsageError("'--part' and '--merge' cannot be combined", command: "plan")
    }
    return .plan(options)
  }
}

/// The options every command that renders walls (and writes them into an output folder) shares.
protocol RenderingOptions {
  var pageSize: Int? { get set }
  var timeZone: String? { get set }
  var language: String? { get set }
  var config: String? { get set }
  var baseURL: BaseURL? { get set }
  var jobs: Int? { get set }
  var theme: String? { get set }
  var webp: Bool { get set }
  var force: Bool { get set }
  var wait: Bool { get set }
}

extension BuildOptions: RenderingOptions {}
extension ServeOptions: RenderingOptions {}
extension ArchiveOptions: RenderingOptions {}

/// The options of a command that can make a private site (`--private --secret-file FILE`).
protocol PrivateSiteOptions {
  var privateBuild: Bool { get set }
  var secretFile: String? { get set }
}

extension BuildOptions: PrivateSiteOptions {}
extension ServeOptions: PrivateSiteOptions {}

/// Walks an argument list, splitting `--flag=value` and reading values that follow flags.
struct ArgumentReader {
  private var pending: [String]
  private var inlineValue: String?
  private var onlyPositionals = false
  let command: String

  init(_ arguments: [String], command: String) {
    pending = arguments.reversed()
    self.command = command
  }

  /// The next option name or positional word; a `--name=value` gives `--name` and keeps
  /// `value` for the option's reader.
  mutating func next() -> String? {
    guard let argument = pending.popLast() else { return nil }
    inlineValue = nil
    if onlyPositionals { return argument.hasPrefix("-") ? "./" + argument : argument }
    if argument == "--" {
      onlyPositionals = true
      return next()
    }
    if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
      inlineValue = String(argument[argument.index(after: equals)...])
      return String(argument[..<equals])
    }
    return argument
  }

  /// Whether a `=value` (or the rest of an attached short option, `-j4`) was given with the
  /// option just read and no reader has taken it yet.
  var hasInlineValue: Bool { inlineValue != nil }

  /// Keeps `value` as the value given with the option just read (`-j4` gives `4`).
  mutating func attach(_ value: String) {
    inlineValue = value
  }

  /// The value of `flag`: the one given with it (`--flag=value`, `-j4`) or the next argument.
  ///
  /// The next argument is refused when it looks like an option: a dash followed by anything
  /// but a digit. `-05:00` and `-1` are values (no option name starts with a dash and a digit);
  /// `-` alone is a value too.
  /// - Throws: `UsageError` when there is no value.
  mutating func value(for flag: String) throws(UsageError) -> String {
    if let inlineValue {
      self.inlineValue = nil
      return inlineValue
    }
    guard let value = pending.popLast(), !Self.looksLikeOption(value) else {
      throw UsageError("option '\(flag)' needs a value", command: command)
    }
    return value
  }

  /// Whether `word` reads as an option name rather than as a value: a dash, then anything but
  /// a digit (so `-05:00`, `-1` and `-` are values).
  static func looksLikeOption(_ word: String) -> Bool {
    guard word.hasPrefix("-"), word.count > 1 else { return false }
    let second = word[word.index(after: word.startIndex)]
    return !second.isASCII || !second.isNumber
  }

  /// The words a flag's value may be, and what each means.
  static let flagValues: [String: Bool] = [
    "true": true, "yes": true, "on": true, "1": true,
    "false": false, "no": false, "off": false, "0": false,
  ]

  /// Whether the flag `flag` is on: true unless it was given as `--flag=false` (or `no`, `off`,
  /// `0`); a flag never takes the next argument as its value.
  /// - Throws: `UsageError` for a value that is none of `true/false/yes/no/on/off/1/0`.
  mutating func flag(for flag: String) throws(UsageError) -> Bool {
    guard let text = inlineValue else { return true }
    inlineValue = nil
    guard let on = Self.flagValues[text.lowercased()] else {
      throw UsageError(
        "option '\(flag)' is a flag: give it alone, or as \(flag)=true or \(flag)=false "
          + "(also yes/no, on/off, 1/0), not '\(text)'",
        command: command)
    }
    return on
  }

  mutating func integer(for flag: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
    let text = try value(for: flag)
    guard let number = Int(text), range.contains(number) else {
      throw UsageError(
        "option '\(flag)' needs a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'",
        command: command)
    }
    return number
  }

  /// Reads a size in bytes: a whole number, optionally followed by K, M, G or T (powers of
  /// 1024, with or without a trailing "iB" or "B"), at least 1 and at most 2^60.
  mutating func byteCount(for flag: String) throws(UsageError) -> UInt64 {
    let text = try value(for: flag)
    var digits = Substring(text)
    var unit: UInt64 = 1
    for suffix in ["iB", "B"] where digits.hasSuffix(suffix) {
      digits = digits.dropLast(suffix.count)
      break
    }
    let units: [Character: UInt64] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40]
    if let last = digits.last, let scale = units[Character(last.uppercased())] {
      unit = scale
      digits = digits.dropLast()
    }
    guard digits.allSatisfy(\.isASCII), let number = UInt64(digits), number >= 1,
      number <= (1 << 60) / unit
    else {
      throw UsageError(
        "option '\(flag)' needs a size in bytes such as 16G, 500M or 8589934592, not '\(text)'",
        command: command)
    }
    return number * unit
  }

  /// Puts the word `argument` into `slot`, the command's one positional argument.
  /// - Parameter known: The command's option names, for a "did you mean" hint when
  ///   `argument` is an unknown option.
  /// - Throws: `UsageError` for an unknown option or a second positional word.
  func positional(_ argument: String, into slot: inout String?, known: [String] = [])
    throws(UsageError)
  {
    if argument.hasPrefix("-") && argument != "-" {
      let suggestion = EditDistance.closest(to: argument, in: known, limit: 1).first
      throw UsageError(
        "unknown option '\(argument)' for '\(command)'"
          + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
        command: command)
    }
    guard slot == nil else {
      throw UsageError(
        "unexpected argument '\(argument)': '\(command)' takes one export", command: command)
    }
    slot = argument
  }
}

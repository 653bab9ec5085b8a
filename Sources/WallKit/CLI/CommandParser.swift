import WallSupport

/// Turns arguments into a `Command`.
///
/// Pure: no I/O, so every case is a plain test.
public enum CommandParser {
  /// The commands wallgen knows, in help order.
  public static let commands = ["build", "check", "serve", "archive", "plan"]

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
    default:
      if first.hasPrefix("-") { throw UsageError("unknown option '\(first)'") }
      let suggestion = commands.first { EditDistance.between($0, first) <= 2 }
      throw UsageError(
        "unknown command '\(first)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
    }
  }

  private static func parseBuild(_ arguments: [String]) throws(UsageError) -> Command {
    var options = BuildOptions()
    var reader = ArgumentReader(arguments, command: "build")
    while let argument = reader.next() {
      switch argument {
      case "-h", "--help": return .help(command: "build")
      case "-o", "--output": options.output = try reader.value(for: argument)
      case "--report": options.reportFile = try reader.value(for: argument)
      case "--max-pixels":
        options.maxPixels = try reader.integer(for: argument, in: 1...10_000_000_000)
      case "--no-originals": options.copyOriginals = false
      case "--strict": options.strict = true
      case "--allow-missing": options.allowMissing = true
      case "-q", "--quiet": options.quiet = true
      case "--json": options.json = true
      case "--private": options.privateBuild = true
      case "--secret-file": options.secretFile = try reader.value(for: argument)
      case "--urls-file": options.urlsFile = try reader.value(for: argument)
      case "--max-export-bytes": options.maxExportBytes = try reader.byteCount(for: argument)
      case "--plan", "--shard", "--finalize":
        try reader.shardingOption(argument, into: &options)
      default:
        if try !reader.renderingOption(argument, into: &options) {
          try reader.positional(argument, into: &options.export)
        }
      }
    }
    try checkSharding(options)
    if options.privateBuild && options.secretFile == nil {
      throw UsageError("'--private' needs '--secret-file FILE'", command: "build")
    }
    if !options.privateBuild,
      let flag = options.secretFile != nil
        ? "--secret-file" : options.urlsFile != nil ? "--urls-file" : nil
    {
      throw UsageError("option '\(flag)' only applies with '--private'", command: "build")
    }
    return .build(options)
  }

  private static func parseCheck(_ arguments: [String]) throws(UsageError) -> Command {
    var options = CheckOptions()
    var reader = ArgumentReader(arguments, command: "check")
    while let argument = reader.next() {
      switch argument {
      case "-h", "--help": return .help(command: "check")
      case "--errors-only": options.showWarnings = false
      case "--deep": options.deep = true
      case "--max-pixels":
        options.maxPixels = try reader.integer(for: argument, in: 1...10_000_000_000)
      case "--max-export-bytes": options.maxExportBytes = try reader.byteCount(for: argument)
      case "--jobs", "-j": options.jobs = try reader.integer(for: argument, in: 1...256)
      default: try reader.positional(argument, into: &options.export)
      }
    }
    return .check(options)
  }

  private static func parseServe(_ arguments: [String]) throws(UsageError) -> Command {
    var options = ServeOptions()
    var reader = ArgumentReader(arguments, command: "serve")
    while let argument = reader.next() {
      switch argument {
      case "-h", "--help": return .help(command: "serve")
      case "-o", "--output": options.output = try reader.value(for: argument)
      case "--host": options.host = try reader.value(for: argument)
      case "--port", "-p": options.port = try reader.integer(for: argument, in: 0...65_535)
      case "-q", "--quiet": options.quiet = true
      case "--max-export-bytes": options.maxExportBytes = try reader.byteCount(for: argument)
      default:
        if try !reader.renderingOption(argument, into: &options) {
          try reader.positional(argument, into: &options.export)
        }
      }
    }
    return .serve(options)
  }
}

extension CommandParser {
  fileprivate static func parseArchive(_ arguments: [String]) throws(UsageError) -> Command {
    var options = ArchiveOptions()
    var reader = ArgumentReader(arguments, command: "archive")
    while let argument = reader.next() {
      switch argument {
      case "-h", "--help": return .help(command: "archive")
      case "--user", "-u": options.userIDs.append(try reader.value(for: argument))
      case "--all": options.all = true
      case "-o", "--output": options.output = try reader.value(for: argument)
      case "--zip": options.zip = true
      case "--max-pixels":
        options.maxPixels = try reader.integer(for: argument, in: 1...10_000_000_000)
      case "--max-export-bytes": options.maxExportBytes = try reader.byteCount(for: argument)
      case "--strict": options.strict = true
      case "-q", "--quiet": options.quiet = true
      default:
        if try !reader.renderingOption(argument, into: &options) {
          try reader.positional(argument, into: &options.export)
        }
      }
    }
    if options.all == !options.userIDs.isEmpty {
      throw UsageError(
        options.all
          ? "'--all' and '--user' cannot be combined"
          : "say which walls: '--user ID' (repeatable) or '--all'",
        command: "archive")
    }
    return .archive(options)
  }
}

/// The options every command that renders walls (and writes them into an output folder) shares.
protocol RenderingOptions {
  var pageSize: Int { get set }
  var timeZone: String { get set }
  var jobs: Int? { get set }
  var theme: String? { get set }
  var webp: Bool { get set }
  var force: Bool { get set }
}

extension BuildOptions: RenderingOptions {}
extension ServeOptions: RenderingOptions {}
extension ArchiveOptions: RenderingOptions {}

extension ArgumentReader {
  /// Reads `argument` if it is a rendering option; false when it is not one.
  mutating func renderingOption(_ argument: String, into options: inout some RenderingOptions)
    throws(UsageError) -> Bool
  {
    switch argument {
    case "--page-size": options.pageSize = try integer(for: argument, in: 1...10_000)
    case "--timezone": options.timeZone = try value(for: argument)
    case "--jobs", "-j": options.jobs = try integer(for: argument, in: 1...256)
    case "--theme": options.theme = try value(for: argument)
    case "--webp": options.webp = true
    case "--no-webp": options.webp = false
    case "--force": options.force = true
    default: return false
    }
    return true
  }
}

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

  mutating func value(for flag: String) throws(UsageError) -> String {
    if let inlineValue {
      self.inlineValue = nil
      return inlineValue
    }
    guard let value = pending.popLast(), !value.hasPrefix("-") || value == "-" else {
      throw UsageError("option '\(flag)' needs a value", command: command)
    }
    return value
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

  func positional(_ argument: String, into slot: inout String?) throws(UsageError) {
    if argument.hasPrefix("-") && argument != "-" {
      throw UsageError("unknown option '\(argument)' for '\(command)'", command: command)
    }
    guard slot == nil else {
      throw UsageError(
        "unexpected argument '\(argument)': '\(command)' takes one export", command: command)
    }
    slot = argument
  }
}

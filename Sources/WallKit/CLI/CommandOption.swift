/// One command-line option of a command: its names, its value, its help, and how it is read.
///
/// A command's table of these is both its parser and the options
/// part of its help (argument-parser's `@Option` with its `help:`, without the macros).
struct CommandOption<Options>: Sendable {
  /// What reading the option does with the reader (positioned after the option's name).
  typealias Read =
    @Sendable (inout ArgumentReader, String, inout Options) throws(UsageError) ->
    Void

  /// The field of `Options` an option sets (a key path that may be kept in a static table).
  typealias Field<Value> = any WritableKeyPath<Options, Value> & Sendable

  /// The option's names, as the help shows them (`-j`, `--jobs`).
  let names: [String]
  /// The name of its value in the help (`N`, `DIR`), nil for a flag.
  let value: String?
  /// The lines of its help, the first beside the names; none hides the option.
  let help: [String]
  let read: Read

  /// An option named `names`, shown with `value` and `help`, read by `read`.
  init(_ names: [String], value: String? = nil, help: [String], read: @escaping Read) {
    self.names = names
    self.value = value
    self.help = help
    self.read = read
  }

  /// The column at which the help of every option starts (after two spaces of indent).
  static var helpColumn: Int { 21 }

  /// The option's lines in a command's help: names and value, then the help at `helpColumn`.
  var helpLines: [String] {
    guard let first = help.first else { return [] }
    let label = (names.joined(separator: ", ") + (value.map { " \($0)" } ?? ""))
    let indent = String(repeating: " ", count: Self.helpColumn)
    let padded =
      label.count < Self.helpColumn
      ? label + String(repeating: " ", count: Self.helpColumn - label.count) : label + " "
    return ["  " + padded + first] + help.dropFirst().map { "  " + indent + $0 }
  }
}

extension CommandOption {
  /// A flag that sets `key` to `value`.
  static func flag(
    _ names: [String], _ key: Field<Bool>,
    to value: Bool = true,
    help: [String]
  ) -> Self {
    Self(names, help: help) { reader, name, options throws(UsageError) in
      options[keyPath: key] = try reader.flag(for: name) ? value : !value
    }
  }

  /// An option whose text value goes to `key`.
  static func text(
    _ names: [String], value: String, _ key: Field<String>,
    help: [String]
  ) -> Self {
    Self(names, value: value, help: help) { reader, name, options throws(UsageError) in
      options[keyPath: key] = try reader.value(for: name)
    }
  }

  /// An option whose text value goes to `key`, which holds nil unless it is given.
  static func text(
    _ names: [String], value: String,
    _ key: Field<String?>, help: [String]
  ) -> Self {
    Self(names, value: value, help: help) { reader, name, options throws(UsageError) in
      options[keyPath: key] = try reader.value(for: name)
    }
  }

  /// An option whose whole-number value, within `range`, goes to `key`.
  static func integer(
    _ names: [String], value: String = "N", in range: ClosedRange<Int>,
    _ key: Field<Int>, help: [String]
  ) -> Self {
    Self(names, value: value, help: help) { reader, name, options throws(UsageError) in
      options[keyPath: key] = try reader.integer(for: name, in: range)
    }
  }

  /// An option whose whole-number value, within `range`, goes to `key` (nil unless given).
  static func integer(
    _ names: [String], value: String = "N", in range: ClosedRange<Int>,
    _ key: Field<Int?>, help: [String]
  ) -> Self {
    Self(names, value: value, help: help) { reader, name, options throws(UsageError) in
      options[keyPath: key] = try reader.integer(for: name, in: range)
    }
  }

  /// An option whose size in bytes (`16G`, `500M`) goes to `key`.
  static func byteCount(
    _ names: [String], value: String = "N",
    _ key: Field<UInt64>,
    help: [String]
  ) -> Self {
    Self(names, value: value, help: help) { reader, name, options throws(UsageError) in
      options[keyPath: key] = try reader.byteCount(for: name)
    }
  }
}

/// The parsing of a command from its table of options.
enum OptionTable {
  /// The help's line of `-h, --help`, which every command takes.
  static let helpLine = "  -h, --help           Show this help"

  /// The options part of a command's help: each shown option's lines, then `-h, --help`.
  static func helpText<Options>(_ table: [CommandOption<Options>]) -> String {
    (table.flatMap(\.helpLines) + [helpLine]).joined(separator: "\n")
  }

  /// Reads `arguments` into `options` by `table`; a word that is no option goes to
  /// `positional`.
  /// - Returns: false when `-h` or `--help` asks for the command's help instead.
  /// - Throws: `UsageError` for an unknown option, a missing or bad value, or an extra word.
  static func parse<Options>(
    _ arguments: [String], command: String, table: [CommandOption<Options>],
    into options: inout Options, positional: WritableKeyPath<Options, String?>
  ) throws(UsageError) -> Bool {
    var byName: [String: CommandOption<Options>] = [:]
    for option in table {
      for name in option.names { byName[name] = option }
    }
    var reader = ArgumentReader(arguments, command: command)
    while var argument = reader.next() {
      if argument == "-h" || argument == "--help" { return false }
      if byName[argument] == nil, let attached = attachedValue(argument, byName) {
        argument = attached.name
        reader.attach(attached.value)
      }
      guard let option = byName[argument] else {
        try reader.positional(
          argument, into: &options[keyPath: positional],
          known: (byName.keys.sorted() + ["--help"]).filter {
            $0.hasPrefix("--") == argument.hasPrefix("--")
          })
        continue
      }
      try option.read(&reader, argument, &options)
      if reader.hasInlineValue {
        throw UsageError("option '\(argument)' takes no value", command: command)
      }
    }
    return true
  }

  /// `-j4` as (`-j`, `4`): a short option that takes a value, with the value attached; nil
  /// for any other word.
  private static func attachedValue<Options>(
    _ argument: String, _ byName: [String: CommandOption<Options>]
  ) -> (name: String, value: String)? {
    guard argument.count > 2, argument.hasPrefix("-"), !argument.hasPrefix("--") else {
      return nil
    }
    let name = String(argument.prefix(2))
    guard byName[name]?.value != nil else { return nil }
    return (name, String(argument.dropFirst(2)))
  }
}

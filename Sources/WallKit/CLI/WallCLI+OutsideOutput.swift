import WallSite
import WallSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file a command reads and never writes, which no output file may land on or in.
struct CommandInput {
  /// The file or folder, as given.
  var path: String
  /// What it is, for the message ("the export", "the secret file (--secret-file)").
  var name: String
}

extension WallCLI {
  /// Refuses an output file of a command (`--report`, `--urls-file` and the CSV beside it,
  /// `--wacz`, `plan -o`) that would overwrite an input or be published: one that is an input
  /// or lies inside one (the export, a plan, the secret file of `--private`), or that lies
  /// inside the site's output folder, which gets published with everything in it.
  ///
  /// Paths are compared as `OutputPlacement` compares the output with the export
  /// (`OutputPlacement.canonical`): `./`, `//`, `..`, trailing slashes and symlinked folders
  /// cannot hide where the file goes, also through a link to a folder not made yet. A file
  /// that is another name (a hard link) of an input is refused too.
  /// - Parameters:
  ///   - path: The file, as given.
  ///   - name: What it is, for the message ("the report").
  ///   - option: The option that names it ("--report").
  ///   - command: The command, for the usage error.
  ///   - inputs: What the command reads.
  ///   - output: The site's output folder, as given; nil for a command without one.
  ///   - content: What the file lists that must not be published (with `output`).
  /// - Throws: `UsageError` (exit 64) naming the option, the file and why.
  static func checkOutputFile(
    _ path: String, named name: String, option: String, command: String,
    inputs: [CommandInput], output: String? = nil, holding content: String = ""
  ) throws(UsageError) {
    let file = OutputPlacement.canonical(path)
    for input in inputs {
      let folder = OutputPlacement.canonical(input.path)
      let inside = OutputPlacement.isInside(file, folder)
      guard inside || file == folder || sameFile(path, input.path) else { continue }
      throw UsageError(
        "option '\(option)': \(name) '\(path)' would be written \(inside ? "inside" : "over") "
          + "\(input.name) '\(input.path)', which wallgen reads and never writes: choose a path "
          + "outside it with \(option)",
        command: command)
    }
    guard let output else { return }
    let folder = OutputPlacement.canonical(output)
    guard file == folder || OutputPlacement.isInside(file, folder) else { return }
    throw UsageError(
      "\(name) '\(path)' is inside the output folder '\(output)', which gets published, and it "
        + "lists \(content): choose a path outside the output folder with \(option)",
      command: command)
  }

  /// Whether `path` and `other` both exist and are one file (one device and inode).
  private static func sameFile(_ path: String, _ other: String) -> Bool {
    var first = stat()
    var second = stat()
    return stat(path, &first) == 0 && stat(other, &second) == 0 && first.st_dev == second.st_dev
      && first.st_ino == second.st_ino
  }

  /// What a build reads: the export (or the plan, for a sharded build) and the secret file.
  static func buildInputs(_ options: BuildOptions, input: String) -> [CommandInput] {
    var inputs = [CommandInput(path: input, name: options.plan == nil ? "the export" : "the plan")]
    if let secretFile = options.secretFile {
      inputs.append(CommandInput(path: secretFile, name: "the secret file (--secret-file)"))
    }
    return inputs
  }
}

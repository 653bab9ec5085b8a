extension WallCLI {
  /// Refuses a file that a build writes for its user alone (`--report`, `--urls-file`) when it
  /// would land in the output folder, which gets published with everything in it.
  ///
  /// Both paths are compared as `OutputPlacement` compares the output with the export
  /// (`OutputPlacement.canonical`), so `./`, `//`, `..`, trailing slashes and symlinked folders
  /// cannot hide a path inside the output.
  /// - Parameters:
  ///   - path: The file, as given.
  ///   - name: What it is, for the message ("the report").
  ///   - option: The option that names it ("--report").
  ///   - output: The output folder, as given.
  ///   - content: What the file holds that must not be published.
  /// - Throws: `UsageError` (exit 64) naming the file and the output folder.
  static func refuseInsideOutput(
    _ path: String, named name: String, option: String, output: String, holding content: String
  ) throws(UsageError) {
    let file = OutputPlacement.canonical(path)
    let folder = OutputPlacement.canonical(output)
    guard file == folder || OutputPlacement.isInside(file, folder) else { return }
    throw UsageError(
      "\(name) '\(path)' is inside the output folder '\(output)', which gets published, and it "
        + "lists \(content): choose a path outside the output folder with \(option)",
      command: "build")
  }
}

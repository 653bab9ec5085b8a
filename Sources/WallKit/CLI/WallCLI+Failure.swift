import WallArchive
import WallImport
import WallReport
import WallSite
import WallZip

extension WallCLI {
  /// The zip limits `--max-export-bytes` asks for: that many bytes in all, and no more than
  /// that (nor than the standard 2 GiB) in one entry.
  static func zipLimits(maxExportBytes: UInt64) -> ZipLimits {
    ZipLimits(
      totalBytes: maxExportBytes,
      entryBytes: min(maxExportBytes, ZipLimits.standard.entryBytes))
  }

  /// Prints why a build, a rebuild or an archive did not run: for an export that nothing may
  /// be built from, every problem its import found (the file that cannot be read once, with
  /// its line and column), then the error and a hint; for an export that cannot be opened, the
  /// error and what an export is (or the one export inside the folder given); otherwise the
  /// error alone.
  /// - Parameters:
  ///   - error: What stopped the command.
  ///   - unusable: The import's failure and problems, when the export is unusable.
  ///   - output: The folder left as it was, named in the hint.
  ///   - export: The export as given, for the hint.
  ///   - command: The command run (`build`, `serve`, `archive`), for the hint.
  ///   - console: Where to print.
  static func printFailure(
    _ error: any Error, unusable: (ImportError, [Problem])?, output: String, export: String,
    command: String, console: Console
  ) {
    let lines = failureLines(
      error, unusable: unusable, output: output, export: export, command: command)
    // One write for all problems (there may be a hundred thousand), one for each line after.
    let problems = unusable?.1.count ?? (error as? BuildError)?.refusedProblems?.count ?? 0
    if problems > 0 { console.err(lines.prefix(problems).joined(separator: "\n")) }
    for line in lines.dropFirst(problems) { console.err(line) }
  }

  /// The lines `printFailure` prints, safe for a terminal.
  static func failureLines(
    _ error: any Error, unusable: (ImportError, [Problem])?, output: String, export: String,
    command: String
  ) -> [String] {
    let line = TerminalText.escaped("error: \(error)")
    if let (failure, problems) = unusable {
      // A path that is no export needs saying what one is; a broken one, what was kept.
      let hint =
        failure.isAboutTheWholeExport
        ? exportHint(for: export, command: command)
        : "\(hint(for: failure, command: command)); '\(output)' was left as it was"
      return problems.map(\.description) + [line, TerminalText.escaped("hint: \(hint)")]
    }
    if let build = error as? BuildError, let hint = build.hint(output: output, command: command) {
      let problems = build.refusedProblems ?? []
      return problems.map(\.description) + [line, TerminalText.escaped("hint: \(hint)")]
    }
    let opening: ImportError? =
      switch error {
      case BuildError.importFailed(let failure), ArchiveError.importFailed(let failure): failure
      default: nil
      }
    guard let opening, opening.isAboutTheWholeExport else { return [line] }
    return [line, TerminalText.escaped("hint: \(exportHint(for: export, command: command))")]
  }

  /// What to do about an export whose class files cannot be read.
  /// - Parameter command: The command run: `serve` builds again by itself when a file changes,
  ///   so its hint never says to run it again.
  static func hint(for failure: ImportError, command: String) -> String {
    if case .mixedLayouts = failure {
      return "export every class file the same way: all from Parse.com, or all with mongoexport "
        + "from one Parse Server database (docs/input-format.md)"
    }
    if case .ambiguousExclusion(let file, let entry, _, _) = failure {
      let fix = "in \(file), replace '\(entry)' by 'id:' and the objectId of the person meant"
      return command == "serve"
        ? "\(fix), then start serve again (it reads the file when it starts)"
        : "\(fix), then run again"
    }
    let fix = "fix the file named above (or restore it from the original export)"
    return command == "serve"
      ? "\(fix); serve builds again when it changes" : "\(fix) and run again"
  }

  /// What an export is, for a path that is not one; or, when it is a folder holding exactly
  /// one export (a subfolder or a `.zip`), that export, as the command to run instead.
  /// - Parameter export: The path given.
  /// - Parameter command: The command run, repeated in the suggestion.
  static func exportHint(for export: String, command: String) -> String {
    let found = ExportOpener.exports(inside: export)
    guard found.count == 1, let inside = found.first else {
      return "an export is the folder, or a .zip of it, that holds _User.json, WallImage.json "
        + "and the app's other class files (docs/input-format.md)"
    }
    return
      "'\(export)' is not an export but holds one; did you mean 'wallgen \(command) \(inside)'?"
  }
}

extension ImportError {
  /// Whether the error says the path given is no export at all (it cannot be opened, or holds
  /// no user or no walls), rather than that a file inside it is broken.
  var isAboutTheWholeExport: Bool {
    switch self {
    case .notAnExport, .noUsers, .noWallClassFile: true
    default: false
    }
  }
}

extension BuildError {
  /// The import's failure and problems, when the export was unusable.
  var unusableExport: (ImportError, [Problem])? {
    guard case .unusableExport(let failure, let problems) = self else { return nil }
    return (failure, problems)
  }
}

extension ArchiveError {
  /// The import's failure and problems, when the export was unusable.
  var unusableExport: (ImportError, [Problem])? {
    guard case .unusableExport(let failure, let problems) = self else { return nil }
    return (failure, problems)
  }
}

import WallFetch
import WallJSON
import WallReport
import WallSupport

extension WallCLI {
  /// `wallgen fetch EXPORT`: downloads the files the export links to (`Fetcher`); exits 1
  /// when some did not arrive, 64 when the export is not a folder.
  static func runFetch(_ options: FetchOptions, console: Console) -> ExitCode {
    guard let export = options.export else { return .usage }
    if let reportFile = options.reportFile {
      do {
        // Fetch writes only into the export's files/, never over a class file.
        try checkOutputFile(
          reportFile, named: "the report", option: "--report", command: "fetch",
          inputs: [CommandInput(path: export, name: "the export")])
      } catch {
        console.err(error.description)
        return .usage
      }
    }
    let progress = FetchConsoleProgress(
      live: console.errIsTerminal && !options.quiet, quiet: options.quiet, console: console)
    let result: FetchResult
    do {
      result = try Fetcher(settings: options.settings(export: export), progress: progress).run()
    } catch {
      console.err(TerminalText.escaped("error: \(error)"))
      if case .notAFolder = error { return .usage }
      return .failure
    }
    if let reportFile = options.reportFile {
      let lines = result.records.map { $0.reportLine.serialized + "\n" }
      do {
        try FileSystem.writeAtomically(lines.joined(), to: reportFile)
      } catch {
        console.err(TerminalText.escaped("error: \(error)"))
        return .failure
      }
    }
    guard result.failed > 0 else { return .success }
    console.err(
      "error: \(count(result.failed, "file")) did not arrive (listed above"
        + (options.reportFile == nil ? "" : " and in \(options.reportFile ?? "")") + ")")
    if let hint = noAnswerHint(result) { console.err(hint) }
    return .failure
  }

  /// The hint when no file's host answered at all: the links most likely name a host that is
  /// gone (Parse.com's file host), and `--rewrite` maps it to where the files are now.
  static func noAnswerHint(_ result: FetchResult) -> String? {
    guard result.arrived == 0, result.failed > 0, result.unanswered == result.failed else {
      return nil
    }
    return "hint: no host answered; if the files live elsewhere now, map the old address to "
      + "the new one with --rewrite OLD=NEW (see wallgen fetch --help)"
  }
}

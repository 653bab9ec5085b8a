import Foundation

extension WallCLI {
  static func runBuild(_ options: BuildOptions, console: Console) -> ExitCode {
    guard let export = resolveExport(options.export, console: console) else { return .failure }
    var settings = SiteBuilder.Settings(export: export, output: options.output)
    do {
      settings.timeZone = try DisplayTimeZone(options.timeZone)
      if let theme = options.theme { settings.theme = try Theme.loading(overridesFrom: theme) }
    } catch let error as UsageError {
      console.err(error.description)
      return .usage
    } catch {
      console.err("error: \(error)")
      return .failure
    }
    settings.pageSize = options.pageSize
    settings.jobs = options.jobs ?? SiteBuilder.defaultJobs
    settings.limits.maxPixels = options.maxPixels
    settings.copyOriginals = options.copyOriginals
    let quiet = options.quiet
    let started = ContinuousClock.now
    let progress: any BuildProgress =
      quiet
      ? SilentProgress()
      : ConsoleProgress(
        live: console.errIsTerminal, colour: !console.noColor, write: console.errRaw)
    let builder = SiteBuilder(settings: settings, progress: progress)
    let result: SiteBuilder.Result
    do {
      result = try builder.build()
    } catch {
      console.err("error: \(error)")
      return .failure
    }
    for problem in result.report.sorted {
      console.err(problem.description)
    }
    if let reportFile = options.reportFile {
      let lines = result.report.sorted.map { problem -> String in
        let record: JSONValue = [
          "file": .string(problem.file), "class": .string(problem.className),
          "objectId": .string(problem.objectId), "reason": .string(problem.reason),
          "severity": .string(problem.severity.rawValue),
        ]
        return record.serialized + "\n"
      }
      do {
        try FileSystem.writeAtomically(lines.joined(), to: reportFile)
      } catch {
        console.err("error: \(error)")
        return .failure
      }
    }
    let seconds = ConsoleProgress.seconds(ContinuousClock.now - started)
    let absolute = FileSystem.realPath(options.output) ?? options.output
    if options.json {
      console.out(result.summary.json(seconds: seconds, output: absolute).serialized)
    } else if !quiet {
      console.err("built \(result.summary.line) in \(String(format: "%.2f", seconds)) s")
      console.out("\(absolute)/index.html")
    }
    if options.strict && !result.report.problems.isEmpty { return .failure }
    return .success
  }
}

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
    let builder = SiteBuilder(settings: settings) { line in
      if !quiet { console.err(line) }
    }
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
    let seconds =
      Double((ContinuousClock.now - started).components.attoseconds) / 1e18
      + Double((ContinuousClock.now - started).components.seconds)
    if !quiet {
      console.err("built \(result.summary.line) in \(String(format: "%.2f", seconds)) s")
      let absolute = FileSystem.realPath(options.output) ?? options.output
      console.out("\(absolute)/index.html")
    }
    if options.strict && !result.report.problems.isEmpty { return .failure }
    return .success
  }
}

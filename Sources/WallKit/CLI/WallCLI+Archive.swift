import Foundation
import WallArchive
import WallImaging
import WallReport
import WallSite

extension WallCLI {
  static func runArchive(_ options: ArchiveOptions, console: Console) -> ExitCode {
    guard let export = resolveExport(options.export, command: "archive", console: console) else {
      return .failure
    }
    var settings = Archiver.Settings(export: export, output: options.output)
    do {
      settings.pipeline = try pipelineSettings(for: options)
      settings.sourceDateEpoch = try sourceDateEpoch(
        ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"])
      if options.wacz {
        settings.waczBase = try waczBase(settings.pipeline.site.baseURL, command: "archive")
      }
    } catch {
      return optionFailure(error, console: console)
    }
    for warning in themeWarnings(settings.pipeline.theme)
      + languageWarnings(settings.pipeline.language.strings)
    {
      console.err(warning)
    }
    settings.userIDs = options.all ? nil : options.userIDs
    settings.pipeline.waitingForOutput = waitingNotice(output: options.output, console: console)
    settings.zip = options.zip
    settings.wacz = options.wacz
    settings.pipeline.limits.maxPixels = options.maxPixels
    settings.pipeline.zipLimits = zipLimits(maxExportBytes: options.maxExportBytes)
    let progress = console.buildProgress(quiet: options.quiet)
    let started = ContinuousClock.now
    let result: ArchiveResult
    do {
      result = try Archiver(settings: settings, progress: progress).run()
    } catch {
      printFailure(
        error, unusable: error.unusableExport, output: options.output, export: export,
        command: "archive", console: console)
      switch error {
      case .placement(let placement): return placement.exitCode
      case .foreignBundle: return .usage
      default: return .failure
      }
    }
    for problem in result.report.sorted {
      console.err(problem.description)
    }
    if !options.quiet {
      let files = result.bundles.reduce(0) { $0 + $1.files }
      let seconds = ConsoleProgress.seconds(ContinuousClock.now - started)
      console.err(
        "archived \(count(result.bundles.count, "wall")) (\(count(files, "file")))"
          + " in \(String(format: "%.2f", seconds)) s")
      for bundle in result.bundles {
        console.out(bundle.zip ?? bundle.folder)
        if let wacz = bundle.wacz { console.out(wacz) }
      }
    }
    if options.strict && !result.report.problems.isEmpty { return .failure }
    return .success
  }

  /// `SOURCE_DATE_EPOCH` as Unix seconds (reproducible-builds.org), nil when unset or empty.
  /// - Throws: `UsageError` when it is set to anything but a whole number of seconds.
  static func sourceDateEpoch(_ value: String?) throws(UsageError) -> Int64? {
    guard let value, !value.isEmpty else { return nil }
    guard let seconds = Int64(value), seconds >= 0 else {
      throw UsageError(
        "SOURCE_DATE_EPOCH must be a whole number of seconds since 1970, not '\(value)'",
        command: "archive")
    }
    return seconds
  }
}

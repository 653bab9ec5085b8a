import Foundation
import WallPlan
import WallReport
import WallSite

extension WallCLI {
  /// `wallgen plan EXPORT -o PLAN`.
  static func runPlan(_ options: PlanOptions, console: Console) -> ExitCode {
    guard let export = options.export, let output = options.output else { return .usage }
    do throws(UsageError) {
      let inputs = [CommandInput(path: export, name: "the export")]
      try checkOutputFile(output, named: "the plan", option: "-o", command: "plan", inputs: inputs)
      if let reportFile = options.reportFile {
        try checkOutputFile(
          reportFile, named: "the report", option: "--report", command: "plan", inputs: inputs)
      }
    } catch {
      console.err(error.description)
      return .usage
    }
    var settings = PlanWriter.Settings(export: export, plan: output)
    guard let exclusion = configuredExclusion(options.config, console: console) else {
      return .usage
    }
    settings.exclusion = exclusion
    settings.jobs = options.jobs ?? SiteBuilder.defaultJobs
    settings.zipLimits = zipLimits(maxExportBytes: options.maxExportBytes)
    settings.part = options.part
    settings.mergeCount = options.merge
    let started = ContinuousClock.now
    let result: PlanWriter.Result
    do {
      result = try PlanWriter(
        settings: settings, progress: console.buildProgress(quiet: options.quiet)
      ).write()
    } catch {
      if case .build(let build) = error {
        printFailure(
          build, unusable: build.unusableExport, output: output, export: export, command: "plan",
          console: console)
        if let reportFile = options.reportFile, let (_, problems) = build.unusableExport {
          _ = writeReport(problems, to: reportFile, console: console)
        }
      } else {
        console.err("error: \(error)")
      }
      return .failure
    }
    guard printProblems(result.report, reportFile: options.reportFile, console: console) else {
      return .failure
    }
    if !options.quiet {
      let seconds = String(format: "%.2f", ConsoleProgress.seconds(ContinuousClock.now - started))
      if let part = options.part {
        console.err(
          result.upToDate
            ? "plan part \(part) is up to date (\(seconds) s)"
            : "wrote plan part \(part)"
              + (result.wholeImport.map { " (the merge will import the export whole: \($0))" }
                ?? "") + " in \(seconds) s")
        return .success
      }
      if options.merge != nil, let reason = result.wholeImport {
        console.err("imported the export whole, not in parts: \(reason)")
      }
      console.err(
        result.upToDate
          ? "plan \(output) is up to date (\(seconds) s)"
          : "planned \(count(result.users, "user")), \(count(result.images, "image")), "
            + "\(count(result.comments, "comment")), \(count(result.sources, "image file")); "
            + "\(count(result.report.errorCount, "error")), "
            + "\(count(result.report.warningCount, "warning")) in \(seconds) s")
    }
    return .success
  }

  /// `wallgen build --plan PLAN (--shard K/N | --finalize) -o SITE`.
  static func runShardedBuild(_ options: BuildOptions, console: Console) -> ExitCode {
    guard let plan = options.plan else { return .usage }
    let settings: SiteBuilder.Settings
    let urlsFile: String?
    switch siteSettings(options, input: plan, console: console) {
    case .ready(let ready, let urls): (settings, urlsFile) = (ready, urls)
    case .refused(let code): return code
    }
    let started = ContinuousClock.now
    let timer = StepTimer(forwardingTo: console.buildProgress(quiet: options.quiet))
    if let shard = options.shard {
      let tuning: ShardTuning
      do {
        tuning = try ShardTuning(environment: ProcessInfo.processInfo.environment)
      } catch {
        console.err("error: \(error)")
        return .usage
      }
      let result: ShardBuilder.Result
      do {
        result = try ShardBuilder(
          plan: plan, shard: shard, settings: settings, progress: timer, tuning: tuning
        ).build()
      } catch {
        console.err("error: \(error)")
        return error.exitCode
      }
      _ = printProblems(result.report, reportFile: nil, console: console)
      if !options.quiet {
        let seconds = String(format: "%.2f", ConsoleProgress.seconds(ContinuousClock.now - started))
        console.err(
          result.unchanged
            ? "shard \(shard): unchanged (\(seconds) s)"
            : "shard \(shard): \(count(result.walls, "wall")), \(count(result.pages, "page")) "
              + "(\(result.pagesWritten) written); images: \(result.imagesProcessed) processed, "
              + "\(result.imagesReused) reused, \(result.imagesFailed) failed; "
              + "\(result.corrections) for finalize to correct in \(seconds) s")
      }
      if tuning.printsStatistics, !result.unchanged {
        console.err("shard \(shard) batches: \(result.batches.summary)")
      }
      return .success
    }
    let result: BuildResult
    do {
      result = try ShardFinalizer(plan: plan, settings: settings, progress: timer).build()
    } catch {
      console.err("error: \(error)")
      return error.exitCode
    }
    if let code = writeSiteWACZ(result, options: options, settings: settings, console: console) {
      return code
    }
    return finishBuild(
      result, options: options, pipeline: settings.pipeline, urlsFile: urlsFile,
      verb: "finalized", started: started,
      timer: timer, console: console)
  }
}

extension PlanError {
  /// The exit code of a shard or finalize that failed: that of the output's refusal
  /// (`OutputPlacementError`: 64, or 75 when another wallgen writes into it), else 1.
  var exitCode: WallCLI.ExitCode {
    if case .build(.placement(let placement)) = self { return placement.exitCode }
    return .failure
  }
}

import Foundation

extension WallCLI {
  /// `wallgen plan EXPORT -o PLAN`.
  static func runPlan(_ options: PlanOptions, console: Console) -> ExitCode {
    guard let export = options.export, let output = options.output else { return .usage }
    var settings = PlanWriter.Settings(export: export, plan: output)
    settings.jobs = options.jobs ?? SiteBuilder.defaultJobs
    settings.zipLimits = zipLimits(maxExportBytes: options.maxExportBytes)
    let started = ContinuousClock.now
    let result: PlanWriter.Result
    do {
      result = try PlanWriter(
        settings: settings, progress: console.buildProgress(quiet: options.quiet)
      ).write()
    } catch {
      if case .build(let build) = error {
        printFailure(build, unusable: build.unusableExport, output: output, console: console)
        if let reportFile = options.reportFile, let (_, problems) = build.unusableExport {
          _ = writeReport(problems, to: reportFile, console: console)
        }
      } else {
        console.err("error: \(error)")
      }
      return .failure
    }
    let problems = result.report.sorted
    if !problems.isEmpty { console.err(problems.map(\.description).joined(separator: "\n")) }
    if let reportFile = options.reportFile {
      guard writeReport(problems, to: reportFile, console: console) else { return .failure }
    }
    if !options.quiet {
      let seconds = String(format: "%.2f", ConsoleProgress.seconds(ContinuousClock.now - started))
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
    var settings = SiteBuilder.Settings(export: plan, output: options.output)
    do {
      settings.pipeline = try pipelineSettings(for: options)
    } catch {
      return optionFailure(error, console: console)
    }
    settings.pipeline.limits.maxPixels = options.maxPixels
    settings.pipeline.zipLimits = zipLimits(maxExportBytes: options.maxExportBytes)
    settings.copyOriginals = options.copyOriginals
    var urlsFile: String?
    if options.privateBuild {
      do {
        let (secret, urls) = try privateBuildFiles(options)
        settings.privateSecret = secret
        urlsFile = urls
      } catch {
        console.err(error.description)
        return error.command == nil ? .failure : .usage
      }
    }
    let started = ContinuousClock.now
    let timer = StepTimer(forwardingTo: console.buildProgress(quiet: options.quiet))
    if let shard = options.shard {
      let result: ShardBuilder.Result
      do {
        result = try ShardBuilder(plan: plan, shard: shard, settings: settings, progress: timer)
          .build()
      } catch {
        console.err("error: \(error)")
        return .failure
      }
      let problems = result.report.sorted
      if !problems.isEmpty { console.err(problems.map(\.description).joined(separator: "\n")) }
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
      return .success
    }
    let result: BuildResult
    do {
      result = try ShardFinalizer(plan: plan, settings: settings, progress: timer).build()
    } catch {
      console.err("error: \(error)")
      return .failure
    }
    let problems = result.report.sorted
    if !problems.isEmpty { console.err(problems.map(\.description).joined(separator: "\n")) }
    if let reportFile = options.reportFile {
      guard writeReport(problems, to: reportFile, console: console) else { return .failure }
    }
    if let urlsFile {
      do {
        try writeURLList(result.wallPages, to: urlsFile)
      } catch {
        console.err("error: \(error)")
        return .failure
      }
    }
    let seconds = ConsoleProgress.seconds(ContinuousClock.now - started)
    let absolute = FileSystem.realPath(options.output) ?? options.output
    if options.json {
      console.out(
        result.summary.json(seconds: seconds, output: absolute, steps: timer.steps).serialized)
    } else if !options.quiet {
      console.err("finalized \(result.summary.line) in \(String(format: "%.2f", seconds)) s")
      console.out(urlsFile ?? "\(absolute)/index.html")
    }
    if options.strict && !result.report.problems.isEmpty { return .failure }
    return .success
  }
}

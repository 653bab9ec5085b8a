import Foundation
import WallImaging
import WallJSON
import WallModel
import WallPlan
import WallReport
import WallSite
import WallSupport

/// What a build command reads from its options before it runs: the settings, or the exit code
/// of an option that was refused.
enum PreparedBuild {
  case ready(SiteBuilder.Settings, urlsFile: String?)
  case refused(WallCLI.ExitCode)
}

extension WallCLI {
  /// The site settings of `build` options, whether the input is an export or a plan; the options
  /// a one-process and a sharded build share are read here, once.
  static func siteSettings(_ options: BuildOptions, input: String, console: Console)
    -> PreparedBuild
  {
    var settings = SiteBuilder.Settings(export: input, output: options.output)
    settings.replacedOutputs = [ShardRecordOutputs()]
    do {
      settings.pipeline = try pipelineSettings(for: options)
    } catch {
      return .refused(optionFailure(error, console: console))
    }
    settings.pipeline.waitingForOutput = waitingNotice(output: options.output, console: console)
    settings.pipeline.limits.maxPixels = options.maxPixels
    settings.pipeline.zipLimits = zipLimits(maxExportBytes: options.maxExportBytes)
    settings.copyOriginals = options.copyOriginals
    settings.pipeline.precompress = options.precompress
    settings.strict = options.strict
    settings.allowMissingParts = options.allowMissing
    let inputs = buildInputs(options, input: input)
    if let reportFile = options.reportFile {
      do {
        try checkOutputFile(
          reportFile, named: "the report", option: "--report", command: "build", inputs: inputs,
          output: options.output,
          holding: "the objectIds and file names of every problem, whoever may see them")
      } catch {
        console.err(error.description)
        return .refused(.usage)
      }
    }
    do throws(UsageError) {
      if let waczFile = options.waczFile {
        try checkOutputFile(
          waczFile, named: "the web archive", option: "--wacz", command: "build", inputs: inputs,
          output: options.output,
          holding: "a copy of every file of the site (publishing it inside the site would "
            + "archive the archive)")
        _ = try sourceDateEpoch(ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"])
        _ = try waczBase(settings.pipeline.site.baseURL, command: "build")
      }
    } catch {
      console.err(error.description)
      return .refused(.usage)
    }
    var urlsFile: String?
    if options.privateBuild {
      do {
        let (secret, urls) = try privateBuildFiles(options, inputs: inputs)
        settings.privateSecret = secret
        urlsFile = urls
      } catch {
        console.err(error.description)
        return .refused(error.command == nil ? .failure : .usage)
      }
    }
    return .ready(settings, urlsFile: urlsFile)
  }

  /// Prints every problem of `report` in one write (a large export can have a hundred
  /// thousand) and writes them to `reportFile` when one is named; false when that fails.
  static func printProblems(_ report: ProblemReport, reportFile: String?, console: Console)
    -> Bool
  {
    let problems = report.sorted
    if !problems.isEmpty { console.err(problems.map(\.description).joined(separator: "\n")) }
    guard let reportFile else { return true }
    return writeReport(problems, to: reportFile, console: console)
  }

  /// Ends a whole build (one process, or a sharded build's finalize) and returns its exit code.
  ///
  /// Prints the problems, writes the URL list of a private build, and prints the summary led
  /// by `verb` ("built", "finalized").
  static func finishBuild(
    _ result: BuildResult, options: BuildOptions, pipeline: PipelineSettings, urlsFile: String?,
    verb: String,
    started: ContinuousClock.Instant, timer: StepTimer, console: Console
  ) -> ExitCode {
    var result = result
    let baseURL = pipeline.site.baseURL
    guard printProblems(result.report, reportFile: options.reportFile, console: console) else {
      return .failure
    }
    if let urlsFile {
      do {
        try writeURLList(result.walls, to: urlsFile)
        try writeLinkList(result.walls, baseURL: baseURL, to: linkListFile(urlsFile))
        let warnings = try unmatchedRotationWarnings(result.walls, pipeline.linkRotations)
        for line in warnings { console.err(line) }
        result.summary.warnings += warnings.count
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
      if let reason = result.rebuildReason { console.err(reason) }
      console.err("\(verb) \(result.summary.line) in \(String(format: "%.2f", seconds)) s")
      if let omitted = result.summary.publicOmissions.line { console.err(omitted) }
      if let urlsFile {
        for line in linkListAdvice(linkListFile(urlsFile), baseURL: baseURL) { console.err(line) }
      }
      console.out(urlsFile ?? "\(absolute)/index.html")
    }
    if options.strict && !result.report.problems.isEmpty { return .failure }
    return .success
  }

  /// A warning for each person `rotations` names who has no wall in `walls`: their entry
  /// replaced no link, and a typo must not leave a leaked link in place unnoticed.
  static func unmatchedRotationWarnings(_ walls: any WallListing, _ rotations: LinkRotations)
    throws(WriteError) -> [String]
  {
    guard !rotations.counts.isEmpty else { return [] }
    var named = Set<String>()
    try walls.forEachWall { wall throws(WriteError) in
      if rotations.counts[wall.objectId] != nil { named.insert(wall.objectId) }
    }
    return rotations.unmatched(by: named).map {
      "warning: \(rotations.file ?? SiteConfig.fileName): 'rotateLinks' names "
        + "\(TerminalText.escaped($0)), the objectId of no one with a wall: no link was replaced "
        + "for it"
    }
  }

  /// What a private build says about its list of links: where it went and what to do with it.
  /// - Parameters:
  ///   - csvFile: The CSV's path.
  ///   - baseURL: The `--base-url`, if given.
  static func linkListAdvice(_ csvFile: String, baseURL: BaseURL?) -> [String] {
    let first =
      "links: \(TerminalText.escaped(csvFile)) lists each person's name and link (a CSV for a "
      + "mail merge): send each person only their own link"
    guard baseURL == nil else { return [first] }
    return [
      first,
      "links: they are relative to the site; pass --base-url URL (where the site is published) "
        + "for full links",
    ]
  }
}

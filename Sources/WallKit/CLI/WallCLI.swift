import WallImaging
import WallModel
import WallRender
import WallReport
import WallSite
import WallSupport

/// The `wallgen` program: parses arguments, runs the command, and returns the exit code.
public enum WallCLI {
  /// Exit codes (sysexits-style for usage).
  public enum ExitCode: Int32, Sendable {
    case success = 0
    case failure = 1
    case usage = 64
    /// Another wallgen is writing into the output (`EX_TEMPFAIL`): run again later, or with
    /// `--wait`.
    case temporaryFailure = 75
  }

  /// The export used when none is named: the demo bundled with the repository.
  public static let demoExport = "Examples/demo-export"

  /// Sets the process's allocator as the `wallgen` executable runs it; called before `run`.
  ///
  /// Large buffers are returned to the system when freed (`AllocatorSettings`). A one-process
  /// build adds its own setting when it starts.
  public static func setProcessAllocator() {
    AllocatorSettings.returnLargeBuffers()
  }

  /// Runs wallgen with the arguments after the program name.
  public static func run(_ arguments: [String], console: Console = .standard) -> ExitCode {
    // No command at all is a usage error, as with git and swift: the usage goes to stderr.
    guard !arguments.isEmpty else {
      console.err(HelpText.text(for: nil))
      return .usage
    }
    let command: Command
    do {
      command = try CommandParser.parse(arguments)
    } catch {
      console.err(error.description)
      return .usage
    }
    switch command {
    case .help(let topic):
      console.out(HelpText.text(for: topic))
      return .success
    case .version:
      console.out("wallgen \(wallgenVersion)")
      return .success
    case .check(let options):
      return runCheck(options, console: console)
    case .build(let options):
      return runBuild(options, console: console)
    case .serve(let options):
      return runServe(options, console: console)
    case .archive(let options):
      return runArchive(options, console: console)
    case .plan(let options):
      return runPlan(options, console: console)
    case .fetch(let options):
      return runFetch(options, console: console)
    }
  }

  /// The export to read: the one named, else the demo when it is present.
  /// - Parameter command: The command run, named in the hint when there is no export.
  static func resolveExport(_ named: String?, command: String, console: Console) -> String? {
    if let named { return named }
    guard FileSystem.kind(of: demoExport) == .directory else {
      console.err(
        "error: no export given, and the demo export '\(demoExport)' is not in the current folder")
      console.err(
        "hint: run 'wallgen \(command) PATH' with an export folder or zip, or run from the wallgen repository"
      )
      return nil
    }
    return demoExport
  }

  /// `wallgen check`: prints every problem a build would report (`ExportCheck`), then a
  /// summary; exits 1 when there is an error or nothing may be built from the export.
  static func runCheck(_ options: CheckOptions, console: Console) -> ExitCode {
    guard let export = resolveExport(options.export, command: "check", console: console) else {
      return .failure
    }
    var settings = ExportCheck.Settings(export: export)
    settings.deep = options.deep
    settings.pipeline.limits.maxPixels = options.maxPixels
    settings.pipeline.zipLimits = zipLimits(maxExportBytes: options.maxExportBytes)
    settings.pipeline.jobs = options.jobs ?? SiteBuilder.defaultJobs
    guard let exclusion = configuredExclusion(options.config, console: console) else {
      return .usage
    }
    settings.pipeline.exclusion = exclusion
    let result: ExportCheck.Result
    do {
      result = try ExportCheck(settings: settings).run()
    } catch {
      console.err(TerminalText.escaped("error: \(error)"))
      if error.isAboutTheWholeExport {
        console.err(TerminalText.escaped("hint: \(exportHint(for: export, command: "check"))"))
      }
      return .failure
    }
    let report = result.report
    for problem in report.sorted where options.showWarnings || problem.severity == .error {
      console.out(problem.description)
    }
    if let omitted = result.publicOmissions.line { console.err(omitted) }
    for line in exclusionLines(result.excluded, file: settings.pipeline.exclusion.file) {
      console.out(line)
    }
    if let failure = result.failure {
      // No summary: its counts would not hold this error, which says what was read.
      console.err(TerminalText.escaped("error: [import] \(failure)"))
      let hint =
        failure.isAboutTheWholeExport
        ? exportHint(for: export, command: "check") : hint(for: failure, command: "check")
      console.err(TerminalText.escaped("hint: \(hint)"))
      return .failure
    }
    let dataset = result.dataset
    console.out(
      "\(export): \(count(report.errorCount, "error")), \(count(report.warningCount, "warning")); "
        + "read \(count(dataset.users.count, "user")), \(count(dataset.images.count, "image")), "
        + "\(count(dataset.comments.count, "comment")) from a \(result.layout)")
    return report.errorCount > 0 ? .failure : .success
  }

  /// "1 error", "2 errors".
  static func count(_ number: Int, _ noun: String) -> String {
    BuildSummary.count(number, noun)
  }
}

extension WallCLI {
  /// The theme the rendering options ask for: the built-in one, or it overridden by `--theme`.
  /// - Throws: `ThemeError` when the theme folder cannot be used.
  static func theme(for options: some RenderingOptions) throws(ThemeError) -> Theme {
    guard let folder = options.theme else { return .builtIn }
    return try Theme.loading(overridesFrom: folder)
  }

  /// The settings a build, a preview and an archive share, from their common options and the
  /// site's configuration file (`SiteConfig`), which the options override.
  /// - Throws: `UsageError` for a configuration file that cannot be read or is not valid, or a
  ///   bad `--base-url`; `TimeZoneError` for an unknown time zone; `ThemeError` for an unusable
  ///   theme; `LanguageError` for a language the theme has no texts in.
  static func pipelineSettings(for options: some RenderingOptions) throws -> PipelineSettings {
    let config = try SiteConfig.load(named: options.config)
    var settings = PipelineSettings()
    settings.timeZone = try DisplayTimeZone(options.timeZone ?? config.timeZone ?? "UTC")
    settings.theme = try theme(for: options)
    settings.language = SiteLanguage(
      try UIStrings(
        language: options.language ?? config.language ?? UIStrings.defaultLanguage,
        theme: settings.theme))
    var site = SiteIdentity(title: config.title, description: config.description)
    site.baseURL = options.baseURL ?? config.baseURL
    settings.site = site
    settings.pageSize = options.pageSize ?? config.pageSize ?? PipelineSettings.defaultPageSize
    settings.exclusion = config.exclusion
    settings.linkRotations = config.linkRotations
    settings.jobs = options.jobs ?? SiteBuilder.defaultJobs
    settings.webp = options.webp
    settings.force = options.force
    settings.waitForOutput = options.wait
    return settings
  }

  /// A warning for each text of English that the site's language lacks (it is shown in
  /// English), in one line.
  /// - Parameter strings: The site's texts.
  static func languageWarnings(_ strings: UIStrings) -> [String] {
    guard !strings.missingKeys.isEmpty else { return [] }
    let count = strings.missingKeys.count
    return [
      TerminalText.escaped(
        "warning: \(strings.file): \(count == 1 ? "1 text is" : "\(count) texts are") missing, "
          + "shown in English: " + strings.missingKeys.joined(separator: ", "))
    ]
  }

  /// A warning for each file of a `--theme` folder's `Templates/` that no template uses,
  /// naming the templates there are and the closest one, then one for each tag of its
  /// templates whose name no page's data has (`PageContexts.unknownNames`).
  /// - Parameter theme: The theme loaded.
  static func themeWarnings(_ theme: Theme) -> [String] {
    let known = Theme.builtIn.templates.keys.sorted()
    return theme.unusedTemplateFiles.map { path in
      let file = path.split(separator: "/").last.map(String.init) ?? path
      let isHTML = file.hasSuffix(".html")
      let stem = isHTML ? String(file.dropLast(5)) : String(file.prefix { $0 != "." })
      let why =
        isHTML
        ? "no template is named '\(stem)' and none includes it"
        : "only .html files are templates"
      let close = EditDistance.closest(to: stem, in: known, limit: 1).first
      return TerminalText.escaped(
        "warning: \(path) is not used: \(why); the templates are "
          + known.joined(separator: ", ") + (close.map { "; did you mean '\($0).html'?" } ?? ""))
    } + PageContexts.unknownNames(in: theme).map { TerminalText.escaped($0.description) }
  }

  /// Prints an error met while turning options into settings, and gives its exit code:
  /// 64 for a bad value on the command line, 1 for anything else.
  static func optionFailure(_ error: any Error, console: Console) -> ExitCode {
    if let usage = error as? UsageError {
      console.err(usage.description)
      return .usage
    }
    if let zone = error as? TimeZoneError {
      console.err(UsageError(zone.message, command: "build").description)
      return .usage
    }
    if let language = error as? LanguageError {
      console.err(UsageError(language.description).description)
      return .usage
    }
    console.err("error: \(error)")
    return .failure
  }
}

import Dispatch
import Foundation
import WallPlan
import WallPreview
import WallReport
import WallSite
import WallSupport
import WallWatch

#if canImport(Glibc)
  import Glibc
#endif

extension WallCLI {
  /// `wallgen serve`: build, serve the output, rebuild on change, stop on Ctrl-C.
  static func runServe(_ options: ServeOptions, console: Console) -> ExitCode {
    guard let export = resolveExport(options.export, command: "serve", console: console) else {
      return .failure
    }
    var secret: [UInt8]?
    if options.privateBuild, let secretFile = options.secretFile {
      do throws(UsageError) {
        // Whatever is in the output folder is served: the secret never is.
        try checkOutputFile(
          secretFile, named: "the secret file", option: "--secret-file", command: "serve",
          inputs: [], output: options.output, holding: "the key to every wall's address")
        secret = try readSecret(secretFile, command: "serve")
      } catch {
        console.err(error.description)
        return error.command == nil ? .failure : .usage
      }
    }
    let settings: @Sendable () throws -> SiteBuilder.Settings = { [secret] in
      var settings = SiteBuilder.Settings(export: export, output: options.output)
      settings.privateSecret = secret
      settings.replacedOutputs = [ShardRecordOutputs()]
      settings.pipeline = try pipelineSettings(for: options)
      settings.pipeline.zipLimits = zipLimits(maxExportBytes: options.maxExportBytes)
      return settings
    }
    do {
      let pipeline = try settings().pipeline
      for warning in themeWarnings(pipeline.theme) + languageWarnings(pipeline.language.strings) {
        console.err(warning)
      }
    } catch {
      return optionFailure(error, console: console)
    }
    // Held while serving (its rebuilds share it): no other wallgen writes into the output.
    let lock: OutputLock
    do {
      // Before the output folder is made: `/`, the export or a folder of someone else's.
      var placement = SiteBuilder.Settings(export: export, output: options.output)
      placement.pipeline.force = options.force
      placement.pipeline.waitForOutput = options.wait
      placement.pipeline.waitingForOutput = waitingNotice(output: options.output, console: console)
      lock = try OutputPlacement.claim(placement)
    } catch {
      console.err(TerminalText.escaped("error: [output] \(error)"))
      return error.exitCode
    }
    defer { lock.release() }
    let generation = BuildGeneration()
    let server: PreviewServer
    do {
      // Bind before building, so that a port in use is reported at once.
      try FileSystem.createDirectory(options.output)
      let responder = try PreviewResponder(root: options.output)
      server = try PreviewServer(
        configuration: .init(host: options.host, port: options.port)
      ) { request in
        responder.respond(to: request, live: generation.snapshot)
      }
    } catch {
      console.err("error: \(error)")
      return .failure
    }
    let quiet = options.quiet
    var walls: (any WallListing)?
    guard
      rebuild(
        settings, engine: options.engine ?? .standard, console: console, verbose: true,
        quiet: quiet,
        publishingTo: generation, built: { walls = $0.walls })
    else { return .failure }
    server.start()
    if !["127.0.0.1", "localhost"].contains(options.host) {
      console.err(
        "warning: listening on \(options.host): anyone who can reach this machine can see the site")
    }
    let watched = [export] + (options.theme.map { [$0] } ?? [])
    let watcher = ChangeWatcher(
      paths: watched, excluding: [options.output], log: { console.err($0) }
    ) {
      if !quiet { console.err("change seen in \(watched.joined(separator: " or ")); rebuilding") }
      rebuild(
        settings, engine: options.engine ?? .standard, console: console, verbose: false,
        quiet: quiet,
        publishingTo: generation)
    }
    let watching = watcher.start().description
    if !quiet { console.err(watching) }
    console.out(server.url)
    if options.privateBuild, let walls {
      printPrivateLinks(walls, under: server.url, console: console)
    }
    if !quiet { console.err("serving \(options.output) at \(server.url) (press Ctrl-C to stop)") }
    waitForInterrupt()
    watcher.stop()
    server.stop()
    if !quiet { console.err("stopped") }
    return .success
  }

  /// Runs one build, prints its problems (at most `PreviewReport.lineLimit` of them) and
  /// publishes them for open pages; false (after printing why) when it could not complete.
  ///
  /// A build refused because the export is unusable leaves the site as it was, so the preview
  /// keeps serving the last good build; its problems and the error are printed and published.
  /// - Parameters:
  ///   - settings: Makes the build's settings (options are read again on each rebuild).
  ///   - engine: The engine that builds (`--engine`).
  ///   - console: Where to print.
  ///   - verbose: Whether this is the first build (its progress is printed).
  ///   - quiet: Print only problems and errors (`serve -q`).
  ///   - generation: Where the report goes, for open pages; a completed rebuild advances it.
  ///   - built: Told of the result of a build that completed.
  @discardableResult
  static func rebuild(
    _ settings: () throws -> SiteBuilder.Settings, engine: BuildEngine = .standard,
    console: Console, verbose: Bool,
    quiet: Bool = false, publishingTo generation: BuildGeneration? = nil,
    built: (BuildResult) -> Void = { _ in }
  ) -> Bool {
    let started = ContinuousClock.now
    let failed = { (lines: [String]) -> Bool in
      let report = PreviewReport(failure: lines)
      for line in report.lines { console.err(line) }
      if !verbose { console.err("the pages served are those of the last good build") }
      generation?.publish(report, advancing: false)
      return false
    }
    let made: SiteBuilder.Settings
    do {
      made = try settings()
    } catch {
      return failed([TerminalText.escaped("error: \(error)")])
    }
    let result: BuildResult
    do {
      let progress = console.buildProgress(quiet: quiet || !verbose)
      result = try engine.build(made, progress: progress)
    } catch {
      guard case .build(let build) = error else {
        return failed([TerminalText.escaped("error: \(error)")])
      }
      return failed(
        failureLines(
          build, unusable: build.unusableExport, output: made.output, export: made.export,
          command: "serve"))
    }
    let report = PreviewReport(problems: result.report.sorted)
    for line in report.lines { console.err(line) }
    if !quiet {
      let elapsed = String(format: "%.2f", ConsoleProgress.seconds(ContinuousClock.now - started))
      console.err("built \(result.summary.line) in \(elapsed) s")
    }
    generation?.publish(report, advancing: !verbose)
    built(result)
    return true
  }

  /// Prints, on standard output, each wall of a private site served at `root` as a line
  /// "<name><TAB><link>", in objectId order: the links to hand out, since the site lists none.
  static func printPrivateLinks(_ walls: any WallListing, under root: String, console: Console) {
    var lines: [String] = []
    // Listing walls held in memory writes nothing, so it cannot fail.
    try? walls.forEachWall { wall in
      lines.append("\(TerminalText.escaped(wall.names.displayName))\t\(root)\(wall.page)")
    }
    if !lines.isEmpty { console.out(lines.joined(separator: "\n")) }
  }

  /// Blocks until SIGINT (Ctrl-C) or SIGTERM arrives, then restores their default handling.
  private static func waitForInterrupt() {
    let received = DispatchSemaphore(value: 0)
    let sources = [SIGINT, SIGTERM].map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { received.signal() }
      source.resume()
      return source
    }
    received.wait()
    for source in sources { source.cancel() }
    signal(SIGINT, SIG_DFL)
    signal(SIGTERM, SIG_DFL)
  }
}

import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension WallCLI {
  /// `wallgen serve`: build, serve the output, rebuild on change, stop on Ctrl-C.
  static func runServe(_ options: ServeOptions, console: Console) -> ExitCode {
    guard let export = resolveExport(options.export, console: console) else { return .failure }
    let settings: @Sendable () throws -> SiteBuilder.Settings = {
      var settings = SiteBuilder.Settings(export: export, output: options.output)
      settings.pipeline = try pipelineSettings(for: options)
      settings.pipeline.zipLimits = zipLimits(maxExportBytes: options.maxExportBytes)
      return settings
    }
    do {
      _ = try settings()
    } catch {
      return optionFailure(error, console: console)
    }
    let generation = BuildGeneration()
    let server: PreviewServer
    do {
      // Bind before building, so that a port in use is reported at once.
      try FileSystem.createDirectory(options.output)
      let responder = try PreviewResponder(root: options.output)
      server = try PreviewServer(
        configuration: .init(host: options.host, port: options.port)
      ) { request in
        responder.respond(to: request, generation: generation.current)
      }
    } catch {
      console.err("error: \(error)")
      return .failure
    }
    guard rebuild(settings, console: console, verbose: true) else { return .failure }
    server.start()
    if !["127.0.0.1", "localhost"].contains(options.host) {
      console.err(
        "warning: listening on \(options.host): anyone who can reach this machine can see the site")
    }
    let watched = [export] + (options.theme.map { [$0] } ?? [])
    let watcher = ChangeWatcher(
      paths: watched, excluding: [options.output], log: { console.err($0) }
    ) {
      console.err("change seen in \(watched.joined(separator: " or ")); rebuilding")
      if rebuild(settings, console: console, verbose: false) { generation.advance() }
    }
    console.err(watcher.start().description)
    console.out(server.url)
    console.err("serving \(options.output) at \(server.url) (press Ctrl-C to stop)")
    waitForInterrupt()
    watcher.stop()
    server.stop()
    console.err("stopped")
    return .success
  }

  /// Runs one build; false (after printing the error) when it could not complete.
  ///
  /// A build refused because the export is unusable leaves the site as it was, so the preview
  /// keeps serving the last good build; its problems are printed.
  /// - Parameters:
  ///   - settings: Makes the build's settings (options are read again on each rebuild).
  ///   - console: Where to print.
  ///   - verbose: Whether this is the first build (its problems and progress are printed).
  static func rebuild(
    _ settings: () throws -> SiteBuilder.Settings, console: Console, verbose: Bool
  ) -> Bool {
    let started = ContinuousClock.now
    let built: SiteBuilder.Settings
    do {
      built = try settings()
    } catch {
      console.err("error: \(error)")
      if !verbose { console.err("the pages served are those of the last good build") }
      return false
    }
    do {
      let progress = console.buildProgress(quiet: !verbose)
      let result = try SiteBuilder(settings: built, progress: progress).build()
      if verbose {
        for problem in result.report.sorted { console.err(problem.description) }
      }
      let elapsed = String(format: "%.2f", ConsoleProgress.seconds(ContinuousClock.now - started))
      console.err("built \(result.summary.line) in \(elapsed) s")
      return true
    } catch {
      printFailure(error, unusable: error.unusableExport, output: built.output, console: console)
      if !verbose { console.err("the pages served are those of the last good build") }
      return false
    }
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

import Foundation
import WallJSON
import WallPlan
import WallReport
import WallSite
import WallSupport

extension WallCLI {
  static func runBuild(_ options: BuildOptions, console: Console) -> ExitCode {
    if options.plan != nil { return runShardedBuild(options, console: console) }
    guard let export = resolveExport(options.export, command: "build", console: console) else {
      return .failure
    }
    let settings: SiteBuilder.Settings
    let urlsFile: String?
    switch siteSettings(options, input: export, console: console) {
    case .ready(let ready, let urls): (settings, urlsFile) = (ready, urls)
    case .refused(let code): return code
    }
    let warnings =
      themeWarnings(settings.pipeline.theme) + languageWarnings(settings.pipeline.language.strings)
    for warning in warnings { console.err(warning) }
    if options.strict && !warnings.isEmpty {
      console.err(
        "error: [strict] \(count(warnings.count, "theme warning")) and --strict is on, "
          + "so nothing was built")
      return .failure
    }
    AllocatorSettings.keepHeapTops()
    let quiet = options.quiet
    let started = ContinuousClock.now
    let timer = StepTimer(forwardingTo: console.buildProgress(quiet: quiet))
    var result: BuildResult
    do {
      result = try (options.engine ?? .standard).build(settings, progress: timer)
    } catch {
      guard case .build(let build) = error else {
        console.err("error: \(error)")
        // Only the plan engine throws these, and it publishes last, with rollback.
        console.err("hint: \(BuildError.nothingPublished(output: options.output))")
        return error.exitCode
      }
      return buildFailed(build, options: options, export: export, console: console)
    }
    // The theme's and the language's warnings were printed above: the summary counts them.
    result.summary.warnings += warnings.count
    if let code = writeSiteWACZ(result, options: options, settings: settings, console: console) {
      return code
    }
    return finishBuild(
      result, options: options, pipeline: settings.pipeline, urlsFile: urlsFile,
      verb: "built", started: started, timer: timer,
      console: console)
  }
}

extension WallCLI {
  /// Prints why the build from `export` failed, writes the problems that refused it to the
  /// report file when one is asked for, and returns the exit code: the placement's refusal's,
  /// else 1.
  static func buildFailed(
    _ error: BuildError, options: BuildOptions, export: String, console: Console
  ) -> ExitCode {
    printFailure(
      error, unusable: error.unusableExport, output: options.output, export: export,
      command: "build", console: console)
    if let reportFile = options.reportFile,
      let problems = error.unusableExport?.1 ?? error.refusedProblems
    {
      _ = writeReport(problems, to: reportFile, console: console)
    }
    if case .placement(let placement) = error { return placement.exitCode }
    return .failure
  }

  /// Writes `problems` to `path` as JSON lines; false (after printing why) when it cannot.
  static func writeReport(_ problems: [Problem], to path: String, console: Console) -> Bool {
    let lines = problems.map { $0.reportLine.serialized + "\n" }
    do {
      try FileSystem.writeAtomically(lines.joined(), to: path)
      return true
    } catch {
      console.err("error: \(error)")
      return false
    }
  }

  /// The fewest bytes a private build's secret may have (after trailing line breaks are
  /// stripped): 16 bytes of base64 are 96 random bits.
  static let minimumSecretBytes = 16

  /// The private build's secret (the secret file's bytes without trailing line breaks) and
  /// where its URL list goes.
  /// - Parameter options: The build's options.
  /// - Parameter inputs: What the build reads (`buildInputs`), which the URL list and the CSV
  ///   may not overwrite.
  /// - Throws: `UsageError` for a missing or empty secret file (without a command), or a
  ///   secret shorter than `minimumSecretBytes`, or a URL list or CSV over an input or inside
  ///   the output folder (for `build`: exit 64).
  static func privateBuildFiles(
    _ options: BuildOptions, inputs: [CommandInput]
  ) throws(UsageError) -> (secret: [UInt8], urlsFile: String) {
    let secret = try readSecret(options.secretFile ?? "", command: "build")
    let output = OutputPlacement.canonical(options.output)
    let urlsFile = options.urlsFile ?? (output == "/" ? "/" : output) + ".urls.tsv"
    for (file, name) in [(urlsFile, "the URL list"), (linkListFile(urlsFile), "the CSV of links")] {
      try checkOutputFile(
        file, named: name, option: "--urls-file", command: "build", inputs: inputs,
        output: options.output, holding: "the secret address of every wall")
    }
    return (secret, urlsFile)
  }

  /// The secret of a private site: the bytes of `secretFile` without trailing line breaks.
  /// - Throws: `UsageError` for a missing or empty file (without a command: exit 1), or a
  ///   secret shorter than `minimumSecretBytes` (for `command`: exit 64).
  static func readSecret(_ secretFile: String, command: String) throws(UsageError) -> [UInt8] {
    var secret: [UInt8]
    do {
      secret = try FileSystem.readFile(secretFile, limit: 1 << 20)
    } catch {
      throw UsageError("cannot read the secret file: \(error)")
    }
    while let last = secret.last, last == 0x0A || last == 0x0D { secret.removeLast() }
    guard !secret.isEmpty else {
      throw UsageError(
        "the secret file '\(secretFile)' is empty; put a long random secret in it, "
          + "e.g. 'head -c 32 /dev/urandom | base64 > \(secretFile)'")
    }
    guard secret.count >= minimumSecretBytes else {
      // Each private wall's address is an HMAC of the secret: a short one can be guessed.
      throw UsageError(
        "the secret file '\(secretFile)' holds \(secret.count) "
          + "byte\(secret.count == 1 ? "" : "s") (without trailing line breaks); a private "
          + "build needs at least \(minimumSecretBytes), since anyone who guesses the secret "
          + "finds every wall: make one with 'head -c 32 /dev/urandom | base64 > \(secretFile)'",
        command: command)
    }
    return secret
  }

  /// Where the CSV of names and links goes: beside the URL list, its `.tsv` replaced by `.csv`
  /// (`_site.urls.tsv` → `_site.urls.csv`), or `.csv` added to a name that does not end with
  /// `.tsv`.
  static func linkListFile(_ urlsFile: String) -> String {
    (urlsFile.hasSuffix(".tsv") ? String(urlsFile.dropLast(4)) : urlsFile) + ".csv"
  }

  /// Writes "objectId<TAB>walls/<token>/index.html" lines, sorted by objectId, readable by
  /// the owner only, a line at a time.
  static func writeURLList(_ walls: any WallListing, to path: String) throws(WriteError) {
    try writePrivately(to: path) { file throws(WriteError) in
      try walls.forEachWall { wall throws(WriteError) in
        try file.write("\(wall.objectId)\t\(wall.page)\n")
      }
    }
  }

  /// Writes the CSV of names and links of `walls` (`PrivateLinkList`), readable by the owner
  /// only, a row at a time.
  static func writeLinkList(_ walls: any WallListing, baseURL: BaseURL?, to path: String)
    throws(WriteError)
  {
    try writePrivately(to: path) { file throws(WriteError) in
      try file.write(PrivateLinkList.headerRow)
      try walls.forEachWall { wall throws(WriteError) in
        try file.write(PrivateLinkList.row(for: wall, baseURL: baseURL))
      }
    }
  }

  /// Writes the text `write` gives, in pieces, to `path`, readable by its owner only (mode
  /// 600, from the first byte): written beside it and put in place once complete, unless the
  /// file there holds the same bytes.
  static func writePrivately(
    to path: String, _ write: (SortedLineWriter) throws(WriteError) -> Void
  ) throws(WriteError) {
    let file = try SortedLineWriter(path: path, ordered: false)
    guard chmod(file.temporaryPath, 0o600) == 0 else {
      let error = WriteError(path: path, reason: FileSystem.lastErrorReason)
      file.discard()
      throw error
    }
    try write(file)
    try file.install()
    guard chmod(path, 0o600) == 0 else {
      throw WriteError(path: path, reason: FileSystem.lastErrorReason)
    }
  }
}

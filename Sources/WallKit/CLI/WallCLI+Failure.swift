extension WallCLI {
  /// The zip limits `--max-export-bytes` asks for: that many bytes in all, and no more than
  /// that (nor than the standard 2 GiB) in one entry.
  static func zipLimits(maxExportBytes: UInt64) -> ZipLimits {
    ZipLimits(
      totalBytes: maxExportBytes,
      entryBytes: min(maxExportBytes, ZipLimits.standard.entryBytes))
  }

  /// Prints why a build, a rebuild or an archive did not run: for an export that nothing may
  /// be built from, every problem its import found (the file that cannot be read once, with
  /// its line and column), then the error and a hint; otherwise the error alone.
  /// - Parameters:
  ///   - error: What stopped the command.
  ///   - unusable: The import's failure and problems, when the export is unusable.
  ///   - output: The folder left as it was, named in the hint.
  ///   - console: Where to print.
  static func printFailure(
    _ error: any Error, unusable: (ImportError, [Problem])?, output: String, console: Console
  ) {
    guard let (failure, problems) = unusable else {
      console.err("error: \(error)")
      return
    }
    if !problems.isEmpty { console.err(problems.map(\.description).joined(separator: "\n")) }
    console.err("error: \(error)")
    console.err("hint: \(hint(for: failure)); '\(output)' was left as it was")
  }

  /// What to do about an export that nothing may be built from.
  static func hint(for failure: ImportError) -> String {
    switch failure {
    case .unreadableClassFiles:
      "fix the file named above (or restore it from the original export) and run again"
    default:
      "EXPORT must be the folder (or .zip) that holds _User.json and WallImage.json "
        + "(README.md, \"Input\")"
    }
  }
}

extension BuildError {
  /// The import's failure and problems, when the export was unusable.
  var unusableExport: (ImportError, [Problem])? {
    guard case .unusableExport(let failure, let problems) = self else { return nil }
    return (failure, problems)
  }
}

extension ArchiveError {
  /// The import's failure and problems, when the export was unusable.
  var unusableExport: (ImportError, [Problem])? {
    guard case .unusableExport(let failure, let problems) = self else { return nil }
    return (failure, problems)
  }
}

/// Why the front of the pipeline (`PreparedSite.open` and `PreparedSite.init`) refused an
/// export: the same refusals for a build, an archive and a shard, each mapped to the error of
/// the command once (`BuildError.init(_:)`, `ArchiveError.init(_:)`).
enum PreparationError: Error, Equatable {
  /// The export could not be opened.
  case importFailed(ImportError)
  /// The export was read, but nothing may be built from it (`ImportResult.failure`);
  /// `problems` is everything the import reported, sorted.
  case unusableExport(ImportError, problems: [Problem])
  /// A template of the theme is invalid (naming the theme's file).
  case template(TemplateError)
}

extension BuildError {
  /// The build's error for a refusal of the pipeline's front.
  init(_ error: PreparationError) {
    switch error {
    case .importFailed(let failure): self = .importFailed(failure)
    case .unusableExport(let failure, let problems):
      self = .unusableExport(failure, problems: problems)
    case .template(let template): self = .template(template)
    }
  }
}

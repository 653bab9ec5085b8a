import WallImport
import WallRender
import WallReport

/// Why the front of the pipeline (`PreparedSite.open` and `PreparedSite.init`) refused an
/// export: the same refusals for a build, an archive and a shard, each mapped into the
/// command's error once (`PreparationRefusal.init(_:)`).
package enum PreparationError: Error, Equatable {
  /// The export could not be opened.
  case importFailed(ImportError)
  /// The export was read, but nothing may be built from it (`ImportResult.failure`);
  /// `problems` is everything the import reported, sorted.
  case unusableExport(ImportError, problems: [Problem])
  /// A template of the theme is invalid (naming the theme's file).
  case template(TemplateError)
}

/// An error of a command that runs the pipeline's front: its cases of the same names take the
/// refusals of `PreparationError`.
package protocol PreparationRefusal: Error {
  /// The export could not be opened.
  static func importFailed(_ error: ImportError) -> Self
  /// Nothing may be built from the export.
  static func unusableExport(_ error: ImportError, problems: [Problem]) -> Self
  /// A template of the theme is invalid.
  static func template(_ error: TemplateError) -> Self
}

extension PreparationRefusal {
  /// The command's error for a refusal of the pipeline's front.
  package init(_ error: PreparationError) {
    switch error {
    case .importFailed(let failure): self = .importFailed(failure)
    case .unusableExport(let failure, let problems):
      self = .unusableExport(failure, problems: problems)
    case .template(let template): self = .template(template)
    }
  }
}

extension BuildError: PreparationRefusal {}

/// Why a build could not run at all (bad records and images are reported instead, never
/// thrown).
public enum BuildError: Error, Equatable, CustomStringConvertible {
  /// The export could not be opened.
  case importFailed(ImportError)
  /// The export was read, but nothing may be built from it (`ImportResult.failure`: a class
  /// file of the walls cannot be read, or there is no user or no class file of walls);
  /// `problems` is everything the import reported, sorted. Found before the output or the
  /// state folder is touched: both are left exactly as they were.
  case unusableExport(ImportError, problems: [Problem])
  /// A template of the theme is invalid.
  case template(TemplateError)
  /// The `--theme` folder cannot be used.
  case theme(ThemeError)
  /// The output folder and the export overlap.
  case placement(OutputPlacementError)
  /// The walls cannot be laid out (two users would share a folder).
  case layout(SiteLayoutError)
  /// A file could not be written; `step` is what was being written: `output` (the site
  /// folder), `state` (the build's state folder), `media`, `render`, `assets` or `manifest`.
  case write(step: String, WriteError)

  public var description: String {
    switch self {
    case .importFailed(let error): "[import] \(error)"
    case .unusableExport(let error, _): "[import] \(error)"
    case .template(let error): error.located
    case .theme(let error): "[theme] \(error)"
    case .layout(let error): "[layout] \(error)"
    case .placement(let error): "[output] \(error)"
    case .write(let step, let error): "[\(step)] \(error)"
    }
  }
}

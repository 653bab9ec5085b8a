import WallImport
import WallRender
import WallReport
import WallSupport

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
  /// The export lacks parts that the last build read (`ExportParts`): a class file of the
  /// walls (`WallImageComment.json`), `files/` (none of the files its class files name is
  /// there) or `graph/`; `problems` is everything the import reported, sorted. Refused unless
  /// `SiteBuilder.Settings.allowMissingParts`; the output and state folder are left as they
  /// were.
  case missingParts([String], problems: [Problem])
  /// `SiteBuilder.Settings.strict` is set and the build reported `problems` (sorted): nothing
  /// was published.
  case strict(problems: [Problem])
  /// A file could not be written; `step` is what was being written: `output` (the site
  /// folder), `state` (the build's state folder), `media`, `render` or `assets` (staged),
  /// `publish` (moving the staged files into place; undone), or, once the new site is in
  /// place, `prune`, `manifest` or `record`.
  case write(step: BuildStep, WriteError)

  public var description: String {
    switch self {
    case .importFailed(let error): "[import] \(error)"
    case .unusableExport(let error, _): "[import] \(error)"
    case .template(let error): error.located
    case .theme(let error): "[theme] \(error)"
    case .layout(let error): "[layout] \(error)"
    case .placement(let error): "[output] \(error)"
    case .missingParts(let parts, _):
      "[import] \(ImportError.listed(parts)), read by the last build, "
        + (parts.count == 1 ? "is" : "are")
        + " missing from this export; publishing it would take from the site what "
        + (parts.count == 1 ? "it holds" : "they hold") + ", so nothing was published"
    case .strict(let problems):
      "[strict] \(BuildSummary.count(problems.count, "problem")) reported and --strict is on, "
        + "so nothing was published"
    case .write(let step, let error): "[\(step.rawValue)] \(error)"
    }
  }

  /// Whether the build failed before anything of the site or its state folder changed (or
  /// after undoing what had): false only for a write that failed once the new site was in
  /// place.
  public var leftOutputAsItWas: Bool {
    guard case .write(let step, _) = self else { return true }
    return ![.prune, .manifest, .record].contains(step)
  }
}

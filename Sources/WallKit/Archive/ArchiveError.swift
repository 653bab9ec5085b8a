/// Why `wallgen archive` could not run or finish (bad records and images are reported
/// instead, never thrown).
public enum ArchiveError: Error, Equatable, CustomStringConvertible {
  /// The export could not be opened.
  case importFailed(ImportError)
  /// The export was read, but nothing may be built from it (`ImportResult.failure`);
  /// `problems` is everything the import reported, sorted. Found before anything is written.
  case unusableExport(ImportError, problems: [Problem])
  /// A template of the theme is invalid.
  case template(TemplateError)
  /// Users asked for with `--user` are not in the export.
  case unknownUsers([String])
  /// A file of the step named (`media` for the media cache, `bundle` for a bundle) could not
  /// be written.
  case write(step: String, WriteError)
  /// A bundle's zip could not be written.
  case zip(ZipError)

  public var description: String {
    switch self {
    case .importFailed(let error): "[import] \(error)"
    case .unusableExport(let error, _): "[import] \(error)"
    case .template(let error): "[render] \(error)"
    case .unknownUsers(let ids):
      "no user with objectId "
        + ids.map { "'\($0)'" }.joined(separator: ", ")
        + " in the export (objectIds are case-sensitive)"
    case .write(let step, let error): "[\(step)] \(error)"
    case .zip(let error): "[zip] \(error)"
    }
  }
}

import WallSupport

/// Writes output files, skipping those whose content is already what it would write, so a
/// rebuild with nothing changed rewrites nothing (contents and mtimes stay).
public enum SiteWriter {
  /// Whether a file was written or already up to date.
  public enum Outcome: Sendable, Equatable {
    case written, unchanged
  }

  /// Writes `bytes` to `path` atomically unless the file already holds exactly them.
  public static func write(_ bytes: [UInt8], to path: String) throws(WriteError) -> Outcome {
    try StagingArea.writeIfChanged(bytes, to: path) ? .written : .unchanged
  }

  /// Writes `bytes` as the site file `relative` of `siteRoot`, or stages it in `staging` when
  /// one is given, unless the file already holds exactly them.
  /// - Parameters:
  ///   - bytes: The file's content.
  ///   - relative: Its path in the site.
  ///   - siteRoot: The site's folder.
  ///   - staging: Where the build stages what it changes; nil writes in place.
  /// - Throws: `WriteError` when the file cannot be written or staged.
  public static func write(
    _ bytes: [UInt8], at relative: String, in siteRoot: String, staging: StagingArea?
  ) throws(WriteError) -> Outcome {
    guard let staging else { return try write(bytes, to: "\(siteRoot)/\(relative)") }
    return try staging.stageIfChanged(bytes, at: relative, in: .site) ? .written : .unchanged
  }

  /// A stream that writes the site file `relative` of `siteRoot` in chunks, or stages it in
  /// `staging` when one is given, unless the file already holds its bytes (see
  /// `ChangedFileStream`): for files that grow with the export, such as a wall's photo grid.
  public static func stream(at relative: String, in siteRoot: String, staging: StagingArea?)
    -> ChangedFileStream
  {
    guard let staging else { return ChangedFileStream(writing: "\(siteRoot)/\(relative)") }
    return ChangedFileStream(staging: relative, in: .site, of: staging)
  }
}

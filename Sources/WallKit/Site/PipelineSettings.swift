/// The settings a build and an archive share: how `PreparedSite` imports and makes media, and
/// how walls are rendered.
public struct PipelineSettings: Sendable {
  /// Images per wall page.
  public var pageSize = 30
  /// The time zone of shown dates.
  public var timeZone = DisplayTimeZone.utc
  /// Parallel workers.
  public var jobs = SiteBuilder.defaultJobs
  /// Templates and assets.
  public var theme = Theme.builtIn
  /// Limits on source images.
  public var limits = ImageLimits()

  /// The defaults: 30 images a page, UTC, one worker per core, the built-in theme.
  public init() {}
}

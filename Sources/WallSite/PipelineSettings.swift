import WallImaging
import WallImport
import WallSupport
import WallZip

/// The settings a build and an archive share: how `PreparedSite` imports and makes media, how
/// walls are rendered, and whether a folder wallgen did not make may be written into.
public struct PipelineSettings: Sendable {
  /// Images per wall page.
  public var pageSize = PipelineSettings.defaultPageSize
  /// The time zone of shown dates.
  public var timeZone = DisplayTimeZone.utc
  /// The language of the pages' texts and dates.
  public var language = SiteLanguage.english
  /// The site's title, description and address.
  public var site = SiteIdentity()
  /// Parallel workers.
  public var jobs = SiteBuilder.defaultJobs
  /// Templates and assets.
  public var theme = Theme.builtIn
  /// Limits on source images.
  public var limits = ImageLimits()
  /// How many uncompressed bytes a zip export, and one file in it, may hold.
  public var zipLimits = ZipLimits.standard
  /// The largest class and Graph files read, and the deepest JSON nesting.
  public var importLimits = ImportLimits()
  /// The takedown list: the people and images the site leaves out (`"exclude"` in
  /// `wallgen.json`).
  public var exclusion = ExportExclusion()
  /// The people whose private link was replaced, and how many times (`"rotateLinks"` in
  /// `wallgen.json`); read by private builds only.
  public var linkRotations = LinkRotations()
  /// Whether photo variants get WebP siblings, offered to browsers through `<picture>`.
  public var webp = PipelineSettings.webpByDefault
  /// Whether each text file of the site gets a gzip copy beside it (`--precompress`,
  /// `Precompression`).
  public var precompress = false

  /// Whether to write into a non-empty output folder that wallgen did not make (`--force`).
  ///
  /// Files of the same names are replaced; nothing else is removed (`OutputPlacement.claim`).
  public var force = false
  /// Whether to wait while another wallgen writes into the output, rather than refuse
  /// (`--wait`; `OutputPlacement.claim`).
  public var waitForOutput = false
  /// Told of the processes writing into the output before waiting for them (`waitForOutput`).
  public var waitingForOutput: @Sendable ([OutputLockHolder]) -> Void = { _ in }

  /// Images per wall page unless told otherwise (`--page-size`).
  public static let defaultPageSize = 30

  /// Whether builds make WebP siblings unless told otherwise (docs/media.md, "WebP").
  public static let webpByDefault = false

  /// The defaults: `defaultPageSize` images a page, UTC, English, one worker per core, the
  /// built-in theme.
  public init() {}
}

extension PipelineSettings {
  /// The thumbnailer these settings ask for: their limits, with WebP siblings when enabled.
  package var thumbnailer: Thumbnailer {
    var thumbnailer = Thumbnailer(limits: limits)
    thumbnailer.webp = webp ? .standard : nil
    return thumbnailer
  }
}

import WallFetch

/// Options of `wallgen fetch`.
public struct FetchOptions: Sendable, Equatable {
  /// The export folder.
  public var export: String?
  /// Transfers at once.
  public var jobs: Int = FetchSettings.defaultJobs
  /// `--rewrite OLD=NEW` rules, in the order given.
  public var rewrites: [URLRewrite] = []
  /// `--allow-host HOST`: hosts that may be at internal addresses, normalized.
  public var allowedHosts: [String] = []
  /// The largest file accepted, in bytes.
  public var maxFileBytes: UInt64 = UInt64(FetchSettings.defaultMaxFileBytes)
  /// The most bytes the whole run receives.
  public var maxTotalBytes: UInt64 = UInt64(FetchSettings.defaultMaxTotalBytes)
  /// The seconds one file may take, retries included; 0 for no limit.
  public var fileTimeout: Double = FetchSettings.defaultFileTimeout
  /// The longest wait for a connection, in seconds.
  public var connectTimeout: Double = 15
  /// Seconds under 1 KiB/s after which a transfer is given up as stalled.
  public var stallTimeout: Int = 30
  /// Retries after the first attempt.
  public var retries: Int = 3
  /// Seconds before the first retry (doubling after each).
  public var retryWait: Double = 1
  /// The longest wait before a retry, in seconds, whatever `Retry-After` asks.
  public var maxRetryWait: Double = 60
  /// Redirects followed at most.
  public var maxRedirects: Int = 5
  /// Where to write the JSON-lines report of every failure, if anywhere.
  public var reportFile: String?
  /// Print only failures.
  public var quiet = false

  /// Options with every default.
  public init(export: String? = nil) {
    self.export = export
  }

  /// The settings of a fetch of `export` with these options.
  func settings(export: String) -> FetchSettings {
    var settings = FetchSettings(export: export)
    settings.jobs = jobs
    settings.rewrites = rewrites
    settings.allowedHosts = allowedHosts
    settings.maxFileBytes = Int64(clamping: maxFileBytes)
    settings.maxTotalBytes = Int64(clamping: maxTotalBytes)
    settings.fileTimeout = fileTimeout
    settings.connectTimeout = connectTimeout
    settings.stallTimeout = stallTimeout
    settings.retries = retries
    settings.retryWait = retryWait
    settings.maxRetryWait = maxRetryWait
    settings.maxRedirects = maxRedirects
    return settings
  }
}

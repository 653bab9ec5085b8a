/// How `wallgen fetch` downloads: concurrency, limits, timeouts and retries.
public struct FetchSettings: Sendable, Equatable {
  /// The largest file accepted by default: 64 MiB (a phone photo is a few MiB).
  public static let defaultMaxFileBytes: Int64 = 64 << 20
  /// Transfers at once by default.
  public static let defaultJobs = 8
  /// The most bytes a run receives by default: 16 GiB.
  public static let defaultMaxTotalBytes: Int64 = 16 << 30
  /// The seconds a file may take by default, retries included.
  public static let defaultFileTimeout: Double = 300

  /// The export folder; files go to its `files/`.
  public var export: String
  /// Transfers at once.
  public var jobs: Int = FetchSettings.defaultJobs
  /// Prefix rewrites applied to every URL; the host of each one's target is allowed at an
  /// internal address, as `allowedHosts` are.
  public var rewrites: [URLRewrite] = []
  /// Hosts that may be reached at an internal address (`InternalAddress`: loopback, private,
  /// link-local…), redirects to them included; any other host is refused there.
  public var allowedHosts: [String] = []
  /// The largest file accepted, in bytes.
  public var maxFileBytes: Int64 = FetchSettings.defaultMaxFileBytes
  /// The most bytes of bodies the whole run receives (failed attempts included); a download
  /// that would pass it is stopped, and none starts after.
  public var maxTotalBytes: Int64 = FetchSettings.defaultMaxTotalBytes
  /// The seconds one file may take from its first request, retries and their waits included;
  /// 0 for no limit.
  public var fileTimeout: Double = FetchSettings.defaultFileTimeout
  /// The longest wait for a connection, in seconds.
  public var connectTimeout: Double = 15
  /// A transfer slower than `stallBytesPerSecond` for this many whole seconds is a stall.
  public var stallTimeout: Int = 30
  /// The speed under which a transfer is stalling, in bytes per second.
  public var stallBytesPerSecond: Int = 1024
  /// Redirects followed at most.
  public var maxRedirects: Int = 5
  /// Retries after the first attempt (on a timeout, a dropped connection, 429 or 5xx).
  public var retries: Int = 3
  /// The wait before the first retry, in seconds; it doubles with each retry.
  public var retryWait: Double = 1
  /// The longest wait before a retry, in seconds, whatever `Retry-After` asks.
  public var maxRetryWait: Double = 60

  /// Settings with every default.
  public init(export: String) {
    self.export = export
  }
}

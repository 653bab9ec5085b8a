/// What a fetch tells as it goes; called only from the thread running `Fetcher.run`.
public protocol FetchProgress: AnyObject {
  /// The fetch starts with `total` files to look at.
  func started(total: Int)
  /// `done` of the files are settled (arrived, present or failed), `bytes` received so far;
  /// called about ten times a second.
  func progressed(done: Int, total: Int, bytes: Int64)
  /// A file failed, or arrived with a warning.
  func noted(_ record: FetchRecord)
  /// The fetch ended.
  func finished(_ result: FetchResult)
}

/// The outcome of a fetch.
public struct FetchResult: Sendable, Equatable {
  /// Files the export links to (one per name).
  public var total = 0
  /// Files downloaded by this run.
  public var arrived = 0
  /// Files already there with the length the server gives, not downloaded again; or already
  /// there when their server could not be reached at all (`unchecked`).
  public var present = 0
  /// Of `present`, the files whose server gave no answer to the check: kept as they are.
  public var unchecked = 0
  /// Of `failed`, the files no server answered at all (no connection, no response).
  public var unanswered = 0
  /// Files and rows that did not arrive (each with an error record), including refused rows
  /// and unreadable class files.
  public var failed = 0
  /// Bytes of files downloaded.
  public var bytes: Int64 = 0
  /// Every error and warning, sorted by file.
  public var records: [FetchRecord] = []
  /// Seconds the fetch took.
  public var seconds: Double = 0

  /// An empty result.
  public init() {}
}

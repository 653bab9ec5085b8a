/// One file of a web archive: its path under the base URL and where its bytes come from.
public struct WACZResource: Sendable, Equatable {
  /// Where a file's bytes come from.
  public enum Source: Sendable, Equatable {
    /// A file on disk, streamed in chunks (never held whole).
    case file(String)
    /// Bytes made in memory.
    case bytes([UInt8])
  }

  /// The `/`-separated path under the base URL, such as `walls/uAnn/index.html`.
  public var path: String
  /// Where its bytes come from.
  public var source: Source

  /// Creates a resource.
  /// - Parameters:
  ///   - path: The path under the base URL.
  ///   - source: Where its bytes come from.
  public init(path: String, source: Source) {
    self.path = path
    self.source = source
  }
}

/// What a finished WACZ holds.
public struct WACZSummary: Sendable, Equatable {
  /// The `.wacz` file.
  public var path: String
  /// The number of files archived (each a `request` and a `response` record).
  public var resources: Int
  /// The number of pages listed in `pages/pages.jsonl`.
  public var pages: Int
  /// The `.wacz` file's size in bytes.
  public var bytes: Int
}

/// How much a `ZipArchive` agrees to inflate, so a hostile export cannot fill memory or disk.
public struct ZipLimits: Sendable, Equatable {
  /// The most uncompressed bytes all entries together may declare (checked when opening).
  public var totalBytes: UInt64
  /// The most uncompressed bytes one entry may have (checked before reading it).
  public var entryBytes: UInt64

  /// 8 GiB per archive and 2 GiB per entry: far above any real export, far below a zip bomb.
  public static let standard = ZipLimits(totalBytes: 8 << 30, entryBytes: 2 << 30)

  /// Creates limits; raise them for exports bigger than `standard` allows.
  /// - Parameter totalBytes: The most bytes all entries may declare together.
  /// - Parameter entryBytes: The most bytes one entry may have.
  public init(totalBytes: UInt64, entryBytes: UInt64) {
    self.totalBytes = totalBytes
    self.entryBytes = entryBytes
  }
}

/// What a downloaded file's first bytes say it is.
public enum ContentKind: Sendable, Equatable {
  case jpeg
  case png
  case other

  /// The kind of a file starting with `bytes` (its first 8 bytes or more).
  public init(magic bytes: [UInt8]) {
    if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
      self = .jpeg
    } else if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      self = .png
    } else {
      self = .other
    }
  }
}

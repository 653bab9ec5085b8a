/// How `ZipWriter` stores an entry's bytes.
public enum ZipCompression: Sendable, Equatable {
  /// Method 0: the bytes are stored as they are.
  case stored
  /// Method 8: deflate at level 6 (libzip over zlib), so the same input always gives the same bytes.
  case deflated

}

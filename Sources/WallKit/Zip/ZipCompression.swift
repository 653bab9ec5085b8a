/// How `ZipWriter` stores an entry's bytes.
public enum ZipCompression: Sendable, Equatable {
  /// Method 0: the bytes are stored as they are.
  case stored
  /// Method 8: raw deflate at zlib level 6, so the same input always gives the same bytes.
  case deflated

  /// The APPNOTE compression method number.
  var method: UInt16 {
    switch self {
    case .stored: ZipFormat.methodStored
    case .deflated: ZipFormat.methodDeflated
    }
  }
}

/// Why `FileSystem` could not read a file: the path, and the operating system's or the
/// limit's reason.
public enum FileSystemError: Error, Equatable, CustomStringConvertible {
  /// No file at the path.
  case notFound(path: String)
  /// The file is larger than the caller accepts.
  case tooLarge(path: String, bytes: Int, limit: Int)
  /// The operating system could not read it, or it is not a regular file.
  case unreadable(path: String, reason: String)

  /// The file the error is about.
  public var path: String {
    switch self {
    case .notFound(let path), .tooLarge(let path, _, _), .unreadable(let path, _): path
    }
  }

  /// A sentence without the path, for messages that name the file separately.
  public var reason: String {
    switch self {
    case .notFound: "file not found"
    case .tooLarge(_, let bytes, let limit):
      "file of \(bytes) bytes exceeds the limit of \(limit) bytes"
    case .unreadable(_, let reason): "cannot be read: \(reason)"
    }
  }

  public var description: String { "\(path): \(reason)" }
}

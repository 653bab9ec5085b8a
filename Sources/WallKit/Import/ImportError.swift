/// Why an export, or a file inside it, could not be read.
public enum ImportError: Error, Equatable, CustomStringConvertible {
  /// The export path does not exist or is neither a folder nor a zip file.
  case notAnExport(path: String, reason: String)
  /// A file the import needs is absent.
  case notFound(path: String)
  /// A name that would leave the export (absolute, `..`, a symlink pointing out).
  case outsideExport(path: String)
  /// A file larger than the import accepts.
  case tooLarge(path: String, bytes: Int, limit: Int)
  /// The operating system or the zip reader failed to read a file.
  case unreadable(path: String, reason: String)

  public var description: String {
    switch self {
    case .notAnExport(let path, let reason): "\(path): not an export: \(reason)"
    case .notFound(let path): "\(path): file not found"
    case .outsideExport(let path): "\(path): refers outside the export; refused"
    case .tooLarge(let path, let bytes, let limit):
      "\(path): file of \(bytes) bytes exceeds the limit of \(limit) bytes"
    case .unreadable(let path, let reason): "\(path): cannot be read: \(reason)"
    }
  }

  /// A sentence without the path, for reports that name the file separately.
  public var reason: String {
    switch self {
    case .notAnExport(_, let reason): "not an export: \(reason)"
    case .notFound: "file not found"
    case .outsideExport: "refers outside the export; refused"
    case .tooLarge(_, let bytes, let limit):
      "file of \(bytes) bytes exceeds the limit of \(limit) bytes"
    case .unreadable(_, let reason): "cannot be read: \(reason)"
    }
  }
}

extension ImportError {
  /// The import's error for a file of the export that `FileSystem` could not read.
  /// - Parameters:
  ///   - error: What `FileSystem` reported.
  ///   - path: The file's path inside the export, named in the message instead of the real one.
  init(_ error: FileSystemError, path: String) {
    switch error {
    case .notFound: self = .notFound(path: path)
    case .tooLarge(_, let bytes, let limit):
      self = .tooLarge(path: path, bytes: bytes, limit: limit)
    case .unreadable(_, let reason): self = .unreadable(path: path, reason: reason)
    }
  }
}

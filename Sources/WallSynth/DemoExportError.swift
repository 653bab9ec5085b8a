import WallKit

/// Why the demo export could not be written.
public enum DemoExportError: Error, Equatable, CustomStringConvertible {
  /// A file or folder could not be written.
  case write(WriteError)
  /// A generated picture could not be encoded; `path` is where it was going.
  case encode(path: String, ImagingError)

  public var description: String {
    switch self {
    case .write(let error): return error.description
    case .encode(let path, let error): return "\(path): cannot encode the demo picture: \(error)"
    }
  }
}

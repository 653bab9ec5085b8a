import WallSupport

/// Why a fetch could not run at all (a single file's failure is a `FetchRecord` instead).
public enum FetchError: Error, Equatable, CustomStringConvertible {
  /// The export is not a folder (a zip is read by `build`, but files cannot be added to it).
  case notAFolder(path: String)
  /// `files/` could not be made or opened, or is a symbolic link.
  case filesFolder(path: String, reason: String)
  /// libcurl could not be set up.
  case curl(reason: String)

  public var description: String {
    switch self {
    case .notAFolder(let path):
      "\(path): not an export folder; fetch writes into its files/ (unzip a zip export first)"
    case .filesFolder(let path, let reason): "\(path): \(reason)"
    case .curl(let reason): "libcurl: \(reason)"
    }
  }
}

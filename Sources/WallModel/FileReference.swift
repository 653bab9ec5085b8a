/// Where the bytes of an image live inside an export, as a path relative to its root
/// (`files/<name>` or `graph/<fbId>.jpg`).
///
/// Paths are checked safe before one is made.
public struct FileReference: Sendable, Hashable {
  /// Path relative to the export root, `/`-separated, with no `..` or empty component.
  public var path: String
  /// The original file name the app stored (the Parse File `name`), for archives.
  public var originalName: String

  /// Creates a reference to a file inside the export.
  public init(path: String, originalName: String) {
    self.path = path
    self.originalName = originalName
  }
}

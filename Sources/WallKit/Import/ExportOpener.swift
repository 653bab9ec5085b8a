/// Opens an export at a path: a folder, or a `.zip` of one.
public enum ExportOpener {
  /// Opens the folder or zip at `path`.
  /// - Parameter path: The export folder or zip.
  /// - Parameter zipLimits: How many uncompressed bytes a zip export may hold.
  /// - Throws: `ImportError.notAnExport` when it is neither, or cannot be opened.
  public static func open(_ path: String, zipLimits: ZipLimits = .standard) throws(ImportError)
    -> any ExportSource
  {
    switch FileSystem.kind(of: path) {
    case .directory: return try FolderSource(root: path)
    case .regular: return try ZipSource(path: path, limits: zipLimits)
    case .missing: throw .notAnExport(path: path, reason: "no such file or folder")
    case .other: throw .notAnExport(path: path, reason: "neither a folder nor a zip file")
    }
  }
}

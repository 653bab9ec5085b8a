import WallSupport
import WallZip

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

extension ExportOpener {
  /// The exports directly inside `folder`, sorted by path, for "did you mean" hints.
  ///
  /// Each subfolder holding `_User.json` and each `.zip` file that opens with `_User.json` at
  /// its root (or under its one top-level folder). Empty when `folder` is not a folder.
  /// - Parameter folder: The folder to look into (one level deep only).
  /// - Parameter zipLimits: How many uncompressed bytes a zip export may hold.
  public static func exports(inside folder: String, zipLimits: ZipLimits = .standard) -> [String] {
    guard FileSystem.kind(of: folder) == .directory else { return [] }
    let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
    return FileSystem.contents(of: folder).filter { !$0.hasPrefix(".") }.map {
      "\(base)/\($0)"
    }.filter { path in
      switch FileSystem.kind(of: path) {
      case .directory: return FileSystem.kind(of: "\(path)/_User.json") == .regular
      case .regular:
        // A zip that does not open is no candidate; why does not matter here.
        guard path.lowercased().hasSuffix(".zip"),
          let source = try? ZipSource(path: path, limits: zipLimits)
        else { return false }
        return source.fileExists("_User.json")
      case .missing, .other: return false
      }
    }
  }
}

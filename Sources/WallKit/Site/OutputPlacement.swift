/// Where a build may write, relative to the export it reads.
///
/// An output folder inside the export would be read back as part of it on the next build
/// (and watched by `serve`, which would rebuild forever); an export inside the output folder
/// would be pruned or overwritten by the build. Both are refused before anything is written.
public enum OutputPlacement {
  /// Checks that neither of `export` and `output` lies inside the other (or is the other),
  /// comparing canonical paths, so `./site`, symlinks and `..` cannot hide it.
  /// - Parameter export: The export folder or zip.
  /// - Parameter output: The output folder (it need not exist yet).
  /// - Throws: `OutputPlacementError` naming both paths.
  public static func check(export: String, output: String) throws(OutputPlacementError) {
    guard let exportPath = FileSystem.realPath(export) else { return }
    let outputPath = canonical(output)
    if outputPath == exportPath || outputPath.hasPrefix(exportPath + "/") {
      throw .outputInsideExport(output: output, export: export)
    }
    if exportPath.hasPrefix(outputPath + "/") {
      throw .exportInsideOutput(export: export, output: output)
    }
  }

  /// The canonical path of `path`, resolving its longest existing prefix (the output folder
  /// may not exist yet).
  static func canonical(_ path: String) -> String {
    if let resolved = FileSystem.realPath(path) { return resolved }
    let absolute = path.hasPrefix("/") ? path : (FileSystem.currentDirectory ?? ".") + "/" + path
    var head = absolute
    var tail: [Substring] = []
    while let slash = head.utf8.lastIndex(of: UInt8(ascii: "/")), slash != head.startIndex {
      tail.insert(head[head.index(after: slash)...], at: 0)
      head = String(head[..<slash])
      if let resolved = FileSystem.realPath(head) {
        return ([resolved] + tail.map(String.init)).joined(separator: "/")
      }
    }
    return absolute
  }
}

/// Why the output folder cannot be used with this export.
public enum OutputPlacementError: Error, Equatable, CustomStringConvertible {
  /// The output folder is the export or lies inside it.
  case outputInsideExport(output: String, export: String)
  /// The export lies inside the output folder.
  case exportInsideOutput(export: String, output: String)

  public var description: String {
    switch self {
    case .outputInsideExport(let output, let export):
      "the output folder \(output) is inside the export \(export); the next build would read "
        + "the site as part of the export: choose an output folder outside it (-o DIR)"
    case .exportInsideOutput(let export, let output):
      "the export \(export) is inside the output folder \(output), which the build prunes: "
        + "choose an output folder that does not contain the export (-o DIR)"
    }
  }
}

import WallSupport

/// A manifest's entries as a sorted stream of lines (`BuildManifest`'s format): held in memory,
/// in a manifest file, or the one the last build left in a state folder.
public enum ManifestLines: Sendable {
  /// Sorted lines held in memory.
  case memory([String])
  /// A file in the manifest's format (its header, then the sorted lines).
  case file(String)
  /// The manifest of the last complete build in a state folder: `manifest.txt`, else an older
  /// wallgen's `manifest.json` (read whole), else none. A file that is not a manifest (its
  /// first line is not the header) lists nothing, as an unreadable manifest always did.
  case previous(stateRoot: String)

  /// A new stream of the lines, from the first.
  /// - Throws: `WriteError` naming the file when it is there but cannot be read or does not
  ///   start with the manifest's header.
  public func source() throws(WriteError) -> any LineSource {
    switch self {
    case .memory(let lines):
      return ArrayLineSource(lines)
    case .file(let path):
      return try Self.reader(path)
    case .previous(let stateRoot):
      let path = "\(stateRoot)/\(BuildManifest.fileName)"
      if FileSystem.linkKind(of: path) == .regular {
        let reader = try LineFileReader(path: path)
        guard try reader.next() == BuildManifest.header else { return ArrayLineSource([]) }
        return FilteredLineSource(reader, keep: BuildManifest.isEntry)
      }
      return ArrayLineSource(BuildManifest.legacyLines(stateRoot: stateRoot))
    }
  }

  /// The entries of the manifest file at `path`; lines that are no entry (or name a path
  /// that could leave the root) are skipped.
  private static func reader(_ path: String) throws(WriteError) -> any LineSource {
    let reader = try LineFileReader(path: path)
    guard try reader.next() == BuildManifest.header else {
      throw WriteError(
        path: path,
        reason:
          "is not a manifest of this wallgen (its first line is not '\(BuildManifest.header)')")
    }
    return FilteredLineSource(reader, keep: BuildManifest.isEntry)
  }
}

/// Manifest lines passed through as they are read, the site files among them counted: all, and
/// those that are not media (pages, viewer data, assets: what a build counts as files, its
/// media being counted as images).
package final class ManifestFileCounter: LineSource {
  private let source: any LineSource
  /// The site files read so far, and how many of them are not media.
  package private(set) var files = 0, siteFiles = 0

  /// Counts the lines of `source` as they are read.
  package init(_ source: any LineSource) {
    self.source = source
  }

  /// The next line of the source, counted.
  package func next() throws(WriteError) -> String? {
    guard let line = try source.next() else { return nil }
    if line.hasPrefix(BuildManifest.filePrefix) {
      files += 1
      if !SiteLayout.isMedia(BuildManifest.path(of: line)) { siteFiles += 1 }
    }
    return line
  }
}

import WallJSON
import WallSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a build produced, kept in its state folder (`manifest.txt`), so the next build can remove
/// what it no longer produces — and only that: nothing wallgen did not write is ever deleted.
///
/// The file is a sorted list, one entry a line, after a header line (`wallgen manifest 2`):
/// `f <path>` for each site file, `r <path>` for each media record of the state folder, in the
/// byte order of their UTF-8 (`SortedLines`). So it can be written, read and compared with
/// another as a stream, in memory that does not grow with the site (a sharded build's finalize
/// step does; `ManifestLines`). The `manifest.json` of an older wallgen is still read (whole,
/// once), and removed when the next manifest is saved.
///
/// The state folder sits beside the site (see `SiteBuilder.stateFolder(for:)`), so publishing the
/// site never publishes it (for a private build it would list every wall).
public struct BuildManifest: Sendable, Equatable {
  /// Site-relative paths of pages, assets and media, sorted.
  public var files: [String]
  /// State-relative paths of media records, sorted.
  public var records: [String]

  /// The manifest's file name inside the state folder.
  public static let fileName = "manifest.txt"
  /// The file name of an older wallgen's manifest (a JSON object of `files` and `records`).
  public static let legacyFileName = "manifest.json"
  /// The first line of the manifest's file, which names its format.
  public static let header = "wallgen manifest 2"
  /// The start of a site file's line.
  public static let filePrefix = "f "
  /// The start of a media record's line.
  public static let recordPrefix = "r "

  /// Creates a manifest.
  public init(files: some Sequence<String>, records: some Sequence<String> = [String]()) {
    self.files = SortedLines.sorted(files)
    self.records = SortedLines.sorted(records)
  }

  /// Whether a listed path is one wallgen could have written: relative, no `..` anywhere.
  package static func isOwnPath(_ path: String) -> Bool {
    var previousWasDot = false
    for byte in path.utf8 {
      if byte == UInt8(ascii: "."), previousWasDot { return false }
      previousWasDot = byte == UInt8(ascii: ".")
    }
    return !path.isEmpty && path.utf8.first != UInt8(ascii: "/")
  }

  /// The line of a site file.
  public static func line(file path: String) -> String { filePrefix + path }

  /// The line of a media record.
  public static func line(record path: String) -> String { recordPrefix + path }

  /// Whether `line` is a manifest's line of a site file or media record whose path is one
  /// wallgen could have written.
  public static func isEntry(_ line: String) -> Bool {
    (line.hasPrefix(filePrefix) || line.hasPrefix(recordPrefix))
      && isOwnPath(path(of: line))
  }

  /// The path of an entry's line (what follows its prefix).
  public static func path(of line: some StringProtocol) -> String {
    String(decoding: line.utf8.dropFirst(2), as: UTF8.self)
  }

  /// Every entry as a line, sorted: the site files' lines, then the records'.
  public var lines: [String] {
    files.map(Self.line(file:)) + records.map(Self.line(record:))
  }

  /// The site files of the build that last completed with this state folder, as a sorted
  /// stream of their paths (read from its manifest, never held whole).
  /// - Throws: `WriteError` naming the manifest when it is there but cannot be read.
  public static func files(stateRoot: String) throws(WriteError) -> any LineSource {
    FilteredLineSource(try ManifestLines.previous(stateRoot: stateRoot).source()) { line in
      line.hasPrefix(filePrefix) ? path(of: line) : nil
    }
  }

  /// The manifest of the build that last completed with this state folder, or an empty one.
  public static func load(stateRoot: String) -> BuildManifest {
    var manifest = BuildManifest(files: [])
    guard let source = try? ManifestLines.previous(stateRoot: stateRoot).source() else {
      return manifest
    }
    while let line = try? source.next() {
      let path = Self.path(of: line)
      if line.hasPrefix(filePrefix) {
        manifest.files.append(path)
      } else {
        manifest.records.append(path)
      }
    }
    return manifest
  }

  /// The entries of an older wallgen's `manifest.json` as sorted lines; none when there is no
  /// such file or it cannot be read.
  static func legacyLines(stateRoot: String) -> [String] {
    let path = "\(stateRoot)/\(legacyFileName)"
    guard FileSystem.kind(of: path) == .regular,
      let bytes = try? FileSystem.readFile(path, limit: 1 << 31),
      let document = try? JSONReader.parse(bytes)
    else { return [] }
    // Entries are wallgen's own relative paths; refuse anything that could leave the root.
    func list(_ key: String) -> [String] {
      (document[key]?.arrayValue ?? []).compactMap(\.stringValue).filter(Self.isOwnPath)
    }
    return SortedLines.sorted(
      list("files").map(Self.line(file:)) + list("records").map(Self.line(record:)))
  }

  /// Writes the manifest (only when it changed, so a no-op build touches nothing), and removes
  /// an older wallgen's manifest.
  public func save(stateRoot: String) throws(WriteError) {
    _ = try SiteWriter.write(serialized, to: "\(stateRoot)/\(Self.fileName)")
    try FileSystem.removeFile("\(stateRoot)/\(Self.legacyFileName)")
  }

  /// The manifest's file.
  public var serialized: [UInt8] {
    var bytes = Array(Self.header.utf8)
    bytes.append(0x0A)
    for line in lines {
      bytes += line.utf8
      bytes.append(0x0A)
    }
    return bytes
  }

  /// Deletes what `previous` lists and this manifest does not; returns how many site files.
  ///
  /// Never through a symlink: a folder of a listed path below `siteRoot` or `stateRoot` that
  /// is one (say `walls/<id>` made a link to elsewhere) fails the prune with a `WriteError`
  /// naming it, and nothing it leads to is deleted.
  public func prune(previous: BuildManifest, siteRoot: String, stateRoot: String) throws(WriteError)
    -> Int
  {
    try Self.prune(
      ArrayLineSource(previous.lines), keeping: ArrayLineSource(lines), siteRoot: siteRoot,
      stateRoot: stateRoot)
  }

  /// Whether every file of the manifest is a regular file under `siteRoot`.
  ///
  /// Reads each folder once rather than looking up each file: a large site has hundreds of
  /// thousands of files in tens of thousands of folders, and this check is most of what a
  /// rebuild with nothing changed does.
  public func allFilesExist(siteRoot: String, jobs: Int) -> Bool {
    var namesByFolder: [Substring: [Substring]] = [:]
    for path in files {
      let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))
      let folder = slash.map { path[..<$0] } ?? ""
      let name = slash.map { path[path.index(after: $0)...] } ?? path[...]
      namesByFolder[folder, default: []].append(name)
    }
    let folders = Array(namesByFolder)
    let complete = ParallelWork.map(count: folders.count, jobs: jobs) { position in
      let (folder, names) = folders[position]
      let present = FileSystem.regularFileNames(
        in: folder.isEmpty ? siteRoot : "\(siteRoot)/\(folder)")
      return names.allSatisfy { present.contains(String($0)) }
    }
    return complete.allSatisfy { $0 }
  }

  /// Removes the temporary files of atomic writes that a killed build left under `siteRoot`.
  ///
  /// Each folder is read once, with the kind of each entry from the directory itself: no
  /// `lstat` per file (a site has hundreds of thousands), only where the file system does not
  /// say. Symlinks are never followed.
  public static func removeStaleTemporaries(siteRoot: String) {
    // Depth first, each folder walked while its parent's listing is open: the memory is a path
    // and a directory handle a level, never the list of a folder's subfolders (`walls/` holds
    // one a user: a million at a million users).
    func walk(_ folder: String) {
      FileSystem.forEachEntry(in: folder) { name, type in
        let path = "\(folder)/\(name)"
        var kind: FileSystem.Kind?
        switch Int32(type) {
        case Int32(DT_DIR): kind = .directory
        case Int32(DT_REG): kind = .regular
        case Int32(DT_UNKNOWN): kind = FileSystem.linkKind(of: path)
        default: kind = nil
        }
        if kind == .directory {
          walk(path)
        } else if kind == .regular, FileSystem.holdsTemporaryMarker(name) {
          try? FileSystem.removeFile(path)
        }
      }
    }
    walk(siteRoot)
  }
}

import WallJSON
import WallSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a build produced, kept in its state folder (`manifest.json`), so the next build can remove
/// what it no longer produces — and only that: nothing wallgen did not write is ever deleted.
///
/// The state folder sits beside the site (see `SiteBuilder.stateFolder(for:)`), so publishing the
/// site never publishes it (for a private build it would list every wall).
public struct BuildManifest: Sendable, Equatable {
  /// Site-relative paths of pages, assets and media, sorted.
  public var files: [String]
  /// State-relative paths of media records, sorted.
  public var records: [String]

  /// The manifest's file name inside the state folder.
  public static let fileName = "manifest.json"

  /// Creates a manifest.
  public init(files: some Sequence<String>, records: some Sequence<String> = [String]()) {
    self.files = Array(Set(files)).sorted()
    self.records = Array(Set(records)).sorted()
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

  /// The manifest of the build that last completed with this state folder, or an empty one.
  public static func load(stateRoot: String) -> BuildManifest {
    let path = "\(stateRoot)/\(fileName)"
    guard FileSystem.kind(of: path) == .regular,
      let bytes = try? FileSystem.readFile(path, limit: 1 << 30),
      let document = try? JSONReader.parse(bytes)
    else { return BuildManifest(files: []) }
    // Entries are wallgen's own relative paths; refuse anything that could leave the root.
    func list(_ key: String) -> [String] {
      (document[key]?.arrayValue ?? []).compactMap(\.stringValue).filter(Self.isOwnPath)
    }
    var manifest = BuildManifest(files: [])
    manifest.files = list("files")
    manifest.records = list("records")
    return manifest
  }

  /// Writes the manifest (only when it changed, so a no-op build touches nothing).
  public func save(stateRoot: String) throws(WriteError) {
    _ = try SiteWriter.write(serialized, to: "\(stateRoot)/\(Self.fileName)")
  }

  /// The manifest's file.
  public var serialized: [UInt8] {
    let document: JSONValue = [
      "files": .array(files.map { .string($0) }), "records": .array(records.map { .string($0) }),
    ]
    return Array(document.serialized.utf8)
  }

  /// Deletes what `previous` lists and this manifest does not; returns how many site files.
  ///
  /// Never through a symlink: a folder of a listed path below `siteRoot` or `stateRoot` that
  /// is one (say `walls/<id>` made a link to elsewhere) fails the prune with a `WriteError`
  /// naming it, and nothing it leads to is deleted.
  public func prune(previous: BuildManifest, siteRoot: String, stateRoot: String) throws(WriteError)
    -> Int
  {
    let removed = try Self.remove(previous.files, keeping: files, under: siteRoot)
    _ = try Self.remove(previous.records, keeping: records, under: stateRoot)
    return removed
  }

  private static func remove(_ old: [String], keeping current: [String], under root: String)
    throws(WriteError) -> Int
  {
    let keep = Set(current)
    var removed = 0
    var emptied: Set<String> = []
    for file in old where !keep.contains(file) {
      let path = "\(root)/\(file)"
      let folders = file.split(separator: "/").dropLast()
      guard try ConfinedFolders.checkFolders(folders, under: root, creating: false) else {
        continue
      }
      if FileSystem.linkKind(of: path) == .regular {
        try FileSystem.removeFile(path)
        removed += 1
        if let slash = file.utf8.lastIndex(of: UInt8(ascii: "/")) {
          emptied.insert(String(file[..<slash]))
        }
      }
    }
    // Folders that held only removed files go too: a private build into a folder that held a
    // public one must not leave walls/<objectId>/ behind, naming every user.
    for folder in emptied.sorted(by: >) {
      FileSystem.removeEmptyFolders(from: "\(root)/\(folder)", upTo: root)
    }
    return removed
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
    func walk(_ folder: String) {
      var folders: [String] = []
      var temporaries: [String] = []
      FileSystem.forEachEntry(in: folder) { name, type in
        let path = "\(folder)/\(name)"
        switch Int32(type) {
        case Int32(DT_DIR): folders.append(path)
        case Int32(DT_REG):
          if name.contains(FileSystem.temporarySuffix) { temporaries.append(path) }
        case Int32(DT_UNKNOWN):
          switch FileSystem.linkKind(of: path) {
          case .directory: folders.append(path)
          case .regular where name.contains(FileSystem.temporarySuffix): temporaries.append(path)
          default: break
          }
        default: break
        }
      }
      for path in temporaries { try? FileSystem.removeFile(path) }
      for path in folders.sorted() { walk(path) }
    }
    walk(siteRoot)
  }
}

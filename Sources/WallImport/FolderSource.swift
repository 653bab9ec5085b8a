import WallReport
import WallSupport

/// An export laid out as a folder.
///
/// Symlinks are followed only while they stay inside the part of the export they are in (`files/`,
/// `graph/` or the root).
public struct FolderSource: ExportSource {
  public let location: String
  private let canonicalRoot: String

  /// Opens the folder at `root`.
  /// - Throws: `ImportError.notAnExport` when it cannot be resolved.
  public init(root: String) throws(ImportError) {
    guard let canonical = FileSystem.realPath(root) else {
      throw .notAnExport(path: root, reason: FileSystem.lastErrorReason)
    }
    self.location = root
    self.canonicalRoot = canonical
  }

  public func contentIdentity(of path: String) -> String? {
    guard let resolved = try? resolve(path) else { return nil }
    return FileSystem.identity(of: resolved)
  }

  /// Walks the whole folder (`FileSystem.forEachTreeIdentity`), without per-file path
  /// resolution: an identity only decides whether to rebuild; reading still goes through
  /// `resolve`.
  public func forEachContentIdentity(_ body: (_ path: String, _ identity: String) -> Void) {
    FileSystem.forEachTreeIdentity(root: canonicalRoot, body)
  }

  public func byteCount(of path: String) -> Int? {
    guard let resolved = try? resolve(path) else { return nil }
    return FileSystem.size(of: resolved)
  }

  public func fileExists(_ path: String) -> Bool {
    guard let resolved = try? resolveWithKind(path) else { return false }
    return resolved.kind == .regular
  }

  public func fileNames(in directory: String) -> [String] {
    let folder = directory.isEmpty ? canonicalRoot : canonicalRoot + "/" + directory
    guard directory.isEmpty || ExportPath.isSafeRelative(directory) else { return [] }
    let prefix = directory.isEmpty ? "" : directory + "/"
    return FileSystem.contents(of: folder).filter { fileExists(prefix + $0) }
  }

  /// Reads the folder once: a regular file directly in the root or in a real folder of it
  /// (`graph`, not a link elsewhere) is taken as its entry's type says, with no call per
  /// name; any other entry is checked as `fileExists` checks it.
  public func forEachFileName(in directory: String, _ body: (String) -> Void) {
    guard directory.isEmpty || ExportPath.isSafeRelative(directory) else { return }
    let folder = directory.isEmpty ? canonicalRoot : canonicalRoot + "/" + directory
    let isRealFolder =
      directory.isEmpty || (!directory.contains("/") && FileSystem.realPath(folder) == folder)
    let prefix = directory.isEmpty ? "" : directory + "/"
    FileSystem.forEachEntry(in: folder) { name, type in
      if isRealFolder && type == FileSystem.regularEntryType || fileExists(prefix + name) {
        body(name)
      }
    }
  }

  public func folderState(_ directory: String) -> FolderState {
    let top = canonicalRoot + "/" + directory
    // Like `resolve`, only a real folder of the export counts, not a link elsewhere.
    guard ExportPath.isSafeRelative(directory), FileSystem.realPath(top) == top,
      FileSystem.kind(of: top) == .directory
    else { return .missing }
    // Depth first, stopping at the first file: one directory read for a filled folder.
    var pending = [directory]
    while let folder = pending.popLast() {
      var found = false
      FileSystem.forEachEntry(in: canonicalRoot + "/" + folder) { name, _ in
        guard !found else { return }
        let relative = folder + "/" + name
        switch FileSystem.linkKind(of: canonicalRoot + "/" + relative) {
        case .directory: pending.append(relative)
        case .regular: found = true
        default: found = fileExists(relative)
        }
      }
      if found { return .holdsFiles }
    }
    return .empty
  }

  public func read(_ path: String, limit: Int) throws(ImportError) -> [UInt8] {
    let (resolved, kind) = try resolveWithKind(path)
    switch kind {
    case .regular: break
    case .missing: throw .notFound(path: path)
    default: throw .unreadable(path: path, reason: "not a regular file")
    }
    do {
      return try FileSystem.readFile(resolved, limit: limit)
    } catch {
      throw ImportError(error, path: path)
    }
  }

  /// Opens `path` for reading through its file descriptor: no limit, memory is the caller's
  /// buffer.
  public func stream(_ path: String, wholeLimit: Int) throws(ImportError) -> any ExportFileStream {
    let (resolved, kind) = try resolveWithKind(path)
    switch kind {
    case .regular: return try FolderFileStream(resolved: resolved, path: path)
    case .missing: throw .notFound(path: path)
    default: throw .unreadable(path: path, reason: "not a regular file")
    }
  }

  /// Symbolic links the import does not follow, as import problems (each an error naming the
  /// link): one leading out of its folder of the export (or out of the export), or to nothing.
  ///
  /// Without them such a file would only be missing, and a graph file or a class file would be
  /// skipped silently. Looked at: the JSON files and folders at the top of the export, and the
  /// entries of `graph/` and `files/` (one `readdir` each; only links are examined).
  public var openingProblems: [Problem] {
    var problems: [Problem] = []
    for area in ["", "graph", "files"] {
      let folder = area.isEmpty ? canonicalRoot : canonicalRoot + "/" + area
      guard area.isEmpty || FileSystem.linkKind(of: folder) == .directory else { continue }
      var links: [String] = []
      FileSystem.forEachEntry(in: folder) { name, type in
        if type == FileSystem.linkEntryType || type == FileSystem.unknownEntryType {
          links.append(name)
        }
      }
      for name in links.sorted() {
        let path = area.isEmpty ? name : area + "/" + name
        guard area != "" || name.hasSuffix(".json") || ["graph", "files"].contains(name),
          let reason = unfollowedLinkReason(path, area: area)
        else { continue }
        problems.append(Problem(.error, file: path, reason: reason))
      }
    }
    return problems
  }

  /// Why the symbolic link at `path` (in `area`, "" for the top) is not followed, or nil when
  /// it is not a link or is followed (it stays inside its folder of the export).
  private func unfollowedLinkReason(_ path: String, area: String) -> String? {
    guard FileSystem.isSymbolicLink(canonicalRoot + "/" + path) else { return nil }
    let folder = area.isEmpty ? "the export" : area + "/"
    guard FileSystem.realPath(canonicalRoot + "/" + path) != nil else {
      return "is a symbolic link to nothing (a missing file); it is not read"
    }
    if area.isEmpty && !path.hasSuffix(".json") {
      return "is a symbolic link; wallgen reads \(path)/ only as a real folder of the export, "
        + "so nothing in it is read"
    }
    guard (try? resolve(path)) == nil else { return nil }
    return "is a symbolic link leading out of \(folder); wallgen follows a link inside an export "
      + "only within its own folder, so this file is not read"
  }

  /// Whether `path` (safe, relative) is a regular file, not a link, directly in the root or in
  /// a real folder of it (not a link): then `joined` is its canonical path already.
  ///
  /// Two `lstat` calls where `realpath` of the file and of its area would read every component
  /// of both paths: about a dozen `readlink` calls for each photo, at each of the three times
  /// a build opens it.
  private func isPlainFile(_ path: String, joined: String) -> Bool {
    guard FileSystem.linkKind(of: joined) == .regular else { return false }
    guard let slash = path.utf8.firstIndex(of: UInt8(ascii: "/")) else { return true }
    let area = path[..<slash]
    return !path[path.index(after: slash)...].contains("/")
      && FileSystem.linkKind(of: canonicalRoot + "/" + area) == .directory
  }

  /// The canonical path of `path`, checked to lie inside its area of the export.
  private func resolve(_ path: String) throws(ImportError) -> String {
    try resolveWithKind(path).path
  }

  /// `resolve`, with the kind of file the canonical path is.
  ///
  /// A plain file's kind is known from `isPlainFile` without another call; any other path costs
  /// one `stat`. Most photos are plain files, so a build's check and each read of one cost two
  /// `lstat` calls, not three.
  private func resolveWithKind(_ path: String) throws(ImportError)
    -> (path: String, kind: FileSystem.Kind)
  {
    guard ExportPath.isSafeRelative(path) else { throw .outsideExport(path: path) }
    let joined = canonicalRoot + "/" + path
    if isPlainFile(path, joined: joined) { return (joined, .regular) }
    guard let canonical = FileSystem.realPath(joined) else {
      throw .notFound(path: path)
    }
    let components = path.split(separator: "/")
    let area = components.count > 1 ? canonicalRoot + "/" + components[0] : canonicalRoot
    guard let canonicalArea = FileSystem.realPath(area), canonical.hasPrefix(canonicalArea + "/")
    else { throw .outsideExport(path: path) }
    // The area itself must be a real folder of the export, not a link elsewhere.
    guard canonicalArea == area else { throw .outsideExport(path: path) }
    return (canonical, FileSystem.kind(of: canonical))
  }
}

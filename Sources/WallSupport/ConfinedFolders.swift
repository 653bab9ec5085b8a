import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Folders whose insides wallgen owns whole (a site, its state folder, an archive's folder):
/// below one, `FileSystem` never writes or removes through a symbolic link.
///
/// Files are written by path (`<output>/walls/<id>/index.html`). A folder of such a path may have
/// been replaced by a symlink to anywhere, and writing or pruning through it would change files
/// outside the output. Once a folder is confined (`OutputPlacement.claim` confines the output
/// and the state folder of every build, shard, finalize and archive), the writes and removals of
/// `FileSystem` below it look at each folder of the path with `lstat`, make missing ones with
/// `mkdir`, and refuse a symlink with a `WriteError` naming it. The confined folder itself may
/// be a symlink: it is what the user named.
///
/// A folder found to be a real folder is remembered until its root is confined again (the next
/// build), so a build costs one `lstat` per folder, not one per file; at most
/// `rememberedLimit` folders a root, forgotten all at once past that (pages and media are
/// written a folder at a time, so little is checked twice). A symlink put in place of a
/// checked folder while a build runs is not seen: this guards against links left in an output,
/// not against a process racing the build.
public enum ConfinedFolders {
  /// Each confined root (normalized, see `normalized(_:)`) with its folders found real, as
  /// paths relative to it.
  private static let roots = Mutex<[String: Set<String>]>([:])

  /// The most folders remembered for one root (a few MiB of paths).
  static let rememberedLimit = 1 << 16

  /// Confines `root`, so that from now on no write or removal below it follows a symlink.
  ///
  /// What was checked below it before is forgotten.
  /// - Parameter root: A folder (it need not exist yet), spelled as the writers will spell it.
  public static func confine(_ root: String) {
    let key = normalized(root).joined
    roots.withLock { $0[key] = [] }
  }

  /// Whether `path` lies below a confined folder.
  public static func isConfined(_ path: String) -> Bool { locate(path) != nil }

  /// The shallowest confined folder that `path` lies strictly below, and the components of
  /// `path` below it; nil when it lies below none.
  static func locate(_ path: String) -> (root: String, below: ArraySlice<Substring>)? {
    let (absolute, parts, _) = normalized(path)
    guard !parts.isEmpty else { return nil }
    return roots.withLock { roots -> (String, ArraySlice<Substring>)? in
      guard !roots.isEmpty else { return nil }
      var prefix = absolute ? "/" : ""
      for count in 0..<parts.count {
        if count > 0 { prefix += (prefix == "/" || prefix.isEmpty ? "" : "/") + parts[count - 1] }
        if roots[prefix] != nil { return (prefix, parts[count...]) }
      }
      return nil
    }
  }

  /// Checks each folder of `folders` below `root` in turn, never following a symlink, and with
  /// `creating` makes those that are missing.
  /// - Parameters:
  ///   - folders: Path components below `root`, each a folder.
  ///   - root: A folder; when confined, its remembered folders are used and added to.
  ///   - creating: Make missing folders (otherwise stop at the first).
  /// - Returns: False when a folder is missing and `creating` is off (nothing below it exists).
  /// - Throws: `WriteError` naming the first folder that is a symlink or no folder, or that
  ///   cannot be made, and for a `..` component.
  package static func checkFolders(
    _ folders: some Sequence<Substring>, under root: String, creating: Bool
  ) throws(WriteError) -> Bool {
    let key = normalized(root).joined
    var relative = ""
    for folder in folders {
      relative += (relative.isEmpty ? "" : "/") + folder
      let path = key.isEmpty ? relative : (key == "/" ? "/" : key + "/") + relative
      guard folder != ".." else {
        throw WriteError(path: path, reason: "leaves the folder \(root), which wallgen owns")
      }
      if roots.withLock({ $0[key]?.contains(relative) == true }) { continue }
      var info = stat()
      if lstat(path, &info) != 0 {
        guard errno == ENOENT else {
          throw WriteError(path: path, reason: FileSystem.lastErrorReason)
        }
        guard creating else { return false }
        if mkdir(path, 0o755) == 0 {
          // Just made: a folder, with no need to look again (one syscall less per new wall).
          info.st_mode = S_IFDIR
        } else {
          guard errno == EEXIST, lstat(path, &info) == 0 else {
            throw WriteError(path: path, reason: FileSystem.lastErrorReason)
          }
        }
      }
      switch info.st_mode & S_IFMT {
      case S_IFDIR:
        roots.withLock { roots in
          if roots[key]?.count ?? 0 >= rememberedLimit { roots[key]?.removeAll() }
          _ = roots[key]?.insert(relative)
        }
      default:
        throw WriteError.notAFolder(path, inside: root)
      }
    }
    return true
  }

  /// Forgets that `folder` was found real (it was removed).
  static func forget(_ folder: String) {
    guard let (root, below) = locate(folder) else { return }
    let relative = below.joined(separator: "/")
    roots.withLock { _ = $0[root]?.remove(relative) }
  }

  /// `path` split into its components without empty and `.` ones (so `a//b/./c/` is `a/b/c`),
  /// whether it is absolute, and the components joined again.
  static func normalized(_ path: String) -> (absolute: Bool, parts: [Substring], joined: String) {
    let parts = path.split(separator: "/").filter { $0 != "." }
    let absolute = path.hasPrefix("/")
    return (absolute, parts, (absolute ? "/" : "") + parts.joined(separator: "/"))
  }
}

extension WriteError {
  /// Refuses `path`, found inside `root` where a folder goes: a symbolic link is named as one
  /// (wallgen never writes or deletes through one); anything else is not a folder.
  package static func notAFolder(_ path: String, inside root: String) -> WriteError {
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else {
      return WriteError(path: path, reason: "exists and is not a folder")
    }
    return WriteError(
      path: path,
      reason: "is a symbolic link inside \(root); wallgen never writes or deletes through one: "
        + "remove the link, or build into another folder")
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Thin, throwing wrappers over the POSIX calls wallgen needs, so errors keep their path
/// and the OS's reason.
public enum FileSystem {
  /// What a path names, without following a final symlink unless asked.
  public enum Kind: Sendable, Equatable {
    case directory, regular, missing, other
  }

  /// The kind of file at `path`, following symlinks.
  public static func kind(of path: String) -> Kind {
    var info = stat()
    guard stat(path, &info) == 0 else { return .missing }
    switch info.st_mode & S_IFMT {
    case S_IFDIR: return .directory
    case S_IFREG: return .regular
    default: return .other
    }
  }

  /// The kind of file at `path` itself: a symlink is `.other`, never followed.
  public static func linkKind(of path: String) -> Kind {
    var info = stat()
    guard lstat(path, &info) == 0 else { return .missing }
    switch info.st_mode & S_IFMT {
    case S_IFDIR: return .directory
    case S_IFREG: return .regular
    default: return .other
    }
  }

  /// "size:ctime:mtime:inode" of a regular file (following symlinks), nil when it is none:
  /// what changes when its content is rewritten, as git's index and rsync rely on.
  public static func identity(of path: String) -> String? {
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    return "\(info.st_size):\(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec):"
      + "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec):\(info.st_ino)"
  }

  /// The size in bytes of the file at `path`, or nil when it cannot be stat'ed.
  public static func size(of path: String) -> Int? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return Int(info.st_size)
  }

  /// The process's current directory, or nil when it cannot be read.
  public static var currentDirectory: String? {
    guard let path = getcwd(nil, 0) else { return nil }
    defer { free(path) }
    return String(cString: path)
  }

  /// The canonical absolute path (symlinks resolved), or nil when it does not exist.
  public static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The entries of a folder (without `.` and `..`), sorted; empty when unreadable.
  public static func contents(of directory: String) -> [String] {
    var names: [String] = []
    forEachEntry(in: directory) { name, _ in names.append(name) }
    return names.sorted()
  }

  /// Whether `path` is a folder (following a symlink) with nothing in it; false when it cannot
  /// be read.
  public static func isEmptyFolder(_ path: String) -> Bool {
    guard let handle = opendir(path) else { return false }
    defer { closedir(handle) }
    while let entry = readdir(handle) {
      let name = withUnsafePointer(to: entry.pointee.d_name) {
        $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
      }
      if name != "." && name != ".." { return false }
    }
    return true
  }

  /// The names of the regular files in a folder (following symlinks); empty when the folder is
  /// unreadable.
  ///
  /// One directory read instead of a `stat` per name: the file type comes with each entry on
  /// most file systems.
  public static func regularFileNames(in directory: String) -> Set<String> {
    var names: Set<String> = []
    forEachEntry(in: directory) { name, type in
      switch Int32(type) {
      case Int32(DT_REG): names.insert(name)
      case Int32(DT_DIR): break
      default:
        // A symlink, or a file system that does not say: ask about the file itself.
        if kind(of: directory + "/" + name) == .regular { names.insert(name) }
      }
    }
    return names
  }

  /// Calls `body` with the name and `d_type` of each entry of a folder but `.` and `..`, in the
  /// order the file system gives them; nothing when the folder is unreadable.
  package static func forEachEntry(
    in directory: String, _ body: (_ name: String, _ type: UInt8) -> Void
  ) {
    guard let handle = opendir(directory) else { return }
    defer { closedir(handle) }
    while let entry = readdir(handle) {
      let name = withUnsafePointer(to: entry.pointee.d_name) {
        $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
      }
      if name != "." && name != ".." { body(name, entry.pointee.d_type) }
    }
  }

  /// The OS's text for the current `errno`.
  public static var lastErrorReason: String { errorReason(errno) }

  /// The OS's text for the error number `code` (`strerror`).
  package static func errorReason(_ code: Int32) -> String { String(cString: strerror(code)) }

  /// Reads a whole file, refusing files over `limit` bytes.
  /// - Parameters:
  ///   - path: The file to read (symlinks are followed).
  ///   - limit: The largest size accepted, in bytes.
  /// - Returns: The file's bytes.
  /// - Throws: `FileSystemError` when the file is missing, too large, not a regular file, or
  ///   cannot be read.
  public static func readFile(_ path: String, limit: Int) throws(FileSystemError) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      if errno == ENOENT { throw .notFound(path: path) }
      throw .unreadable(path: path, reason: lastErrorReason)
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw .unreadable(path: path, reason: lastErrorReason) }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw .unreadable(path: path, reason: "not a regular file")
    }
    let size = Int(info.st_size)
    guard size <= limit else { throw .tooLarge(path: path, bytes: size, limit: limit) }
    var bytes = [UInt8](repeating: 0, count: size)
    var done = 0
    while done < size {
      let count = bytes.withUnsafeMutableBytes { buffer in
        pread(fd, buffer.baseAddress.map { $0 + done }, size - done, off_t(done))
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw .unreadable(path: path, reason: lastErrorReason)
      }
      if count == 0 { break }
      done += count
    }
    return done == size ? bytes : Array(bytes[0..<done])
  }
}

extension FileSystem {
  /// The `count` bytes of the open file `fd` at `offset`, or nil when they cannot all be read.
  public static func readBytes(of fd: Int32, count: Int, at offset: Int) -> [UInt8]? {
    var failed = false
    let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      var done = 0
      while done < count {
        let got = pread(
          fd, buffer.baseAddress.map { $0 + done }, count - done, off_t(offset + done))
        if got < 0, errno == EINTR { continue }
        guard got > 0 else {
          failed = true
          break
        }
        done += got
      }
      // The bytes are only used when all were read; the rest is zeroed to be initialized.
      if done < count {
        buffer.baseAddress.map { ($0 + done).initialize(repeating: 0, count: count - done) }
      }
      initialized = count
    }
    return failed ? nil : bytes
  }
}

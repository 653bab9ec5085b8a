#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FileSystem {
  /// The `d_type` of a directory entry that is a symbolic link (`forEachEntry`).
  package static let linkEntryType = UInt8(DT_LNK)
  /// The `d_type` of a directory entry that is a regular file.
  package static let regularEntryType = UInt8(DT_REG)
  /// The `d_type` of an entry whose file system does not say what it is: ask `lstat`.
  package static let unknownEntryType = UInt8(DT_UNKNOWN)

  /// The entries of a folder (without `.` and `..`), sorted by name, each with whether it is
  /// itself a folder (a link to one is not); empty when unreadable.
  ///
  /// The kind comes with each entry from one directory read on most file systems; only where
  /// it does not is the entry asked about (`lstat`).
  /// - Parameter directory: The folder to read.
  package static func entries(of directory: String) -> [(name: String, isFolder: Bool)] {
    var entries: [(name: String, isFolder: Bool)] = []
    forEachEntry(in: directory) { name, type in
      let isFolder =
        type == unknownEntryType
        ? linkKind(of: "\(directory)/\(name)") == .directory : type == UInt8(DT_DIR)
      entries.append((name, isFolder))
    }
    return entries.sorted { $0.name < $1.name }
  }

  /// Whether `path` itself is a symbolic link (`lstat`; the link is never followed).
  /// - Parameter path: Any path.
  public static func isSymbolicLink(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
  }

  /// What the symbolic link at `path` points to, as written in it; nil when `path` is no link.
  /// - Parameter path: Any path.
  public static func linkTarget(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

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

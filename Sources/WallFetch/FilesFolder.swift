import WallSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The export's `files/`, held open: every file is made, measured, renamed and removed
/// relative to it (`openat`, `renameat`), never through a path that could lead elsewhere.
///
/// Downloads go to `.wallgen-fetch/<pid>-<n>.part`, a folder of their own that no fetched
/// name can reach (`temporaryFolder` is refused as a name), and are renamed over their name
/// only once complete, so a name never holds part of a file; what a killed run left in that
/// folder is removed when it is opened, and the folder itself at the end of a run.
final class FilesFolder {
  /// The folder of the temporary files, inside `files/`.
  static let temporaryFolder = ".wallgen-fetch"

  /// The folder's path, for messages.
  let path: String
  private let descriptor: Int32
  /// `temporaryFolder`, held open.
  private let temporaries: Int32
  private var made = 0

  /// Opens `export/files`, making it when missing.
  /// - Throws: `FetchError.filesFolder` when it cannot be made or opened, or is a link.
  init(export: String) throws(FetchError) {
    path = export.hasSuffix("/") ? "\(export)files" : "\(export)/files"
    if mkdir(path, 0o755) != 0 && errno != EEXIST {
      throw .filesFolder(path: path, reason: "cannot be made: \(FileSystem.lastErrorReason)")
    }
    let opened = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard opened >= 0 else {
      let reason =
        errno == ELOOP || errno == ENOTDIR
        ? "is not a folder (a symbolic link or a file); fetch writes only into a real files/ folder"
        : "cannot be opened: \(FileSystem.lastErrorReason)"
      throw .filesFolder(path: path, reason: reason)
    }
    if mkdirat(opened, Self.temporaryFolder, 0o700) != 0 && errno != EEXIST {
      let reason = "cannot be made: \(FileSystem.lastErrorReason)"
      close(opened)
      throw .filesFolder(path: "\(path)/\(Self.temporaryFolder)", reason: reason)
    }
    let held = openat(opened, Self.temporaryFolder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard held >= 0 else {
      let reason =
        errno == ELOOP || errno == ENOTDIR
        ? "is not a folder (a symbolic link or a file); fetch keeps its downloads under way there"
        : "cannot be opened: \(FileSystem.lastErrorReason)"
      close(opened)
      throw .filesFolder(path: "\(path)/\(Self.temporaryFolder)", reason: reason)
    }
    descriptor = opened
    temporaries = held
  }

  deinit {
    close(temporaries)
    close(descriptor)
  }

  /// Whether `name` is wallgen's own and may not be a fetched file's name (compared without
  /// case, for case-insensitive file systems).
  static func isReserved(_ name: String) -> Bool {
    name.lowercased() == temporaryFolder
  }

  /// The size of the regular file `name`, or nil when there is none (a link is no file).
  func size(of name: String) -> Int64? {
    var info = stat()
    guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0,
      info.st_mode & S_IFMT == S_IFREG
    else { return nil }
    return Int64(info.st_size)
  }

  /// Creates a new temporary file.
  /// - Returns: Its name and an open descriptor for writing, or the reason it failed.
  func makeTemporary() -> Result<(name: String, descriptor: Int32), FetchFailureReason> {
    while true {
      made += 1
      let name = "\(getpid())-\(made).part"
      let opened = openat(
        temporaries, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
      if opened >= 0 { return .success((name, opened)) }
      if errno != EEXIST {
        return .failure(
          .init(
            "cannot create a file in \(path)/\(Self.temporaryFolder): \(FileSystem.lastErrorReason)"
          ))
      }
    }
  }

  /// Renames the temporary file `temporary` over `name`.
  func publish(_ temporary: String, as name: String) -> FetchFailureReason? {
    guard renameat(temporaries, temporary, descriptor, name) == 0 else {
      let reason = FetchFailureReason(
        "cannot rename the download to \(path)/\(name): \(FileSystem.lastErrorReason)")
      remove(temporary)
      return reason
    }
    return nil
  }

  /// Removes the temporary file `name`, ignoring a missing one.
  func remove(_ name: String) {
    _ = unlinkat(temporaries, name, 0)
  }

  /// Removes the temporary folder when it is empty (no other run is using it).
  func removeTemporaryFolder() {
    _ = unlinkat(descriptor, Self.temporaryFolder, AT_REMOVEDIR)
  }

  /// Removes the temporary files an earlier run left.
  /// - Returns: How many were removed.
  @discardableResult
  func removeLeftovers() -> Int {
    let copy = dup(temporaries)
    guard copy >= 0 else { return 0 }
    guard let stream = fdopendir(copy) else {
      close(copy)
      return 0
    }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name.hasSuffix(".part") { names.append(name) }
    }
    for name in names { remove(name) }
    return names.count
  }
}

/// Why a file did not arrive, as one sentence.
struct FetchFailureReason: Error, Equatable {
  let text: String
  init(_ text: String) { self.text = text }
}

import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why writing to the output failed.
public struct WriteError: Error, Equatable, CustomStringConvertible {
  /// The file or folder concerned.
  public var path: String
  /// The operating system's reason.
  public var reason: String

  /// Creates an error.
  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  public var description: String { "\(path): cannot write: \(reason)" }
}

/// Numbers the temporary files of one process, so parallel writers never share one.
private let temporaryCounter = Atomic<Int>(0)

extension FileSystem {
  /// Marks temporary files of atomic writes (`<name>.wallgen-tmp-<pid>-<n>`), so a build can
  /// remove those a killed build left behind.
  public static let temporarySuffix = ".wallgen-tmp-"
  private static let temporaryMarker = Array(temporarySuffix.utf8)

  /// Whether `name` holds `temporarySuffix` anywhere, as `String.contains` finds it: a byte
  /// search, for the walk over every name of a site that looks for temporaries a killed build
  /// left (`String.contains` took 0.5 s of CPU over a 10k site's 74,000 names).
  public static func holdsTemporaryMarker(_ name: String) -> Bool {
    func search(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
      temporaryMarker.withUnsafeBufferPointer { marker in
        guard let base = bytes.baseAddress, let wanted = marker.baseAddress,
          bytes.count >= marker.count
        else { return false }
        for start in 0...(bytes.count - marker.count)
        where base[start] == wanted[0] && memcmp(base + start, wanted, marker.count) == 0 {
          return true
        }
        return false
      }
    }
    if let found = name.utf8.withContiguousStorageIfAvailable(search) { return found }
    return Array(name.utf8).withUnsafeBufferPointer(search)
  }

  /// Creates a folder and its parents; succeeds when it exists already.
  ///
  /// Below a confined folder (`ConfinedFolders`), no folder of `path` may be a symlink.
  public static func createDirectory(_ path: String) throws(WriteError) {
    if let (root, below) = ConfinedFolders.locate(path) {
      if !root.isEmpty { try createDirectory(root) }
      _ = try ConfinedFolders.checkFolders(below, under: root, creating: true)
      return
    }
    if kind(of: path) == .directory { return }
    var partial = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/") {
      partial += "/" + component
      if mkdir(partial, 0o755) != 0 && errno != EEXIST {
        throw WriteError(path: partial, reason: lastErrorReason)
      }
    }
    guard kind(of: path) == .directory else {
      throw WriteError(path: path, reason: "exists and is not a folder")
    }
  }

  /// Writes all of `text` to an open file descriptor (standard output or error), retrying short
  /// and interrupted writes; gives up silently when the descriptor fails.
  public static func writeAll(_ text: String, to descriptor: Int32) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let count = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { return }
      bytes = bytes.dropFirst(count)
    }
  }

  /// Writes `bytes` to `path` atomically: a temporary file in the same folder, then rename,
  /// so a reader (or a killed build) sees the old or the new content, never a mix.
  public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(WriteError) {
    try write(bytes, through: TemporaryFile(for: path))
  }

  /// Writes all of `bytes` to `file` and installs it; deletes it when a write fails.
  static func write(_ bytes: [UInt8], through file: TemporaryFile) throws(WriteError) {
    let failure = bytes.withUnsafeBytes { buffer -> WriteError? in
      do throws(WriteError) { try file.append(buffer) } catch { return error }
      return nil
    }
    if let failure {
      file.discard()
      throw failure
    }
    try file.install()
  }

  /// Copies `source` to `path` atomically in fixed-size chunks, so memory does not grow with
  /// the file, and shows each chunk to `observe` (to hash the file in the same pass).
  /// - Parameter source: The regular file to copy.
  /// - Parameter path: The copy; written as `writeAtomically` writes.
  /// - Parameter observe: Called with each chunk, in order.
  /// - Returns: The number of bytes copied.
  /// - Throws: `WriteError` naming `source` when it cannot be read, or `path` when the copy
  ///   cannot be written.
  @discardableResult
  public static func copyAtomically(
    _ source: String, to path: String, observe: (UnsafeRawBufferPointer) -> Void
  ) throws(WriteError) -> Int {
    let input = open(source, O_RDONLY | O_CLOEXEC)
    guard input >= 0 else {
      throw WriteError(path: source, reason: "cannot read it to copy: \(lastErrorReason)")
    }
    defer { close(input) }
    var info = stat()
    guard fstat(input, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      throw WriteError(path: source, reason: "cannot copy it: not a regular file")
    }
    let file = try TemporaryFile(for: path)
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: copyChunkSize, alignment: 16)
    defer { buffer.deallocate() }
    var total = 0
    do throws(WriteError) {
      while true {
        let count = read(input, buffer.baseAddress, buffer.count)
        if count < 0 {
          if errno == EINTR { continue }
          throw WriteError(path: source, reason: "cannot read it to copy: \(lastErrorReason)")
        }
        if count == 0 { break }
        let chunk = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
        observe(chunk)
        try file.append(chunk)
        total += count
      }
    } catch {
      file.discard()
      throw error
    }
    try file.install()
    return total
  }

  /// The size of the chunks `copyAtomically` reads and writes.
  static let copyChunkSize = 1 << 20

  /// Writes UTF-8 text atomically.
  public static func writeAtomically(_ text: String, to path: String) throws(WriteError) {
    try writeAtomically(Array(text.utf8), to: path)
  }

  /// Removes a file; succeeds when it is already gone.
  ///
  /// Below a confined folder (`ConfinedFolders`), a folder of `path` that is a symlink is
  /// refused, never followed.
  public static func removeFile(_ path: String) throws(WriteError) {
    if let (root, below) = ConfinedFolders.locate(path),
      try !ConfinedFolders.checkFolders(below.dropLast(), under: root, creating: false)
    {
      return
    }
    if unlink(path) != 0 && errno != ENOENT {
      throw WriteError(path: path, reason: lastErrorReason)
    }
  }

  /// Removes the folder at `path` if it is empty, then each parent that this leaves empty, up
  /// to but not including `root`; a folder that still holds anything is kept.
  ///
  /// Below a confined folder (`ConfinedFolders`), it stops at a folder whose path passes
  /// through a symlink.
  /// - Parameter path: A folder below `root`.
  /// - Parameter root: Where to stop.
  /// - Returns: How many folders were removed.
  @discardableResult
  public static func removeEmptyFolders(from path: String, upTo root: String) -> Int {
    var removed = 0
    var folder = path
    while folder.count > root.count, folder.hasPrefix(root + "/"), throughFolders(folder),
      rmdir(folder) == 0
    {
      ConfinedFolders.forget(folder)
      removed += 1
      guard let slash = folder.utf8.lastIndex(of: UInt8(ascii: "/")) else { break }
      folder = String(folder[..<slash])
    }
    return removed
  }
}

extension FileSystem {
  /// Whether the folders that lead to `path` are real folders, when it lies below a confined
  /// folder (always true otherwise).
  fileprivate static func throughFolders(_ path: String) -> Bool {
    guard let (root, below) = ConfinedFolders.locate(path) else { return true }
    do {
      return try ConfinedFolders.checkFolders(below.dropLast(), under: root, creating: false)
    } catch {
      return false
    }
  }
}

/// The temporary file of an atomic write (`<path>.wallgen-tmp-<pid>-<n>`), renamed over `path`
/// once complete; or a staged file, written in place (`init(staging:)`).
struct TemporaryFile {
  let path: String
  let temporary: String
  let fd: Int32

  /// Creates the folders of `path` and opens a new temporary file beside it.
  ///
  /// Below a confined folder no folder of `path` may be a symlink (`createDirectory`), and the
  /// rename that installs the file replaces a symlink at `path` rather than following it.
  init(for path: String) throws(WriteError) {
    let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
      .joined(separator: "/")
    if !folder.isEmpty { try FileSystem.createDirectory(folder) }
    self.path = path
    temporary =
      path + FileSystem.temporarySuffix
      + "\(getpid())-\(temporaryCounter.add(1, ordering: .relaxed).newValue)"
    // A new file, never one (or a symlink) already there: a killed process's leftover of the
    // same name is removed first.
    let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
    var opened = open(temporary, flags, 0o644)
    if opened < 0 && errno == EEXIST {
      unlink(temporary)
      opened = open(temporary, flags, 0o644)
    }
    fd = opened
    guard fd >= 0 else { throw WriteError(path: path, reason: FileSystem.lastErrorReason) }
  }

  /// Opens a file of a staging folder, to be written in place.
  ///
  /// Nothing reads the staging folder before the build is done, so it needs no temporary name
  /// and rename. Its folders are made on first need.
  init(staging path: String) throws(WriteError) {
    self.path = path
    temporary = path
    let flags = O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC
    var opened = open(path, flags, 0o644)
    if opened < 0 && errno == ENOENT, let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) {
      try FileSystem.createDirectory(String(path[..<slash]))
      opened = open(path, flags, 0o644)
    }
    fd = opened
    guard fd >= 0 else { throw WriteError(path: path, reason: FileSystem.lastErrorReason) }
  }

  /// Appends all of `bytes`.
  func append(_ bytes: UnsafeRawBufferPointer) throws(WriteError) {
    var written = 0
    while written < bytes.count {
      let count = write(fd, bytes.baseAddress.map { $0 + written }, bytes.count - written)
      if count < 0 {
        if errno == EINTR { continue }
        throw WriteError(path: path, reason: FileSystem.lastErrorReason)
      }
      written += count
    }
  }

  /// Closes the file and renames it over `path` (a staged file is in place already).
  func install() throws(WriteError) {
    guard close(fd) == 0, temporary == path || rename(temporary, path) == 0 else {
      let reason = FileSystem.lastErrorReason
      unlink(temporary)
      throw WriteError(path: path, reason: reason)
    }
  }

  /// Closes and deletes the file after a failed `append` (a failed `install` cleans up itself).
  func discard() {
    close(fd)
    unlink(temporary)
  }
}

/// `write(2)`, named apart from `FileSystem.write(_:through:)`.
private func systemWrite(_ descriptor: Int32, _ base: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, base, count)
}

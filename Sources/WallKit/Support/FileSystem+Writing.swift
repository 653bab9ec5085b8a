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

  /// Creates a folder and its parents; succeeds when it exists already.
  public static func createDirectory(_ path: String) throws(WriteError) {
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

  /// Writes `bytes` to `path` atomically: a temporary file in the same folder, then rename,
  /// so a reader (or a killed build) sees the old or the new content, never a mix.
  public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(WriteError) {
    let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
      .joined(separator: "/")
    if !folder.isEmpty { try createDirectory(folder) }
    let temporary =
      path + temporarySuffix + "\(getpid())-\(temporaryCounter.add(1, ordering: .relaxed).newValue)"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw WriteError(path: path, reason: lastErrorReason) }
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        write(fd, buffer.baseAddress.map { $0 + written }, bytes.count - written)
      }
      if count < 0 {
        if errno == EINTR { continue }
        let reason = lastErrorReason
        close(fd)
        unlink(temporary)
        throw WriteError(path: path, reason: reason)
      }
      written += count
    }
    guard close(fd) == 0, rename(temporary, path) == 0 else {
      let reason = lastErrorReason
      unlink(temporary)
      throw WriteError(path: path, reason: reason)
    }
  }

  /// Writes UTF-8 text atomically.
  public static func writeAtomically(_ text: String, to path: String) throws(WriteError) {
    try writeAtomically(Array(text.utf8), to: path)
  }

  /// Removes a file; succeeds when it is already gone.
  public static func removeFile(_ path: String) throws(WriteError) {
    if unlink(path) != 0 && errno != ENOENT {
      throw WriteError(path: path, reason: lastErrorReason)
    }
  }
}

import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An anonymous scratch file that grows by appends up to a byte limit and is read back by
/// offset: where a cache keeps what does not fit its memory budget.
///
/// The file is unlinked as soon as it is made, so it holds disk space only while this object
/// lives and never outlives the process. Reading it back goes through the page cache, which the
/// kernel may drop under pressure and which does not count as the process's resident memory.
/// It is safe to share between threads: appends reserve their range under a lock and write
/// outside it, reads never take the lock.
public final class SpillFile: Sendable {
  /// The most bytes the file may hold; `append` refuses what would pass it.
  public let byteLimit: Int
  private let fd: Int32
  /// Bytes reserved so far (appended or being appended).
  private let reserved = Mutex(0)

  /// Makes an empty scratch file in `folder`, or nil when none can be made there (the caller
  /// then does without).
  /// - Parameter folder: A folder on a local disk, such as `/tmp`.
  /// - Parameter byteLimit: The most bytes the file may ever hold.
  public init?(folder: String, byteLimit: Int) {
    var template = Array("\(folder)/wallgen-spill-XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
      guard let base = buffer.baseAddress else { return -1 }
      return mkstemp(base)
    }
    guard fd >= 0 else { return nil }
    template.withUnsafeBufferPointer { buffer in
      if let base = buffer.baseAddress { _ = unlink(base) }
    }
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    self.fd = fd
    self.byteLimit = byteLimit
  }

  deinit {
    close(fd)
  }

  /// The folder for scratch files: `$TMPDIR`, else `/tmp`.
  public static var temporaryFolder: String {
    if let value = getenv("TMPDIR"), let folder = String(validatingCString: value),
      !folder.isEmpty
    {
      return folder
    }
    return "/tmp"
  }

  /// Bytes reserved so far; never more than `byteLimit`.
  public var size: Int { reserved.withLock { $0 } }

  /// Appends `bytes` and returns their offset, or nil when they would take the file past
  /// `byteLimit` or cannot be written (nothing readable is then at any offset returned later
  /// for them).
  public func append(_ bytes: [UInt8]) -> Int? {
    let offset: Int? = reserved.withLock { size in
      guard size + bytes.count <= byteLimit else { return nil }
      defer { size += bytes.count }
      return size
    }
    guard let offset else { return nil }
    let complete = bytes.withUnsafeBytes { buffer -> Bool in
      var written = 0
      while written < buffer.count {
        let count = pwrite(
          fd, buffer.baseAddress.map { $0 + written }, buffer.count - written,
          off_t(offset + written))
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return false }
        written += count
      }
      return true
    }
    return complete ? offset : nil
  }

  /// The `count` bytes at `offset` that an `append` returned, or nil when they cannot be read.
  public func read(offset: Int, count: Int) -> [UInt8]? {
    FileSystem.readBytes(of: fd, count: count, at: offset)
  }
}

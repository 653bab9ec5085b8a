#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file given in chunks, written unless the file already there holds the same bytes, in
/// memory bounded by ``memoryLimit`` whatever its size.
///
/// First the chunks are compared with the file there as they come, and nothing is held: a
/// rebuild whose file did not change reads it once and copies nothing. When there is no file
/// there, or from the first chunk that differs, the bytes go to a temporary file beside the
/// destination as they come (after the bytes that matched, read again from the file there a
/// ``memoryLimit`` at a time), and at the end it is renamed into place; a staged file is
/// written in place. So a wall's photo grid or viewer data, which grow with its photos, costs
/// a chunk of memory, not the whole file and the copies it grows through.
///
/// The first write error is kept and thrown by ``finish()``; chunks after it are dropped.
public final class ChangedFileStream {
  /// The most bytes of the file there read back at once, when the bytes that matched it go to
  /// the new file: 1 MiB.
  public static let memoryLimit = 1 << 20

  /// The file the bytes are compared with (the published one).
  private let target: String
  /// Where the bytes go: `target`, or its staged copy.
  private let destination: String
  /// Tells the staging area that `destination` was staged; nil outside a staging folder.
  ///
  /// A staged file is written in place (`TemporaryFile(staging:)`).
  private let staged: (() -> Void)?
  /// Once the bytes differ from the file there (or there is none): the temporary file they go
  /// to.
  private var writing: TemporaryFile?
  /// While every chunk so far matched the file there: that file, open for reading.
  private var comparing: Comparing?
  /// Whether the first chunk came (or `finish` was called), and comparing or writing began.
  private var started = false
  /// Where the file there is read into, to be compared.
  private var scratch: [UInt8] = []
  /// The first failure.
  private var failure: WriteError?

  private struct Comparing {
    let fd: Int32
    /// The size of the file when it was opened.
    let size: Int
    /// How many of its first bytes matched the chunks so far.
    var matched = 0
  }

  /// A stream that writes `path` in place (atomically), unless it already holds the bytes.
  /// - Parameter path: The file.
  public convenience init(writing path: String) {
    self.init(target: path, destination: path, staged: nil)
  }

  /// A stream that stages `relative` in `tree` of `staging` unless the published file already
  /// holds the bytes.
  public convenience init(
    staging relative: String, in tree: StagingArea.Tree, of staging: StagingArea
  ) {
    self.init(
      target: staging.currentPath(relative, in: tree),
      destination: staging.stagedPath(relative, in: tree),
      staged: { staging.noteStaged(relative, in: tree) })
  }

  private init(target: String, destination: String, staged: (() -> Void)?) {
    self.target = target
    self.destination = destination
    self.staged = staged
  }

  deinit {
    writing?.discard()
    if let comparing { close(comparing.fd) }
  }

  /// Adds `bytes` to the file.
  public func append(_ bytes: [UInt8]) {
    guard failure == nil, !bytes.isEmpty else { return }
    if !started { start() }
    if var current = comparing {
      if current.matched + bytes.count <= current.size,
        bytes.withUnsafeBytes({ matchesNext(of: current.fd, $0) })
      {
        current.matched += bytes.count
        comparing = current
        return
      }
      diverge()
    }
    bytes.withUnsafeBytes { write($0) }
  }

  /// Puts the file in place, unless it holds the same bytes as the file there.
  /// - Returns: Whether the file was written (false: it was already up to date).
  /// - Throws: `WriteError` naming the destination: the first that any chunk met.
  public func finish() throws(WriteError) -> Bool {
    if !started { start() }
    if let current = comparing {
      // Every chunk matched: the same file if it has no more bytes.
      if current.matched == current.size, Self.isAtEnd(current.fd) {
        close(current.fd)
        comparing = nil
        return false
      }
      diverge()
    }
    let file = writing
    writing = nil
    if let failure {
      file?.discard()
      throw failure
    }
    guard let file else {
      throw WriteError(path: destination, reason: "no file was opened to write it to")
    }
    try file.install()
    staged?()
    return true
  }

  /// Begins: compares with the file there when it is a regular file, else writes.
  private func start() {
    started = true
    comparing = Self.openForComparing(target)
    if comparing == nil { startWriting() }
  }

  /// Opens the temporary file the bytes go to.
  private func startWriting() {
    do throws(WriteError) {
      // A file staged before is compared with (it is `target`), so it is not written over
      // in place.
      writing =
        try staged != nil && target != destination
        ? TemporaryFile(staging: destination) : TemporaryFile(for: destination)
    } catch {
      failure = error
    }
  }

  /// The regular file at `path`, open for comparing; nil when there is none (or it cannot be
  /// opened: the stream then writes the file).
  private static func openForComparing(_ path: String) -> Comparing? {
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    // Not blocking, on a FIFO put there since the `stat`.
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { return nil }
    return Comparing(fd: fd, size: Int(info.st_size))
  }

  /// Ends comparing, since the file differs from the file there.
  ///
  /// The bytes that matched are read again from the file there, at most `memoryLimit` at a
  /// time, and written as the start of the new file.
  private func diverge() {
    guard let current = comparing else { return }
    comparing = nil
    defer { close(current.fd) }
    startWriting()
    var offset = 0
    while offset < current.matched, failure == nil {
      let count = min(Self.memoryLimit, current.matched - offset)
      guard let chunk = FileSystem.readBytes(of: current.fd, count: count, at: offset) else {
        failure = WriteError(path: target, reason: "it changed while it was being compared")
        return
      }
      chunk.withUnsafeBytes { write($0) }
      offset += chunk.count
    }
  }

  /// Appends `bytes` to the temporary file, unless a failure came first.
  private func write(_ bytes: UnsafeRawBufferPointer) {
    guard failure == nil, let writing else { return }
    do throws(WriteError) { try writing.append(bytes) } catch { failure = error }
  }

  /// Whether `fd` has no more bytes to read.
  private static func isAtEnd(_ fd: Int32) -> Bool {
    var extra: UInt8 = 0
    var count: Int
    repeat { count = read(fd, &extra, 1) } while count < 0 && errno == EINTR
    return count == 0
  }

  /// Whether the next bytes of `fd` are `expected`, read into `scratch`.
  private func matchesNext(of fd: Int32, _ expected: UnsafeRawBufferPointer) -> Bool {
    if scratch.count < expected.count {
      scratch = [UInt8](repeating: 0, count: max(expected.count, 64 << 10))
    }
    return scratch.withUnsafeMutableBytes { Self.next(of: fd, equals: expected, into: $0) }
  }

  /// Whether the next bytes of `fd` are `expected`, read into `buffer` (at least as large).
  ///
  /// A short read answers "no": at worst the file is written again.
  private static func next(
    of fd: Int32, equals expected: UnsafeRawBufferPointer,
    into buffer: UnsafeMutableRawBufferPointer
  ) -> Bool {
    guard let expectedBase = expected.baseAddress else { return true }
    guard let base = buffer.baseAddress, buffer.count >= expected.count else { return false }
    var filled = 0
    while filled < expected.count {
      let count = read(fd, base + filled, expected.count - filled)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return false }
      filled += count
    }
    return memcmp(base, expectedBase, filled) == 0
  }
}

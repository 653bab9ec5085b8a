#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file given in chunks, written unless the file already there holds the same bytes, in
/// memory bounded by ``memoryLimit`` whatever its size.
///
/// First the chunks are compared with the file there as they come, and nothing is held: a
/// rebuild whose file did not change reads it once and copies nothing. From the first chunk that
/// differs, the bytes so far (the file's own, read again) and the rest are handled as a new file.
///
/// While the file is small its bytes are held and written as `SiteWriter` writes a page: compared
/// with the file there, then written atomically or staged. Once they pass ``memoryLimit`` they
/// go to a temporary file beside the destination as they come, compared on the way with the
/// file there a chunk at a time; at the end the temporary file is renamed into place, or
/// deleted when every byte matched. So a wall's photo grid or viewer data, which grow with its
/// photos, costs a megabyte or two of memory, not the whole file and the copies it grows
/// through.
///
/// The first write error is kept and thrown by ``finish()``; chunks after it are dropped.
public final class ChangedFileStream {
  /// The bytes held before they go to a temporary file: 1 MiB.
  public static let memoryLimit = 1 << 20

  /// The file the bytes are compared with (the published one).
  private let target: String
  /// Where the bytes go: `target`, or its staged copy.
  private let destination: String
  /// Writes or stages the bytes of a file that stayed small, unless `target` holds them;
  /// returns whether it did (`StagingArea.writeIfChanged`, `stageIfChanged`).
  private let writeSmall: ([UInt8]) throws(WriteError) -> Bool
  /// Tells the staging area that `destination` was staged.
  private let staged: (() -> Void)?
  /// The bytes not yet written.
  private var held: [UInt8] = []
  /// Once the bytes passed `memoryLimit`: where they go, and the file there being compared.
  private var spill: Spill?
  /// While every chunk so far matched the file there: that file, open for reading.
  private var comparing: Comparing?
  /// Whether the first chunk came (and comparing began, if the file there is a regular file).
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

  private struct Spill {
    let file: TemporaryFile
    /// The file at `target`, open for reading, while it matches the bytes so far; -1 after.
    var existing: Int32
  }

  /// A stream that writes `path` in place (atomically), unless it already holds the bytes.
  /// - Parameter path: The file.
  public convenience init(writing path: String) {
    self.init(
      target: path, destination: path,
      writeSmall: { bytes throws(WriteError) in try StagingArea.writeIfChanged(bytes, to: path) },
      staged: nil)
  }

  /// A stream that stages `relative` in `tree` of `staging` unless the published file already
  /// holds the bytes.
  public convenience init(
    staging relative: String, in tree: StagingArea.Tree, of staging: StagingArea
  ) {
    self.init(
      target: staging.targetPath(relative, in: tree),
      destination: staging.stagedPath(relative, in: tree),
      writeSmall: { bytes throws(WriteError) in
        try staging.stageIfChanged(bytes, at: relative, in: tree)
      },
      staged: { staging.noteStaged(relative, in: tree) })
  }

  private init(
    target: String, destination: String,
    writeSmall: @escaping ([UInt8]) throws(WriteError) -> Bool, staged: (() -> Void)?
  ) {
    self.target = target
    self.destination = destination
    self.writeSmall = writeSmall
    self.staged = staged
  }

  /// The bytes held in memory now (at most `memoryLimit`).
  package var heldByteCount: Int { held.count }

  deinit {
    if let spill { abandon(spill) }
    if let comparing { close(comparing.fd) }
  }

  /// Adds `bytes` to the file.
  public func append(_ bytes: [UInt8]) {
    guard failure == nil, !bytes.isEmpty else { return }
    if !started {
      started = true
      comparing = Self.openForComparing(target)
    }
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
    hold(bytes)
  }

  /// Takes `bytes` as part of a file that differs from the file there, or may: held, or
  /// written to the temporary file once past `memoryLimit`.
  private func hold(_ bytes: [UInt8]) {
    guard failure == nil, !bytes.isEmpty else { return }
    if spill == nil {
      held += bytes
      guard held.count >= Self.memoryLimit else { return }
      do throws(WriteError) { try startSpilling() } catch {
        failure = error
        return
      }
      spillChunk(held)
      held = []
    } else {
      spillChunk(bytes)
    }
  }

  /// Writes what is left and puts the file in place, unless it holds the same bytes as the file
  /// there.
  /// - Returns: Whether the file was written (false: it was already up to date).
  /// - Throws: `WriteError` naming the destination: the first that any chunk met.
  public func finish() throws(WriteError) -> Bool {
    if let current = comparing {
      // Every chunk matched: the same file if it has no more bytes.
      if current.matched == current.size, Self.isAtEnd(current.fd) {
        close(current.fd)
        comparing = nil
        return false
      }
      diverge()
    }
    if let failure { throw failure }
    guard let current = spill else { return try writeSmall(held) }
    spillChunk(held)
    held = []
    if let failure { throw failure }
    spill = nil
    var unchanged = current.existing >= 0
    if unchanged {
      // The same bytes so far: the same file if it has no more.
      unchanged = Self.isAtEnd(current.existing)
    }
    if unchanged {
      abandon(current)
      return false
    }
    if current.existing >= 0 { close(current.existing) }
    try current.file.install()
    staged?()
    return true
  }

  /// Opens the temporary file, and the file at `target` to compare with when it is a regular
  /// file.
  private func startSpilling() throws(WriteError) {
    let file = try TemporaryFile(for: destination)
    var info = stat()
    var existing: Int32 = -1
    if stat(target, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
      existing = open(target, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    }
    spill = Spill(file: file, existing: existing)
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

  /// Ends comparing: the bytes that matched are read again from the file there and taken as
  /// the start of a new file (`hold`), a chunk of at most `memoryLimit` at a time.
  private func diverge() {
    guard let current = comparing else { return }
    comparing = nil
    defer { close(current.fd) }
    var offset = 0
    while offset < current.matched, failure == nil {
      let count = min(Self.memoryLimit, current.matched - offset)
      guard let chunk = FileSystem.readBytes(of: current.fd, count: count, at: offset) else {
        failure = WriteError(path: target, reason: "it changed while it was being compared")
        return
      }
      hold(chunk)
      offset += chunk.count
    }
  }

  /// Compares `chunk` with the file there and writes it to the temporary file.
  private func spillChunk(_ chunk: [UInt8]) {
    guard var current = spill, failure == nil else { return }
    chunk.withUnsafeBytes { buffer in
      if current.existing >= 0, !matchesNext(of: current.existing, buffer) {
        close(current.existing)
        current.existing = -1
      }
      do throws(WriteError) { try current.file.append(buffer) } catch { failure = error }
    }
    spill = current
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

  /// Closes the file being compared with and deletes the temporary file.
  private func abandon(_ spill: Spill) {
    if spill.existing >= 0 { close(spill.existing) }
    spill.file.discard()
  }
}

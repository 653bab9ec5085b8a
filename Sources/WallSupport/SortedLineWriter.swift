#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a sorted list, one line at a time, to a temporary file beside its path, and puts it
/// in place atomically once complete: memory holds one buffer, whatever the list's length.
///
/// Lines must come in ascending order (`SortedLines.precedes`); a line equal to the one before
/// is skipped, so merged lists come out with each line once.
public final class SortedLineWriter {
  /// Where the list goes.
  public let path: String
  private let file: TemporaryFile
  private var buffer: [UInt8] = []
  private var last: String?
  private var open = true
  private let ordered: Bool
  /// How many lines were written (the header not counted, each line once).
  public private(set) var count = 0

  /// Bytes gathered before a write.
  static let bufferBytes = 1 << 16

  /// Opens a new temporary file for `path` (its folders are made) and writes `header` first,
  /// when given: a line that is not part of the sorted list.
  ///
  /// With `ordered` false, lines are written as they come, in any order, each repeat too: a
  /// text file written a line at a time, put in place only when complete and changed.
  /// - Throws: `WriteError` naming `path` when the file cannot be made.
  public init(path: String, header: String? = nil, ordered: Bool = true) throws(WriteError) {
    self.path = path
    self.ordered = ordered
    file = try TemporaryFile(for: path)
    buffer.reserveCapacity(Self.bufferBytes + 4096)
    if let header { buffer += Array(header.utf8) + [0x0A] }
  }

  deinit {
    if open { file.discard() }
  }

  /// The temporary file the lines go to, readable once `close()` returned.
  public var temporaryPath: String { file.temporary }

  /// Appends `line`.
  /// - Throws: `WriteError` naming `path` when the line holds a newline, comes before the line
  ///   written last, or cannot be written.
  public func append(_ line: String) throws(WriteError) {
    if ordered, let last {
      if last == line { return }
      guard SortedLines.precedes(last, line) else {
        throw WriteError(path: path, reason: "the list is not sorted: '\(line)' after '\(last)'")
      }
    }
    guard !line.utf8.contains(0x0A) else {
      throw WriteError(path: path, reason: "a line holds a newline: '\(line)'")
    }
    buffer += line.utf8
    buffer.append(0x0A)
    last = line
    count += 1
    if buffer.count >= Self.bufferBytes { try flush() }
  }

  /// Appends `text` as it is, newlines included and none added: a text file written in pieces
  /// by a writer made with `ordered` false.
  /// - Throws: `WriteError` naming `path` when the writer keeps its lines sorted, or the text
  ///   cannot be written.
  public func write(_ text: some StringProtocol) throws(WriteError) {
    guard !ordered else {
      throw WriteError(path: path, reason: "a sorted list is written a line at a time")
    }
    buffer += text.utf8
    if buffer.count >= Self.bufferBytes { try flush() }
  }

  /// Appends every line of `source`, in its order.
  /// - Throws: `WriteError` as `append` does, or when `source` cannot be read.
  public func append(contentsOf source: any LineSource) throws(WriteError) {
    while let line = try source.next() { try append(line) }
  }

  private func flush() throws(WriteError) {
    let file = file
    let failure = buffer.withUnsafeBytes { bytes -> WriteError? in
      do throws(WriteError) { try file.append(bytes) } catch { return error }
      return nil
    }
    if let failure {
      file.discard()
      open = false
      throw failure
    }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Writes what is buffered: the temporary file is then complete and can be read
  /// (`temporaryPath`) before `install()` or `discard()`.
  /// - Throws: `WriteError` when it cannot be written.
  public func close() throws(WriteError) {
    guard open else { throw WriteError(path: path, reason: "the list was discarded") }
    try flush()
  }

  /// Puts the list in place, unless the file there already holds the same bytes (then it is
  /// left untouched, so a build with nothing to do changes no file).
  /// - Returns: Whether the file was written.
  /// - Throws: `WriteError` when it cannot be written or renamed.
  @discardableResult
  public func install() throws(WriteError) -> Bool {
    try close()
    open = false
    if Self.sameBytes(file.temporary, path) {
      file.discard()
      return false
    }
    try file.install()
    return true
  }

  /// Deletes the temporary file without putting it in place.
  public func discard() {
    guard open else { return }
    open = false
    file.discard()
  }

  /// Whether two regular files hold the same bytes, compared a block at a time.
  static func sameBytes(_ a: String, _ b: String) -> Bool {
    guard FileSystem.linkKind(of: b) == .regular, let sizeA = FileSystem.size(of: a),
      sizeA == FileSystem.size(of: b),
      let readerA = try? BlockReader(path: a), let readerB = try? BlockReader(path: b)
    else { return false }
    while true {
      guard let blockA = readerA.next(), let blockB = readerB.next() else { return false }
      if blockA != blockB { return false }
      if blockA.isEmpty { return true }
    }
  }
}

/// Reads a file a block at a time (an empty block at the end), to compare two files.
private final class BlockReader {
  private let fd: Int32

  init(path: String) throws(WriteError) {
    fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw WriteError(path: path, reason: FileSystem.lastErrorReason) }
  }

  deinit { close(fd) }

  /// The next block, empty at the end; nil when the file cannot be read.
  func next() -> [UInt8]? {
    var block = [UInt8](repeating: 0, count: 1 << 16)
    var filled = 0
    while filled < block.count {
      let count = block.withUnsafeMutableBytes { bytes in
        read(fd, bytes.baseAddress.map { $0 + filled }, bytes.count - filled)
      }
      if count < 0 {
        if errno == EINTR { continue }
        return nil
      }
      if count == 0 { break }
      filled += count
    }
    return Array(block[..<filled])
  }
}

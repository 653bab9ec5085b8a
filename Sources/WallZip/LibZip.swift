// The only file in WallKit that imports libzip. Everything libzip-shaped (zip_t, zip_file_t,
// zip_source_t, error codes) stays in here; the rest of the Zip folder sees `LibZipReader`,
// `LibZipWriter` and the plain Swift types they take and throw.
import CZip
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why libzip could not open an archive or add an entry, sorted into the cases `ZipError`
/// distinguishes.
enum LibZipOpenFailure: Error {
  /// libzip found no end of central directory record (`ZIP_ER_NOZIP`).
  case notAZip
  /// Anything else, with libzip's message, such as "Zip archive inconsistent".
  case other(String)

  /// The message to quote in a `ZipError`.
  var message: String {
    switch self {
    case .notAZip: "not a zip archive"
    case .other(let message): message
    }
  }
}

/// Why reading one entry through libzip failed.
enum LibZipReadFailure: Error {
  /// The data did not match the declared CRC-32 (`ZIP_ER_CRC`).
  case crc
  /// The data did not have the declared size (`ZIP_ER_INCONS` at end of data).
  case size
  /// Anything else, with libzip's message, such as "Zlib error: data error".
  case other(String)
}

/// An archive opened read-only with libzip, closed on deinit.
///
/// `@unchecked Sendable`: the `zip_t` is only touched while `lock` is held (libzip handles are
/// not thread-safe), and `deinit` runs when no other reference exists.
final class LibZipReader: @unchecked Sendable {
  private let archive: OpaquePointer
  private let lock = NSLock()

  /// Opens the archive behind `descriptor` (a duplicate is handed to libzip, which closes it).
  init(descriptor: Int32) throws(LibZipOpenFailure) {
    let owned = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
    guard owned >= 0 else { throw .other(String(cString: strerror(errno))) }
    var code: Int32 = 0
    guard let archive = zip_fdopen(owned, 0, &code) else {
      close(owned)
      if code == ZIP_ER_NOZIP { throw .notAZip }
      throw .other(libzipMessage(code))
    }
    self.archive = archive
  }

  deinit {
    zip_discard(archive)
  }

  /// The number of entries in the central directory.
  var entryCount: UInt64 {
    lock.withLock { UInt64(max(zip_get_num_entries(archive, 0), 0)) }
  }

  /// The entry's name bytes as stored (libzip turns NUL bytes into spaces), or nil when libzip
  /// has no entry at `index`.
  func rawName(at index: UInt64) -> [UInt8]? {
    lock.withLock {
      zip_get_name(archive, index, zip_flags_t(ZIP_FL_ENC_RAW)).map {
        Array(UnsafeRawBufferPointer(start: $0, count: strlen($0)))
      }
    }
  }

  /// Reads the entry at `index` in 64 KiB chunks until its end or until more than `limit` bytes
  /// have come out, so memory stays within `limit` plus one chunk's worth of checking.
  /// - Returns: The bytes read, and why reading stopped early when it failed.
  func read(index: UInt64, upTo limit: Int) -> (bytes: [UInt8], failure: LibZipReadFailure?) {
    lock.lock()
    defer { lock.unlock() }
    guard let file = zip_fopen_index(archive, index, 0) else {
      return ([], .other(String(cString: zip_strerror(archive))))
    }
    defer { zip_fclose(file) }
    var output: [UInt8] = []
    output.reserveCapacity(min(limit, 16 << 20))
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while output.count <= limit {
      let want = min(chunk.count, limit + 1 - output.count)
      let count = chunk.withUnsafeMutableBytes { zip_fread(file, $0.baseAddress, UInt64(want)) }
      if count == 0 { break }
      guard count > 0 else {
        switch zip_error_code_zip(zip_file_get_error(file)) {
        case ZIP_ER_CRC: return (output, .crc)
        case ZIP_ER_INCONS: return (output, .size)
        default: return (output, .other(String(cString: zip_file_strerror(file))))
        }
      }
      output.append(contentsOf: chunk[0..<Int(count)])
    }
    return (output, nil)
  }
}

extension LibZipReader {
  /// Opens the entry at `index` to be read a piece at a time (`LibZipEntryReader`); nil with
  /// libzip's message when it cannot be opened.
  func open(index: UInt64) -> (LibZipEntryReader?, String?) {
    lock.withLock {
      guard let file = zip_fopen_index(archive, index, 0) else {
        return (nil, String(cString: zip_strerror(archive)))
      }
      return (LibZipEntryReader(file: file, owner: self), nil)
    }
  }

  /// Runs `body` with the archive's lock held: every libzip call on the archive or its open
  /// entries takes it.
  func locked<T>(_ body: () -> T) -> T { lock.withLock(body) }
}

/// An entry of an archive opened with libzip, read a piece at a time (libzip checks the CRC-32
/// at its end), closed on deinit.
///
/// `@unchecked Sendable` for the reason `LibZipReader` is: every call takes its lock.
final class LibZipEntryReader: @unchecked Sendable {
  private let file: OpaquePointer
  /// Keeps the archive open, and lends its lock.
  private let owner: LibZipReader

  fileprivate init(file: OpaquePointer, owner: LibZipReader) {
    self.file = file
    self.owner = owner
  }

  deinit {
    let file = self.file
    owner.locked { _ = zip_fclose(file) }
  }

  /// Reads up to `buffer.count` bytes; 0 at the entry's end.
  /// - Throws: `LibZipReadFailure` when the data is corrupt, of another size than declared, or
  ///   fails its CRC-32.
  func read(into buffer: UnsafeMutableRawBufferPointer) throws(LibZipReadFailure) -> Int {
    guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
    let file = self.file
    let (count, failure) = owner.locked { () -> (Int64, LibZipReadFailure?) in
      let count = zip_fread(file, base, UInt64(buffer.count))
      guard count < 0 else { return (count, nil) }
      switch zip_error_code_zip(zip_file_get_error(file)) {
      case ZIP_ER_CRC: return (count, .crc)
      case ZIP_ER_INCONS: return (count, .size)
      default: return (count, .other(String(cString: zip_file_strerror(file))))
      }
    }
    if let failure { throw failure }
    return Int(count)
  }
}

/// How `LibZipWriter` stores one entry.
struct LibZipEntrySettings {
  /// Whether the entry is deflated (else stored).
  var deflated: Bool
  /// The DOS date and time stamped on the entry.
  var modified: ZipTimestamp
  /// Whether the entry is a directory (mode 0755 instead of 0644).
  var isDirectory: Bool
}

/// An archive being written with libzip into `path`, which libzip replaces on `close()`.
///
/// Discarded (nothing written) on deinit unless closed.
final class LibZipWriter {
  private var archive: OpaquePointer?

  /// Opens `path` for writing, truncating whatever is there when `close()` runs.
  init(path: String) throws(LibZipOpenFailure) {
    var code: Int32 = 0
    guard let archive = zip_open(path, ZIP_CREATE | ZIP_TRUNCATE, &code) else {
      throw .other(libzipMessage(code))
    }
    self.archive = archive
  }

  deinit {
    if let archive { zip_discard(archive) }
  }

  /// Adds a file entry holding a copy of `contents`.
  func add(_ name: String, contents: [UInt8], settings: LibZipEntrySettings)
    throws(LibZipOpenFailure)
  {
    guard let archive else { throw .other("the archive is closed") }
    // libzip reads the buffer only in zip_close, so it gets its own copy and frees it (freep 1).
    let count = contents.count
    guard let copy = malloc(max(count, 1)) else { throw .other("out of memory") }
    contents.withUnsafeBytes {
      if let base = $0.baseAddress { copy.copyMemory(from: base, byteCount: count) }
    }
    guard let source = zip_source_buffer(archive, copy, UInt64(count), 1) else {
      free(copy)
      throw .other(String(cString: zip_strerror(archive)))
    }
    try add(name, source: source, settings: settings)
  }

  /// Adds a file entry whose bytes libzip reads from `sourcePath` when the archive is closed.
  /// - Throws: `LibZipOpenFailure.other` with the system's message when the file cannot be used.
  func add(_ name: String, contentsOf sourcePath: String, settings: LibZipEntrySettings)
    throws(LibZipOpenFailure)
  {
    guard let archive else { throw .other("the archive is closed") }
    guard let source = zip_source_file(archive, sourcePath, 0, -1) else {
      let error = zip_get_error(archive)
      let system = zip_error_code_system(error)
      let message =
        system != 0 ? String(cString: strerror(system)) : String(cString: zip_strerror(archive))
      throw .other(message)
    }
    try add(name, source: source, settings: settings)
  }

  /// Adds a directory entry (libzip appends the trailing `/`).
  func addDirectory(_ name: String, settings: LibZipEntrySettings) throws(LibZipOpenFailure) {
    guard let archive else { throw .other("the archive is closed") }
    let index = zip_dir_add(archive, name, zip_flags_t(ZIP_FL_ENC_UTF_8))
    guard index >= 0 else { throw .other(String(cString: zip_strerror(archive))) }
    try configure(UInt64(index), settings)
  }

  /// Writes the archive (libzip writes a temporary file beside `path` and renames it).
  func close() throws(LibZipOpenFailure) {
    guard let archive else { throw .other("the archive is closed") }
    guard zip_close(archive) == 0 else {
      let message = String(cString: zip_strerror(archive))
      zip_discard(archive)
      self.archive = nil
      throw .other(message)
    }
    self.archive = nil
  }

  private func add(_ name: String, source: OpaquePointer, settings: LibZipEntrySettings)
    throws(LibZipOpenFailure)
  {
    guard let archive else { throw .other("the archive is closed") }
    let index = zip_file_add(archive, name, source, zip_flags_t(ZIP_FL_ENC_UTF_8))
    guard index >= 0 else {
      zip_source_free(source)
      throw .other(String(cString: zip_strerror(archive)))
    }
    try configure(UInt64(index), settings)
  }

  /// Fixes everything libzip would otherwise take from the source or the clock: method, level,
  /// timestamp and Unix mode, so the same calls give the same bytes.
  private func configure(_ index: UInt64, _ settings: LibZipEntrySettings)
    throws(LibZipOpenFailure)
  {
    guard let archive else { throw .other("the archive is closed") }
    let method = settings.deflated ? ZIP_CM_DEFLATE : ZIP_CM_STORE
    let mode: UInt32 = settings.isDirectory ? 0o040755 : 0o100644
    guard
      zip_set_file_compression(archive, index, method, settings.deflated ? 6 : 0) == 0,
      zip_file_set_dostime(
        archive, index, settings.modified.dosTime, settings.modified.dosDate, 0) == 0,
      zip_file_set_external_attributes(
        archive, index, 0, UInt8(ZIP_OPSYS_UNIX), mode << 16) == 0
    else {
      let message = String(cString: zip_strerror(archive))
      zip_delete(archive, index)
      throw .other(message)
    }
  }
}

/// libzip's text for an error code returned by `zip_open` or `zip_fdopen`.
private func libzipMessage(_ code: Int32) -> String {
  var error = zip_error_t()
  zip_error_init_with_code(&error, code)
  defer { zip_error_fini(&error) }
  return String(cString: zip_error_strerror(&error))
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a zip archive with libzip into a temporary file beside `path` that `finish()` renames
/// into place.
///
/// Output is deterministic: entries appear in the order they are added, timestamps come from the
/// caller, deflate runs at level 6, every entry has Unix mode 0644 (directories 0755) and no
/// extra fields, so the same calls produce byte-identical archives. libzip writes ZIP64 records
/// only when an entry or the archive passes 4 GiB.
public final class ZipWriter {
  /// The destination the archive is renamed to by `finish()`.
  public let path: String

  private let temporaryPath: String
  private var archive: LibZipWriter?
  private var names: Set<String> = []
  private var committed = false

  /// Creates a temporary file beside `path` to write the archive into.
  /// - Parameter path: Where the finished archive goes; replaced atomically by `finish()`.
  /// - Throws: `ZipError.cannotOpen` when the temporary file cannot be created.
  public init(path: String) throws(ZipError) {
    // The name ends in `.zip.tmp-…` so `Archiver` can clear what a killed run left.
    var template = Array((path + ".tmp-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemp($0) } ?? -1
    }
    guard descriptor >= 0 else { throw .cannotOpen(path: path, reason: systemErrorMessage()) }
    // mkstemp creates 0600; archives are ordinary readable files (libzip keeps the mode).
    fchmod(descriptor, 0o644)
    close(descriptor)
    let temporaryPath = String(
      decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    self.path = path
    self.temporaryPath = temporaryPath
    do {
      archive = try LibZipWriter(path: temporaryPath)
    } catch {
      unlink(temporaryPath)
      throw .cannotOpen(path: path, reason: error.message)
    }
  }

  deinit {
    archive = nil
    if !committed { unlink(temporaryPath) }
  }

  /// Adds a file entry with the given bytes (kept in memory until `finish()`).
  /// - Parameter name: A safe relative path such as `photos/a.jpg`.
  /// - Parameter contents: The entry's bytes.
  /// - Parameter modified: The timestamp stored for the entry.
  /// - Parameter compression: Stored or deflated (the default).
  /// - Throws: `ZipError` for an unsafe or duplicate name, or when libzip refuses the entry.
  public func addFile(
    named name: String, contents: [UInt8], modified: ZipTimestamp,
    compression: ZipCompression = .deflated
  ) throws(ZipError) {
    let archive = try checkedArchive(for: name)
    do {
      try archive.add(name, contents: contents, settings: settings(modified, compression))
    } catch {
      throw .writeFailed(path: path, reason: "entry '\(name)': \(error.message)")
    }
    names.insert(name)
  }

  /// Adds a file entry whose bytes libzip streams from `sourcePath` during `finish()`.
  /// - Parameter name: A safe relative path such as `photos/a.jpg`.
  /// - Parameter sourcePath: The file to copy into the archive.
  /// - Parameter modified: The timestamp stored for the entry.
  /// - Parameter compression: Stored or deflated (the default).
  /// - Throws: `ZipError.cannotReadSource` when the file cannot be opened now (a file that
  ///   becomes unreadable before `finish()` makes `finish()` fail); otherwise as
  ///   `addFile(named:contents:modified:compression:)`.
  public func addFile(
    named name: String, contentsOf sourcePath: String, modified: ZipTimestamp,
    compression: ZipCompression = .deflated
  ) throws(ZipError) {
    let archive = try checkedArchive(for: name)
    // libzip opens the source only in `finish()`; fail now, for this entry, if it cannot.
    let source = open(sourcePath, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard source >= 0 else {
      throw .cannotReadSource(
        path: path, entry: name, source: sourcePath, reason: systemErrorMessage())
    }
    close(source)
    do {
      try archive.add(name, contentsOf: sourcePath, settings: settings(modified, compression))
    } catch {
      throw .cannotReadSource(path: path, entry: name, source: sourcePath, reason: error.message)
    }
    names.insert(name)
  }

  /// Adds a directory entry; a trailing `/` is appended to `name` when missing.
  /// - Parameter name: A safe relative path such as `photos` or `photos/`.
  /// - Parameter modified: The timestamp stored for the entry.
  /// - Throws: `ZipError` for an unsafe or duplicate name, or when libzip refuses the entry.
  public func addDirectory(named name: String, modified: ZipTimestamp) throws(ZipError) {
    let directoryName = name.isEmpty || name.hasSuffix("/") ? name : name + "/"
    let archive = try checkedArchive(for: directoryName)
    var settings = settings(modified, .stored)
    settings.isDirectory = true
    do {
      try archive.addDirectory(directoryName, settings: settings)
    } catch {
      throw .writeFailed(path: path, reason: "entry '\(directoryName)': \(error.message)")
    }
    names.insert(directoryName)
  }

  /// Has libzip write the archive, then renames it onto `path`; the writer is then closed.
  /// - Throws: `ZipError.writeFailed` when a source cannot be read or writing or renaming fails;
  ///   the temporary file is then removed.
  public func finish() throws(ZipError) {
    guard let archive else { throw .writerClosed(path: path) }
    self.archive = nil
    do {
      // libzip deletes an archive left with no entries, so an empty one is written by hand.
      if names.isEmpty { try writeEmptyArchive() } else { try archive.close() }
    } catch {
      throw .writeFailed(path: path, reason: error.message)
    }
    // libzip does not sync; a crash after the rename must not leave a half-written archive.
    let descriptor = open(temporaryPath, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0, fsync(descriptor) == 0 else {
      let reason = systemErrorMessage()
      if descriptor >= 0 { close(descriptor) }
      throw .writeFailed(path: path, reason: reason)
    }
    close(descriptor)
    guard rename(temporaryPath, path) == 0 else {
      throw .writeFailed(
        path: path, reason: "cannot rename the temporary file: \(systemErrorMessage())")
    }
    committed = true
  }

  /// Writes the 22-byte end of central directory record of an archive with no entries.
  private func writeEmptyArchive() throws(LibZipOpenFailure) {
    let record: [UInt8] = [0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18)
    let descriptor = open(temporaryPath, O_WRONLY | O_TRUNC | O_CLOEXEC)
    guard descriptor >= 0 else { throw .other(systemErrorMessage()) }
    defer { close(descriptor) }
    let written = record.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    guard written == record.count else { throw .other(systemErrorMessage()) }
  }

  /// The open archive, after checking that `name` is safe and new.
  private func checkedArchive(for name: String) throws(ZipError) -> LibZipWriter {
    guard let archive else { throw .writerClosed(path: path) }
    let tooLong: ZipNameProblem? = name.utf8.count > Int(UInt16.max) ? .tooLong : nil
    if let problem = ZipNamePolicy.problem(in: name) ?? tooLong {
      throw .invalidEntryName(path: path, entry: name, problem: problem)
    }
    guard !names.contains(name) else { throw .duplicateEntryName(path: path, entry: name) }
    return archive
  }

  private func settings(_ modified: ZipTimestamp, _ compression: ZipCompression)
    -> LibZipEntrySettings
  {
    LibZipEntrySettings(
      deflated: compression == .deflated, modified: modified, isDirectory: false)
  }
}

/// A zip archive opened for reading with libzip.
///
/// The central directory is read up front and checked; entry data is inflated by libzip only
/// when asked for, one entry at a time.
///
/// Entries whose names are unsafe paths (absolute, `..`, NUL, …) or whose local header names
/// them differently are kept out of `entries` and listed in `rejected` instead, so the rest of the
/// archive stays usable. Archives whose entries overlap, or that declare more bytes than
/// `ZipLimits.totalBytes`, are refused whole.
public struct ZipArchive: Sendable {
  /// The path the archive was opened from.
  public let path: String
  /// The entries with safe names, in central directory order.
  public let entries: [ZipEntry]
  /// The entries left out because of their names, in central directory order.
  public let rejected: [RejectedZipEntry]
  /// What this archive agrees to inflate.
  public let limits: ZipLimits

  let file: ZipInputFile
  let reader: LibZipReader
  private let indexByName: [String: Int]

  /// Opens the archive at `path` and reads its central directory (not the entries' data).
  /// - Parameter path: The `.zip` file to read.
  /// - Parameter limits: How many uncompressed bytes the archive and each entry may hold.
  /// - Throws: `ZipError` when the file cannot be read, its directory is missing or invalid, its
  ///   entries overlap, or they declare more than `limits.totalBytes`.
  public init(path: String, limits: ZipLimits = .standard) throws(ZipError) {
    let file = try ZipInputFile(path: path)
    guard file.size > 0 else { throw .emptyFile(path: path) }
    let reader: LibZipReader
    do {
      reader = try LibZipReader(descriptor: file.descriptor)
    } catch {
      switch error {
      case .notAZip: throw .missingEndOfCentralDirectory(path: path, fileSize: file.size)
      case .other(let reason): throw .invalidDirectory(path: path, reason: reason)
      }
    }
    let end = try ZipEndOfCentralDirectory.locate(in: file)
    let records = try ZipCentralDirectory.read(from: file, end: end)
    try Self.checkSameDirectory(records, as: reader, path: path)
    var entries: [ZipEntry] = []
    var rejected: [RejectedZipEntry] = []
    var spans: [ZipSpan] = []
    var seen: Set<String> = []
    var declared: UInt64 = 0
    for (index, record) in records.enumerated() {
      let (name, encodingProblem) = ZipNamePolicy.decode(record.nameBytes, flags: record.flags)
      // An unreadable local header is not a name problem: `contents(of:)` reports it.
      let local = Result { () throws(ZipError) in
        try ZipLocalHeader.read(
          in: file, at: record.localHeaderOffset, compressedSize: record.compressedSize,
          entry: name)
      }
      let header: ZipLocalHeader?
      switch local {
      case .success(let readable): header = readable
      case .failure: header = nil
      }
      spans.append(ZipSpan(record, local: header, name: name))
      var problem = encodingProblem ?? ZipNamePolicy.problem(in: name)
      if problem == nil, let header, header.nameBytes != record.nameBytes {
        problem = .localNameDiffers(
          ZipNamePolicy.decode(header.nameBytes, flags: header.flags).name)
      }
      if problem == nil, seen.contains(name) { problem = .duplicate }
      if let problem {
        rejected.append(RejectedZipEntry(name: name, reason: problem))
        continue
      }
      seen.insert(name)
      declared = declared.addingReportingOverflow(record.uncompressedSize).partialValue
      entries.append(record.entry(named: name, index: index))
    }
    try ZipSpan.checkDisjoint(spans, path: path)
    guard declared <= limits.totalBytes else {
      throw .archiveTooLarge(path: path, declaredBytes: declared, limit: limits.totalBytes)
    }
    self.path = path
    self.file = file
    self.reader = reader
    self.limits = limits
    self.entries = entries
    self.rejected = rejected
    self.indexByName = Dictionary(
      entries.enumerated().map { ($0.element.name, $0.offset) },
      uniquingKeysWith: { first, _ in first })
  }

  /// The safe entry with exactly this name, or nil when there is none.
  /// - Parameter name: The entry name, with a trailing `/` for directories.
  public func entry(named name: String) -> ZipEntry? {
    indexByName[name].map { entries[$0] }
  }

  /// Makes sure libzip's entry `i` is our record `i`, so the entry we checked is the one libzip
  /// reads (libzip shows NUL bytes in names as spaces).
  private static func checkSameDirectory(
    _ records: [ZipCentralRecord], as reader: LibZipReader, path: String
  ) throws(ZipError) {
    guard UInt64(records.count) == reader.entryCount else {
      throw .invalidDirectory(
        path: path,
        reason: "libzip finds \(reader.entryCount) entries where the end record declares "
          + "\(records.count)")
    }
    for (index, record) in records.enumerated()
    where reader.rawName(at: UInt64(index)) != record.nameBytes.map({ $0 == 0 ? 0x20 : $0 }) {
      throw .invalidDirectory(
        path: path, reason: "libzip reads entry #\(index + 1) under another name")
    }
  }
}

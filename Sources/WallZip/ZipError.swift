/// A failure reading or writing a zip archive; every case names the archive and, where one is
/// involved, the entry.
public enum ZipError: Error, Equatable, CustomStringConvertible {
  /// The archive (or, for `ZipWriter`, its temporary file) could not be opened or created.
  case cannotOpen(path: String, reason: String)
  /// A read from the archive failed or came back short.
  case readFailed(path: String, offset: UInt64, reason: String)
  /// Writing, flushing or renaming the archive failed; `reason` is libzip's or the system's.
  case writeFailed(path: String, reason: String)
  /// The file has no bytes at all.
  case emptyFile(path: String)
  /// No end of central directory record is in the file's last 64 KiB: truncated, or not a zip.
  case missingEndOfCentralDirectory(path: String, fileSize: UInt64)
  /// The end records or the central directory are inconsistent; `reason` is libzip's or ours.
  case invalidDirectory(path: String, reason: String)
  /// An entry's local header or data lies outside the file or is malformed.
  case invalidLocalHeader(path: String, entry: String, reason: String)
  /// The entry uses a compression method other than 0 (stored) or 8 (deflated).
  case unsupportedMethod(path: String, entry: String, method: UInt16)
  /// The entry is encrypted (general purpose flag bit 0).
  case encryptedEntry(path: String, entry: String)
  /// The entry's declared uncompressed size is above the caller's limit.
  case entryTooLarge(path: String, entry: String, size: UInt64, limit: Int)
  /// Inflating produced more bytes than the entry declares; inflation was stopped.
  case exceedsDeclaredSize(path: String, entry: String, declaredSize: UInt64)
  /// The entry's data has a different size than declared.
  case sizeMismatch(path: String, entry: String, declaredSize: UInt64, actualSize: UInt64)
  /// The deflate stream is corrupt; `reason` is libzip's message.
  case corruptData(path: String, entry: String, reason: String)
  /// The extracted bytes do not match the entry's CRC-32.
  case crcMismatch(path: String, entry: String, expected: UInt32, actual: UInt32)
  /// `ZipWriter` was given an unsafe entry name.
  case invalidEntryName(path: String, entry: String, problem: ZipNameProblem)
  /// `ZipWriter` was given a name it already wrote.
  case duplicateEntryName(path: String, entry: String)
  /// A file to add to the archive could not be opened or read.
  case cannotReadSource(path: String, entry: String, source: String, reason: String)
  /// Two entries' bytes overlap (several entries sharing data is how some zip bombs amplify).
  case overlappingEntries(path: String, entry: String, other: String)
  /// The entries' declared uncompressed sizes add up to more than `ZipLimits.totalBytes`.
  case archiveTooLarge(path: String, declaredBytes: UInt64, limit: UInt64)
  /// `ZipWriter` was used after `finish()` or after an error it could not undo.
  case writerClosed(path: String)

  /// One sentence in `path: error: …` form that quotes the offending value.
  public var description: String {
    switch self {
    case .cannotOpen(let path, let reason):
      "\(path): error: cannot open: \(reason)"
    case .readFailed(let path, let offset, let reason):
      "\(path): error: read at offset \(offset) failed: \(reason)"
    case .writeFailed(let path, let reason):
      "\(path): error: write failed: \(reason)"
    case .emptyFile(let path):
      "\(path): error: the file is empty, not a zip archive"
    case .missingEndOfCentralDirectory(let path, let fileSize):
      "\(path): error: no end of central directory record in the \(fileSize)-byte file; "
        + "it is truncated or not a zip archive"
    case .invalidDirectory(let path, let reason):
      "\(path): error: invalid central directory: \(reason)"
    case .invalidLocalHeader(let path, let entry, let reason):
      "\(path): error: entry '\(entry)': invalid local header: \(reason)"
    case .unsupportedMethod(let path, let entry, let method):
      "\(path): error: entry '\(entry)' uses unsupported compression method \(method)"
    case .encryptedEntry(let path, let entry):
      "\(path): error: entry '\(entry)' is encrypted, which is not supported"
    case .entryTooLarge(let path, let entry, let size, let limit):
      "\(path): error: entry '\(entry)' is \(size) bytes, over the limit of \(limit) bytes"
    case .exceedsDeclaredSize(let path, let entry, let declaredSize):
      "\(path): error: entry '\(entry)' inflates past its declared size of \(declaredSize) bytes"
    case .sizeMismatch(let path, let entry, let declaredSize, let actualSize):
      "\(path): error: entry '\(entry)' declares \(declaredSize) bytes but has \(actualSize)"
    case .corruptData(let path, let entry, let reason):
      "\(path): error: entry '\(entry)' has corrupt data: \(reason)"
    case .crcMismatch(let path, let entry, let expected, let actual):
      "\(path): error: entry '\(entry)' has CRC-32 \(hex(actual)) but declares \(hex(expected))"
    case .invalidEntryName(let path, let entry, let problem):
      "\(path): error: entry name '\(ZipNamePolicy.printable(entry))' \(problem)"
    case .duplicateEntryName(let path, let entry):
      "\(path): error: entry '\(entry)' was already added"
    case .cannotReadSource(let path, let entry, let source, let reason):
      "\(path): error: entry '\(entry)': cannot read '\(source)': \(reason)"
    case .overlappingEntries(let path, let entry, let other):
      "\(path): error: entry '\(ZipNamePolicy.printable(entry))' overlaps the bytes of entry "
        + "'\(ZipNamePolicy.printable(other))'; the archive is refused"
    case .archiveTooLarge(let path, let declaredBytes, let limit):
      "\(path): error: the entries declare \(declaredBytes) bytes in all, over the limit of "
        + "\(limit) bytes per archive"
    case .writerClosed(let path):
      "\(path): error: the zip writer is already finished or failed"
    }
  }
}

/// `0x` plus eight hex digits, the way zip tools print CRC-32 values.
private func hex(_ value: UInt32) -> String {
  let digits = String(value, radix: 16)
  return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
}

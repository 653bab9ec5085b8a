/// A zip archive opened for reading: its central directory is parsed up front, entry data is read
/// with positional reads only when asked for, one entry at a time.
///
/// Entries whose names are unsafe paths (absolute, `..`, NUL, …) are kept out of `entries` and
/// listed in `rejected` instead, so the rest of the archive stays usable.
public struct ZipArchive: Sendable {
  /// The path the archive was opened from.
  public let path: String
  /// The entries with safe names, in central directory order.
  public let entries: [ZipEntry]
  /// The entries left out because of their names, in central directory order.
  public let rejected: [RejectedZipEntry]

  let file: ZipInputFile
  private let indexByName: [String: Int]

  /// Opens the archive at `path` and reads its central directory (not the entries' data).
  /// - Parameter path: The `.zip` file to read.
  /// - Throws: `ZipError` when the file cannot be read or its directory is missing or invalid.
  public init(path: String) throws(ZipError) {
    let file = try ZipInputFile(path: path)
    let end = try ZipEndOfCentralDirectory.locate(in: file)
    let directory = try ZipCentralDirectory.read(from: file, end: end)
    self.path = path
    self.file = file
    self.entries = directory.entries
    self.rejected = directory.rejected
    self.indexByName = Dictionary(
      directory.entries.enumerated().map { ($0.element.name, $0.offset) },
      uniquingKeysWith: { first, _ in first })
  }

  /// The safe entry with exactly this name, or nil when there is none.
  /// - Parameter name: The entry name, with a trailing `/` for directories.
  public func entry(named name: String) -> ZipEntry? {
    indexByName[name].map { entries[$0] }
  }
}

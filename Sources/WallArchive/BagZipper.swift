import WallZip

/// Serializes a bag as a deterministic zip.
///
/// As RFC 8493 (section 4) asks, the zip holds one top-level folder named after the bag. Entries sorted bytewise, one fixed timestamp, JPEG, PNG and zip stored (they do
/// not compress), everything else deflated. Each file is streamed from disk in chunks.
enum BagZipper {
  /// File extensions whose bytes are already compressed.
  static let storedExtensions: Set<String> = ["jpg", "jpeg", "png", "zip"]

  /// Writes the bag at `folder` to `zipPath`, its entries under `name/`.
  /// - Parameter folder: The bag's root.
  /// - Parameter name: The top-level folder inside the zip.
  /// - Parameter zipPath: The zip to write (replaced atomically).
  /// - Parameter modified: The timestamp of every entry.
  /// - Throws: `ZipError` when a file cannot be read or the zip written.
  static func zip(folder: String, name: String, to zipPath: String, modified: ZipTimestamp)
    throws(ZipError)
  {
    let writer = try ZipWriter(path: zipPath)
    for relative in BagWriter.files(in: folder) {
      let fileExtension = relative.split(separator: ".").last.map { $0.lowercased() } ?? ""
      try writer.addFile(
        named: "\(name)/\(relative)", contentsOf: "\(folder)/\(relative)", modified: modified,
        compression: storedExtensions.contains(fileExtension) ? .stored : .deflated)
    }
    try writer.finish()
  }
}

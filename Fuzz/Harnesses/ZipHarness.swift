import WallKit

/// Writes the input to a `.zip` file and reads it with `ZipArchive`: the directory, then every
/// entry's contents (under a small limit), as the importer would.
final class ZipHarness: Sendable {
  /// One harness per process: its scratch file is reused.
  static let shared = ZipHarness()

  /// What the archive agrees to inflate: small, so that bombs stop early.
  static let limits = ZipLimits(totalBytes: 4 << 20, entryBytes: 1 << 20)

  private let folder = ScratchFolder("zip")

  /// Opens and reads the archive; every outcome but a crash is fine.
  func run(_ bytes: [UInt8]) {
    let path = "\(folder.path)/input.zip"
    folder.write(bytes, to: "input.zip")
    guard let archive = try? ZipArchive(path: path, limits: Self.limits) else { return }
    for entry in archive.entries {
      _ = archive.entry(named: entry.name)
      _ = try? archive.contents(of: entry, limit: 1 << 20)
    }
    _ = archive.rejected.count
  }
}

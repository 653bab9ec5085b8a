#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes output files, skipping those whose content is already what it would write, so a
/// rebuild with nothing changed rewrites nothing (contents and mtimes stay).
public enum SiteWriter {
  /// Whether a file was written or already up to date.
  public enum Outcome: Sendable, Equatable {
    case written, unchanged
  }

  /// Writes `bytes` to `path` atomically unless the file already holds exactly them.
  public static func write(_ bytes: [UInt8], to path: String) throws(WriteError) -> Outcome {
    if FileSystem.size(of: path) == bytes.count,
      let existing = try? FileSystem.readFile(path, limit: bytes.count), sameBytes(existing, bytes)
    {
      return .unchanged
    }
    try FileSystem.writeAtomically(bytes, to: path)
    return .written
  }

  private static func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    return a.withUnsafeBytes { a in
      b.withUnsafeBytes { b in
        guard let first = a.baseAddress, let second = b.baseAddress else { return true }
        return memcmp(first, second, a.count) == 0
      }
    }
  }

}

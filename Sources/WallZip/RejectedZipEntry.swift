/// A central-directory entry left out of `ZipArchive.entries` because its name is unsafe.
public struct RejectedZipEntry: Sendable, Equatable, CustomStringConvertible {
  /// The entry's name as decoded from the archive (it may contain NUL or `..`).
  public let name: String
  /// Why the name was rejected.
  public let reason: ZipNameProblem

  /// Creates a rejection record.
  /// - Parameter name: The name as decoded from the archive.
  /// - Parameter reason: Why the name is unsafe.
  public init(name: String, reason: ZipNameProblem) {
    self.name = name
    self.reason = reason
  }

  /// One sentence quoting the name, such as `entry '../evil' has a '..' component`.
  public var description: String {
    "entry '\(ZipNamePolicy.printable(name))' \(reason)"
  }
}

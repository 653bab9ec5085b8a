import Foundation

/// A fresh folder under the system temporary directory, removed when the value is released.
public final class TemporaryDirectory: Sendable {
  /// The folder's absolute path.
  public let path: String

  /// Creates the folder.
  /// - Throws: when the system cannot create it.
  public init(_ label: String = "wallgen") throws {
    let base = FileManager.default.temporaryDirectory.path
    path = "\(base)/\(label)-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// The absolute path of `relative` inside the folder.
  public func url(_ relative: String) -> String { "\(path)/\(relative)" }
}

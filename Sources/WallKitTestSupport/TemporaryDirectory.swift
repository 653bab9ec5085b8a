import Foundation
import Synchronization

/// A fresh folder under the system temporary directory, removed when the value is released, or
/// at the latest when the test process exits (a suite's `static let` is never released).
public final class TemporaryDirectory: Sendable {
  /// The folder's absolute path.
  public let path: String

  /// Folders not yet removed; whatever is left when the process exits is removed then.
  private static let live = Mutex<Set<String>>([])
  /// Installs the exit handler once.
  private static let exitHandler: Void = {
    atexit {
      for path in TemporaryDirectory.live.withLock({ $0 }) {
        try? FileManager.default.removeItem(atPath: path)
      }
    }
  }()

  /// Creates the folder.
  /// - Throws: when the system cannot create it.
  public init(_ label: String = "wallgen") throws {
    let base = FileManager.default.temporaryDirectory.path
    path = "\(base)/\(label)-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    Self.exitHandler
    _ = Self.live.withLock { $0.insert(path) }
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
    _ = Self.live.withLock { $0.remove(path) }
  }

  /// The absolute path of `relative` inside the folder.
  public func url(_ relative: String) -> String { "\(path)/\(relative)" }
}

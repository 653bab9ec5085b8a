import Synchronization
import WallKit

/// Helpers for the demo export tests.
enum DemoFiles {
  /// The regular files under `root`, as sorted paths relative to it.
  static func list(_ root: String, prefix: String = "") -> [String] {
    var paths: [String] = []
    for name in FileSystem.contents(of: root) {
      switch FileSystem.kind(of: "\(root)/\(name)") {
      case .directory: paths += list("\(root)/\(name)", prefix: "\(prefix)\(name)/")
      case .regular: paths.append(prefix + name)
      case .missing, .other: break
      }
    }
    return paths.sorted()
  }
}

/// Collects console lines from any thread.
final class LineRecorder: Sendable {
  private let lines = Mutex<[String]>([])

  /// Adds a line.
  func append(_ line: String) { lines.withLock { $0.append(line) } }

  /// Every line so far.
  var all: [String] { lines.withLock { $0 } }
}

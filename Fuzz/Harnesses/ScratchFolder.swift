import Foundation

/// A private folder under the temporary directory that a harness reuses for every input
/// (created once per process; what a run writes there is removed by the next run).
final class ScratchFolder: @unchecked Sendable {
  /// The folder's absolute path.
  let path: String

  /// Creates `<tmp>/wallgen-fuzz-<label>-<pid>`.
  init(_ label: String) {
    let base = FileManager.default.temporaryDirectory.path
    path = "\(base)/wallgen-fuzz-\(label)-\(getpid())"
    try? FileManager.default.removeItem(atPath: path)
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// Removes everything inside the folder, keeping the folder.
  func empty() {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    for name in names { try? FileManager.default.removeItem(atPath: "\(path)/\(name)") }
  }

  /// Writes `bytes` to `relative` (its folder created when missing).
  func write(_ bytes: [UInt8], to relative: String) {
    let full = "\(path)/\(relative)"
    let folder = (full as NSString).deletingLastPathComponent
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: full, contents: Data(bytes))
  }
}

import Foundation
import Synchronization

/// The scratch folders to remove when the process exits: the harnesses live as long as the
/// process, and libFuzzer ends it with `exit`, so their `deinit` never runs.
private let foldersToRemove = Mutex<[String]>([])

/// A private folder under the temporary directory that a harness reuses for every input
/// (created once per process; what a run writes there is removed by the next run).
///
/// Files are written with plain POSIX calls: Foundation's `createFile` writes atomically with an
/// `fsync`, which made the importer harness wait on the disk for most of each run.
final class ScratchFolder: @unchecked Sendable {
  /// The folder's absolute path.
  let path: String

  /// Creates `<tmp>/wallgen-fuzz-<label>-<pid>`.
  init(_ label: String) {
    let base = FileManager.default.temporaryDirectory.path
    path = "\(base)/wallgen-fuzz-\(label)-\(getpid())"
    try? FileManager.default.removeItem(atPath: path)
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    let first = foldersToRemove.withLock { folders in
      defer { folders.append(path) }
      return folders.isEmpty
    }
    if first {
      atexit {
        for folder in foldersToRemove.withLock({ $0 }) {
          try? FileManager.default.removeItem(atPath: folder)
        }
      }
    }
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// Removes every file inside the folder and its subfolders, keeping the folders.
  func empty() {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    for name in names {
      let full = "\(path)/\(name)"
      if unlink(full) != 0 {
        let inner = (try? FileManager.default.contentsOfDirectory(atPath: full)) ?? []
        for file in inner { _ = unlink("\(full)/\(file)") }
      }
    }
  }

  /// Writes `bytes` to `relative` (its folder created when missing); failures are ignored, the
  /// harness then reads a missing file.
  func write(_ bytes: [UInt8], to relative: String) {
    let full = "\(path)/\(relative)"
    if let slash = relative.lastIndex(of: "/") {
      let folder = "\(path)/\(relative[..<slash])"
      if mkdir(folder, 0o755) != 0 && errno == ENOENT {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      }
    }
    let descriptor = open(full, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    var done = 0
    while done < bytes.count {
      let count = bytes[done...].withUnsafeBytes {
        Glibc.write(descriptor, $0.baseAddress, $0.count)
      }
      guard count > 0 else { return }
      done += count
    }
  }
}

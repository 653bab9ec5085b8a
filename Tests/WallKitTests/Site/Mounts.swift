import Foundation
import WallKit
import WallKitTestSupport

/// Mounts and users for the tests of builds that cannot write.
///
/// A small tmpfs that fills up, a read-only bind mount, a build run as `nobody`: each needs
/// root, and the tests skip without it.
enum Mounts {
  /// Whether this process may mount file systems (root, and the container allows it).
  static let canMount: Bool = {
    guard geteuid() == 0, let folder = try? TemporaryDirectory("mount-probe") else { return false }
    guard (try? mount(["-t", "tmpfs", "-o", "size=64k", "tmpfs", folder.path])) != nil else {
      return false
    }
    unmount(folder.path)
    return true
  }()

  /// Whether a command can be run as `nobody` (root, with `setpriv`).
  static let canSwitchUser =
    geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

  /// Runs `mount` with `arguments`, making the mount point (the last argument) first.
  /// - Throws: `WriteError` with mount's message when it fails.
  static func mount(_ arguments: [String]) throws {
    if let point = arguments.last { try FileSystem.createDirectory(point) }
    let (status, errors) = try run("/bin/mount", arguments)
    guard status == 0 else {
      throw WriteError(path: arguments.last ?? "", reason: "mount failed: \(errors)")
    }
  }

  /// Unmounts `point`, ignoring a failure (it may be unmounted already).
  static func unmount(_ point: String) {
    _ = try? run("/bin/umount", [point])
  }

  /// Writes `file` so large that only `blocks` blocks stay free on the file system of `folder`.
  static func fill(_ folder: String, leaving blocks: Int, file: String) throws {
    var info = statvfs()
    guard statvfs(folder, &info) == 0 else {
      throw WriteError(path: folder, reason: FileSystem.lastErrorReason)
    }
    let free = Int(info.f_bavail) - blocks
    try FileSystem.writeAtomically(
      [UInt8](repeating: 0, count: max(0, free) * Int(info.f_frsize)), to: file)
  }

  /// Runs `executable` with `arguments` and returns its exit status and standard error.
  static func run(_ executable: String, _ arguments: [String]) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let errors = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    try process.run()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
  }
}

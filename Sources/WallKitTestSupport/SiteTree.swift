import Foundation
import WallKit
import WallSite

/// Snapshots of a built site, to compare builds byte for byte and to see what a build touched.
public enum SiteTree {
  /// Every regular file under `root` with its bytes, by relative path.
  public static func contents(of root: String) throws -> [String: [UInt8]] {
    var result: [String: [UInt8]] = [:]
    for relative in files(in: root) {
      result[relative] = try FileSystem.readFile("\(root)/\(relative)", limit: 1 << 28)
    }
    return result
  }

  /// Every regular file under `root` with its `FileVersion`, by relative path.
  /// - Throws: `FileSystemError.unreadable` naming a file that cannot be `lstat`ed.
  public static func versions(of root: String) throws -> [String: FileVersion] {
    var result: [String: FileVersion] = [:]
    for relative in files(in: root) {
      result[relative] = try FileVersion(of: "\(root)/\(relative)")
    }
    return result
  }

  /// The files of `after` that are not the same version in `before` (rewritten, or new), sorted.
  /// - Parameters:
  ///   - before: A snapshot taken by `versions(of:)`.
  ///   - after: A later snapshot of the same folder.
  public static func touched(
    from before: [String: FileVersion], to after: [String: FileVersion]
  ) -> [String] {
    after.keys.filter { before[$0] != after[$0] }.sorted()
  }

  /// The wall folders of a site: the folders in `walls/` (a private site's blank
  /// `walls/index.html`, `FolderIndexes`, is no wall).
  public static func wallFolders(in root: String) -> [String] {
    FileSystem.contents(of: "\(root)/walls").filter {
      FileSystem.linkKind(of: "\(root)/walls/\($0)") == .directory
    }
  }

  /// Whether the site file at `path` is one of the blank pages a private site puts in its
  /// folders (`FolderIndexes`).
  public static func isFolderIndex(_ path: String, in root: String) -> Bool {
    path.hasSuffix("index.html")
      && (try? FileSystem.readFile("\(root)/\(path)", limit: 4096)).map(FolderIndexes.isPage)
        == true
  }

  /// Relative paths of the regular files under `root`, sorted.
  public static func files(in root: String) -> [String] {
    var found: [String] = []
    func walk(_ folder: String, _ prefix: String) {
      for name in FileSystem.contents(of: folder) {
        let path = "\(folder)/\(name)"
        switch FileSystem.linkKind(of: path) {
        case .directory: walk(path, prefix + name + "/")
        case .regular: found.append(prefix + name)
        default: break
        }
      }
    }
    walk(root, "")
    return found.sorted()
  }
}

/// One version of a file: its inode, size and modification and change times.
///
/// wallgen writes by renaming a new file over the old one, so a rewrite gets a new inode
/// however soon it follows (the new file exists while the old one still holds its inode); a
/// write in place changes the change time (`st_ctim`), the size or the modification time. So no
/// sleep is needed between two snapshots.
public struct FileVersion: Hashable, Sendable {
  /// The file's device and inode number.
  public let device: UInt64
  public let inode: UInt64
  /// Its size in bytes.
  public let size: Int64
  /// Its modification and inode change times, in nanoseconds since 1970.
  public let modified: Int64
  public let changed: Int64

  /// The version of the file at `path` now (not following a symlink).
  /// - Throws: `FileSystemError.unreadable` naming the file and the reason.
  public init(of path: String) throws {
    var info = stat()
    guard lstat(path, &info) == 0 else {
      throw FileSystemError.unreadable(path: path, reason: String(cString: strerror(errno)))
    }
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    size = Int64(info.st_size)
    modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
  }
}

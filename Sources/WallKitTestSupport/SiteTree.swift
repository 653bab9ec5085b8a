import Foundation
import WallKit

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

  /// Every regular file under `root` with its modification time (nanoseconds), by relative path.
  public static func modificationTimes(of root: String) throws -> [String: Int64] {
    var result: [String: Int64] = [:]
    for relative in files(in: root) {
      let attributes = try FileManager.default.attributesOfItem(atPath: "\(root)/\(relative)")
      let date = attributes[.modificationDate] as? Date ?? .distantPast
      result[relative] = Int64(date.timeIntervalSince1970 * 1e9)
    }
    return result
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

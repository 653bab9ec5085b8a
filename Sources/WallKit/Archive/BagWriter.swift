import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Writes a bundle plan as a BagIt bag (RFC 8493) into a fresh folder.
///
/// The payload goes under `data/`, then `bagit.txt`, `bag-info.txt`, `manifest-sha256.txt` and `tagmanifest-sha256.txt`.
/// Files are copied one at a time, so memory holds at most one file, whatever the bag's size.
enum BagWriter {
  /// Writes `plan` into `folder` (created, with its parents) and returns the payload's entries.
  /// - Parameter plan: The payload.
  /// - Parameter folder: The bag's root; it should not exist yet.
  /// - Parameter info: `bag-info.txt` fields; `Payload-Oxum` is added after them.
  /// - Throws: `WriteError` when a file cannot be read from the cache or written.
  static func write(
    _ plan: BundlePlan, to folder: String, info: [(label: String, value: String)]
  ) throws(WriteError) -> [BagIt.Entry] {
    var payload: [BagIt.Entry] = []
    for file in plan.files {
      let bytes: [UInt8]
      switch file.source {
      case .bytes(let made): bytes = made
      case .file(let source):
        do {
          bytes = try FileSystem.readFile(source, limit: Int.max)
        } catch {
          throw WriteError(path: source, reason: "cannot copy into the bundle: \(error)")
        }
      }
      try FileSystem.writeAtomically(bytes, to: "\(folder)/data/\(file.path)")
      payload.append(
        BagIt.Entry(path: "data/\(file.path)", sha256: SHA256.hex(bytes), size: bytes.count))
    }
    var tags: [BagIt.Entry] = []
    let tagFiles = [
      ("bagit.txt", BagIt.declaration),
      ("bag-info.txt", BagIt.bagInfo(info + [("Payload-Oxum", BagIt.payloadOxum(payload))])),
      ("manifest-\(BagIt.algorithm).txt", BagIt.manifest(payload)),
    ]
    for (name, text) in tagFiles {
      let bytes = Array(text.utf8)
      try FileSystem.writeAtomically(bytes, to: "\(folder)/\(name)")
      tags.append(BagIt.Entry(path: name, sha256: SHA256.hex(bytes), size: bytes.count))
    }
    try FileSystem.writeAtomically(
      BagIt.manifest(tags), to: "\(folder)/tagmanifest-\(BagIt.algorithm).txt")
    return payload
  }

  /// Puts a finished bag at `destination`, replacing an earlier one: the old folder is moved
  /// aside first and deleted only once the new one is in place.
  /// - Throws: `WriteError` when a rename fails.
  static func install(_ folder: String, at destination: String) throws(WriteError) {
    let aside = destination + FileSystem.temporarySuffix + "old-\(getpid())"
    let replacing = FileSystem.linkKind(of: destination) != .missing
    if replacing {
      removeTree(aside)
      guard rename(destination, aside) == 0 else {
        throw WriteError(path: destination, reason: FileSystem.lastErrorReason)
      }
    }
    guard rename(folder, destination) == 0 else {
      let reason = FileSystem.lastErrorReason
      if replacing { _ = rename(aside, destination) }
      throw WriteError(path: destination, reason: reason)
    }
    if replacing { removeTree(aside) }
  }

  /// Deletes a file or folder tree (symlinks are removed, never followed); ignores a missing path.
  static func removeTree(_ path: String) {
    guard FileSystem.linkKind(of: path) != .missing else { return }
    try? FileManager.default.removeItem(atPath: path)
  }

  /// Every regular file under `folder`, as paths relative to it, sorted bytewise.
  static func files(in folder: String) -> [String] {
    var found: [String] = []
    func walk(_ path: String, _ prefix: String) {
      for name in FileSystem.contents(of: path) {
        switch FileSystem.linkKind(of: "\(path)/\(name)") {
        case .directory: walk("\(path)/\(name)", prefix + name + "/")
        case .regular: found.append(prefix + name)
        default: break
        }
      }
    }
    walk(folder, "")
    return found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }
}

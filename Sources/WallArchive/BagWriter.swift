import Foundation
import WallSupport
import WallZip

#if canImport(Glibc)
  import Glibc
#endif

/// Writes a bundle plan as a BagIt bag (RFC 8493) into a fresh folder.
///
/// The payload goes under `data/`, then `bagit.txt`, `bag-info.txt`, `manifest-sha256.txt` and `tagmanifest-sha256.txt`.
/// Files are copied one at a time in fixed-size chunks and hashed as they are copied, so memory
/// does not grow with the files or the bag.
enum BagWriter {
  /// Writes `plan` into `folder` (created, with its parents) and returns the payload's entries.
  /// - Parameter plan: The payload.
  /// - Parameter folder: The bag's root; it should not exist yet.
  /// - Parameter info: `bag-info.txt` fields; `Payload-Oxum` is added after them.
  /// - Parameter opener: The top-level `index.html` tag file (`BagOpener`).
  /// - Parameter modified: The timestamp of every entry of the zip of the owner's photos.
  /// - Throws: `WriteError` when a file cannot be read from the cache or written.
  static func write(
    _ plan: BundlePlan, to folder: String, info: [(label: String, value: String)],
    opener: String, modified: ZipTimestamp
  ) throws(WriteError) -> [BagIt.Entry] {
    var payload: [BagIt.Entry] = []
    let hasher = SHA256.hasher()
    if !plan.photos.isEmpty {
      payload.append(try writePhotoArchive(plan.photos, in: folder, modified: modified))
    }
    for file in plan.files {
      let destination = "\(folder)/data/\(file.path)"
      let size: Int
      switch file.source {
      case .bytes(let made):
        try FileSystem.writeAtomically(made, to: destination)
        hasher.update(made)
        size = made.count
      case .file(let source):
        size = try FileSystem.copyAtomically(source, to: destination) { hasher.update($0) }
      }
      payload.append(
        BagIt.Entry(path: "data/\(file.path)", sha256: Hex.encode(hasher.finalize()), size: size))
    }
    var tags: [BagIt.Entry] = []
    let tagFiles = [
      (BagOpener.fileName, opener),
      ("bagit.txt", BagIt.declaration),
      ("bag-info.txt", BagIt.bagInfo(info + [("Payload-Oxum", BagIt.payloadOxum(payload))])),
      ("manifest-\(BagIt.algorithm).txt", BagIt.manifest(payload)),
    ]
    for (name, text) in tagFiles {
      let bytes = Array(text.utf8)
      try FileSystem.writeAtomically(bytes, to: "\(folder)/\(name)")
      tags.append(
        BagIt.Entry(path: name, sha256: Hex.encode(SHA256.digest(bytes)), size: bytes.count))
    }
    try FileSystem.writeAtomically(
      BagIt.manifest(tags), to: "\(folder)/tagmanifest-\(BagIt.algorithm).txt")
    return payload
  }

  /// Writes the zip of the owner's photos, `data/my-photos.zip` (entries in the plan's order,
  /// stored, every one stamped `modified`), and returns its payload entry.
  /// - Throws: `WriteError` naming the zip when a photo cannot be read or the zip written.
  private static func writePhotoArchive(
    _ photos: [BundlePlan.Photo], in folder: String, modified: ZipTimestamp
  ) throws(WriteError) -> BagIt.Entry {
    let path = "data/\(BundlePlan.photoArchive)"
    // Made outside data/, then copied in and hashed in one pass, as every payload file is.
    let made = "\(folder)/\(BundlePlan.photoArchive)\(FileSystem.temporarySuffix)zip"
    try FileSystem.createDirectory("\(folder)/data")
    do {
      let writer = try ZipWriter(path: made)
      for photo in photos {
        try writer.addFile(
          named: photo.name, contentsOf: photo.source, modified: modified, compression: .stored)
      }
      try writer.finish()
    } catch {
      removeTree(made)
      throw WriteError(path: "\(folder)/\(path)", reason: "\(error)")
    }
    defer { removeTree(made) }
    let hasher = SHA256.hasher()
    let size = try FileSystem.copyAtomically(made, to: "\(folder)/\(path)") { hasher.update($0) }
    return BagIt.Entry(path: path, sha256: Hex.encode(hasher.finalize()), size: size)
  }

  /// Puts a finished bag at `destination`, replacing an earlier one: the old folder is moved
  /// aside first and deleted only once the new one is in place.
  ///
  /// Only a bag wallgen wrote is replaced (`BagOwnership.isOwnBag`): anything else at
  /// `destination` is left as it is.
  /// - Throws: `WriteError` when `destination` is not wallgen's or a rename fails.
  static func install(_ folder: String, at destination: String) throws(WriteError) {
    let aside = destination + FileSystem.temporarySuffix + "old-\(getpid())"
    let replacing = FileSystem.linkKind(of: destination) != .missing
    if replacing && !BagOwnership.isOwnBag(destination) {
      throw WriteError(
        path: destination, reason: "not a bag wallgen wrote, so it is not replaced; move it away")
    }
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

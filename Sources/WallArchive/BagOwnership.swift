import WallSupport
import WallZip

/// Which bags and zips in an archive's folder wallgen wrote, and so may replace.
///
/// A bag is wallgen's when it is a real folder (no symlink) whose `bag-info.txt` names wallgen
/// as its `Bag-Software-Agent`, as every bag it wrote does, this version or an earlier one. A
/// zip is wallgen's when the bag beside it is, or when its own `<name>/bag-info.txt` says so.
/// Anything else of a bundle's name (a user's `Documents` folder in `-o ~/home --force`) is
/// refused, never deleted or overwritten.
enum BagOwnership {
  /// The start of the `bag-info.txt` line by which wallgen recognises its bags (`Archiver`
  /// writes `Bag-Software-Agent: wallgen <version>`).
  static let agentLine = "Bag-Software-Agent: wallgen "

  /// The most bytes of a `bag-info.txt` read to recognise it.
  static let infoLimit = 1 << 16

  /// Whether `folder` is a bag wallgen wrote.
  static func isOwnBag(_ folder: String) -> Bool {
    let info = "\(folder)/bag-info.txt"
    guard FileSystem.linkKind(of: folder) == .directory,
      FileSystem.linkKind(of: info) == .regular,
      let bytes = try? FileSystem.readFile(info, limit: infoLimit)
    else { return false }
    return namesWallgen(bytes)
  }

  /// Whether the zip at `path` holds a bag named `name` that wallgen wrote.
  static func isOwnZip(_ path: String, name: String) -> Bool {
    guard FileSystem.linkKind(of: path) == .regular,
      let archive = try? ZipArchive(path: path),
      let entry = archive.entry(named: "\(name)/bag-info.txt"),
      let bytes = try? archive.contents(of: entry, limit: infoLimit)
    else { return false }
    return namesWallgen(bytes)
  }

  /// Whether the folder `output` holds a bag wallgen wrote.
  static func holdsOwnBag(_ output: String) -> Bool {
    FileSystem.contents(of: output).contains { isOwnBag("\(output)/\($0)") }
  }

  /// Checks that the bundle `name` may be written into `output`: its folder (and, with `zip`,
  /// its zip) is missing or wallgen's.
  /// - Throws: `ArchiveError.foreignBundle` naming what is in the way.
  static func checkReplaceable(_ name: String, in output: String, zip: Bool)
    throws(ArchiveError)
  {
    let folder = "\(output)/\(name)"
    let folderIsOwn = isOwnBag(folder)
    guard folderIsOwn || FileSystem.linkKind(of: folder) == .missing else {
      throw .foreignBundle(path: folder)
    }
    let zipPath = "\(output)/\(name).zip"
    guard
      !zip || folderIsOwn || FileSystem.linkKind(of: zipPath) == .missing
        || isOwnZip(zipPath, name: name)
    else {
      throw .foreignBundle(path: zipPath)
    }
  }

  /// Checks that the WACZ of the bundle `name` may be written into `output`: it is missing,
  /// the bag beside it is wallgen's, or its own `datapackage.json` names wallgen as its
  /// `software`.
  /// - Throws: `ArchiveError.foreignBundle` naming the file in the way.
  static func checkReplaceableWACZ(_ name: String, in output: String) throws(ArchiveError) {
    let path = "\(output)/\(name).wacz"
    guard
      FileSystem.linkKind(of: path) == .missing || isOwnBag("\(output)/\(name)")
        || isOwnWACZ(path)
    else {
      throw .foreignBundle(path: path)
    }
  }

  /// Whether the WACZ at `path` is one wallgen wrote.
  static func isOwnWACZ(_ path: String) -> Bool {
    guard FileSystem.linkKind(of: path) == .regular,
      let archive = try? ZipArchive(path: path),
      let entry = archive.entry(named: "datapackage.json"),
      let bytes = try? archive.contents(of: entry, limit: infoLimit)
    else { return false }
    return String(decoding: bytes, as: UTF8.self).contains("\"software\":\"wallgen ")
  }

  private static func namesWallgen(_ bytes: [UInt8]) -> Bool {
    String(decoding: bytes, as: UTF8.self).split(separator: "\n").contains {
      $0.hasPrefix(agentLine)
    }
  }
}

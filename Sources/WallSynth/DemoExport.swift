import WallKit

/// The demo export bundled in `Examples/demo-export`: a small but complete wall export
/// (docs/input-format.md) with 12 users, 40 photos plus 3 of the older schema, about 60 comments, ACLs,
/// a role, secrets that must never leak, and one deliberately truncated JPEG.
///
/// Generation is deterministic: fixed data, seeded pictures, no clock, sorted rows, so the
/// committed files can be checked against a fresh run byte for byte.
public enum DemoExport {
  /// Where the demo lives in the repository, and where `wallgen` looks when given no export
  /// (`WallCLI.demoExport`; a test keeps the two equal).
  public static let defaultRoot = "Examples/demo-export"

  /// What a run wrote.
  public struct Summary: Sendable, Equatable, CustomStringConvertible {
    /// `_User` rows.
    public var users: Int
    /// `WallImage` rows.
    public var images: Int
    /// `WallImageObject` rows (the older schema).
    public var legacyImages: Int
    /// `WallImageComment` rows.
    public var comments: Int
    /// Files under `graph/` that are pictures.
    public var profilePictures: Int
    /// Every file written.
    public var files: Int
    /// Their total size in bytes.
    public var bytes: Int
    /// Paths, relative to the export, of the files that are broken on purpose.
    public var brokenFiles: [String]

    public var description: String {
      "\(users) users, \(images) images + \(legacyImages) older-schema images, \(comments) comments, "
        + "\(profilePictures) profile pictures; \(files) files, \(bytes) bytes; "
        + "broken on purpose: \(brokenFiles.joined(separator: ", "))"
    }
  }

  /// One file of the export.
  struct File: Sendable {
    /// The path relative to the export's root.
    let path: String
    let bytes: [UInt8]
  }

  /// The Parse application id that appears in file URLs.
  static let applicationID = DemoIdentifier.uuid("application")

  /// JPEG quality for photos and profile pictures: moderate, so the demo stays small.
  static let jpegQuality = 75

  /// Writes the demo export into `root`, creating it if needed.
  ///
  /// Files that an earlier run wrote there but this one did not are removed (see
  /// `removeStaleFiles`). Nothing outside `root` is touched.
  /// - Parameter root: The export folder.
  /// - Returns: What was written.
  /// - Throws: `DemoExportError` when a file cannot be written or a picture encoded.
  public static func write(to root: String) throws(DemoExportError) -> Summary {
    let writer: ExportWriter
    do {
      writer = try ExportWriter(root: root)
    } catch {
      throw .write(error)
    }
    let files = try files()
    do {
      for file in files { try writer.writeFile(file.path, file.bytes) }
      try removeStaleFiles(in: root, keeping: Set(files.map(\.path)))
    } catch {
      throw .write(error)
    }
    return Summary(
      users: DemoCast.users.count, images: DemoAlbum.photos.count,
      legacyImages: DemoAlbum.legacyPhotos.count, comments: DemoConversation.comments.count,
      profilePictures: files.count { $0.path.hasPrefix("graph/") && !$0.path.hasSuffix(".json") },
      files: files.count, bytes: files.reduce(0) { $0 + $1.bytes.count },
      brokenFiles: DemoAlbum.allPhotos.filter(\.isBroken).map { "files/\($0.fileName)" })
  }

  /// Every file of the export, sorted by path.
  static func files() throws(DemoExportError) -> [File] {
    var files = [
      classFile("_User", userRows()),
      classFile("_Join:friends:_User", friendRows()),
      classFile("_Role", roleRows()),
      classFile("_Join:users:_Role", roleMemberRows()),
      classFile("WallImage", imageRows(DemoAlbum.photos, legacy: false)),
      classFile("WallImageObject", imageRows(DemoAlbum.legacyPhotos, legacy: true)),
      classFile("WallImageComment", commentRows()),
    ]
    for (path, document) in graphDocuments() {
      files.append(File(path: path, bytes: Array((document.serialized + "\n").utf8)))
    }
    for user in DemoCast.users {
      if let picture = try profilePicture(of: user) { files.append(picture) }
    }
    let photos = DemoAlbum.allPhotos
    for (photo, bytes) in zip(photos, try encodeAll(photos)) {
      files.append(File(path: "files/\(photo.fileName)", bytes: bytes))
    }
    return files.sorted { $0.path < $1.path }
  }

  /// `<className>.json` as `{"results": [...]}`, one row per line so the committed files read
  /// and diff well, rows sorted by objectId (join rows by their two ids).
  static func classFile(_ className: String, _ rows: [JSONValue]) -> File {
    func order(_ row: JSONValue) -> [String] {
      ["objectId", "owningId", "relatedId"].map { row[$0]?.stringValue ?? "" }
    }
    let lines = rows.sorted { order($0).lexicographicallyPrecedes(order($1)) }.map(\.serialized)
    let text = "{\"results\":[\n" + lines.joined(separator: ",\n") + "\n]}\n"
    return File(path: "\(className).json", bytes: Array(text.utf8))
  }
}

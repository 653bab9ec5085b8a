import WallReport
import WallSupport

/// Why an export, or a file inside it, could not be read.
public enum ImportError: Error, Equatable, CustomStringConvertible {
  /// The export path does not exist or is neither a folder nor a zip file.
  case notAnExport(path: String, reason: String)
  /// A file the import needs is absent.
  case notFound(path: String)
  /// A name that would leave the export (absolute, `..`, a symlink pointing out).
  case outsideExport(path: String)
  /// A file larger than the import accepts.
  case tooLarge(path: String, bytes: Int, limit: Int)
  /// The operating system or the zip reader failed to read a file.
  case unreadable(path: String, reason: String)
  /// Class files the walls are made of could not be read as a whole (not valid JSON, over
  /// their size cap, unreadable, or their zip entry refused): `problems` says why, one per file,
  /// with the line and column of a syntax error. Nothing may be built from such an export.
  case unreadableClassFiles(problems: [Problem])
  /// The export at `path` has no user (`_User.json` is absent, empty or unreadable).
  case noUsers(path: String)
  /// The export at `path` has users but neither `WallImage.json` nor `WallImageObject.json`;
  /// `classFiles` are the class files (`*.json` at its root) it has, sorted.
  case noWallClassFile(path: String, classFiles: [String])
  /// Some class files are a Parse.com export and others a Parse Server database export
  /// (`mongoexport`): each list names the files of one layout. Nothing may be built from it.
  case mixedLayouts(parseCom: [String], parseServer: [String])
  /// The takedown list of `file` names two people by `entry`: it is the objectId of the user
  /// `byObjectId` and the username of the users `byUsername` (sorted objectIds), or the
  /// username of two of them. Nothing is built until it names one.
  case ambiguousExclusion(file: String, entry: String, byObjectId: String?, byUsername: [String])

  public var description: String {
    switch self {
    case .notAnExport(let path, let reason): "\(path): not an export: \(reason)"
    case .notFound(let path): "\(path): file not found"
    case .outsideExport(let path): "\(path): refers outside the export; refused"
    case .tooLarge(let path, let bytes, let limit):
      "\(path): file of \(bytes) bytes exceeds the limit of \(limit) bytes"
    case .unreadable(let path, let reason): "\(path): cannot be read: \(reason)"
    case .unreadableClassFiles, .mixedLayouts: reason
    case .ambiguousExclusion(let file, _, _, _): "\(file): \(reason)"
    case .noUsers(let path), .noWallClassFile(let path, _): "\(path): \(reason)"
    }
  }

  /// A sentence without the path, for reports that name the file separately.
  public var reason: String {
    switch self {
    case .notAnExport(_, let reason): "not an export: \(reason)"
    case .notFound: "file not found"
    case .outsideExport: "refers outside the export; refused"
    case .tooLarge(_, let bytes, let limit):
      "file of \(bytes) bytes exceeds the limit of \(limit) bytes"
    case .unreadable(_, let reason): "cannot be read: \(reason)"
    case .unreadableClassFiles(let problems):
      Self.listed(problems.map(\.file))
        + " cannot be read, so nothing is built from this export"
    case .noUsers:
      "the export has no user, so there is no wall to build"
    case .noWallClassFile(_, let classFiles):
      "the export has users but no class file of walls, so nothing is built from it: "
        + "expected WallImage.json or WallImageObject.json, found "
        + (classFiles.isEmpty ? "no class file" : Self.listed(classFiles))
        + (Self.closestWallClassFile(in: classFiles).map { "; did you mean '\($0)'?" } ?? "")
    case .mixedLayouts(let parseCom, let parseServer):
      "the class files mix two layouts: \(Self.listed(parseCom)) "
        + (parseCom.count == 1 ? "is" : "are") + " in the form of a \(ExportLayout.parseCom), "
        + "\(Self.listed(parseServer)) " + (parseServer.count == 1 ? "is" : "are")
        + " in the form of a \(ExportLayout.parseServer); nothing is built from this export"
    case .ambiguousExclusion(_, let entry, let byObjectId, let byUsername):
      "'exclude' names the user '\(TerminalText.escaped(entry))', which is "
        + [
          byObjectId.map { "the objectId of user \(TerminalText.escaped($0))" },
          byUsername.isEmpty
            ? nil
            : "the username of user\(byUsername.count == 1 ? "" : "s") "
              + Self.listed(byUsername.map(TerminalText.escaped)),
        ].compactMap { $0 }.joined(separator: " and ")
        + ", so it names more than one person: write "
        + "'\(ExportExclusion.objectIdPrefix)<objectId>' for the one meant; nothing is built"
    }
  }

  /// Whether the error is about the export as a whole, found after reading it, rather than
  /// about opening it: nothing may be built from it.
  public var isFileLevelFailure: Bool {
    switch self {
    case .unreadableClassFiles, .noUsers, .noWallClassFile, .mixedLayouts, .ambiguousExclusion:
      true
    default: false
    }
  }

  /// The class file of `classFiles` whose name is closest to a class file of walls, if one is
  /// close: a misnamed `WallImages.json`.
  static func closestWallClassFile(in classFiles: [String]) -> String? {
    ["WallImage.json", "WallImageObject.json"].lazy.compactMap {
      EditDistance.closest(to: $0, in: classFiles, limit: 1).first
    }.first
  }

  /// "a", "a and b", "a, b and c".
  package static func listed(_ names: [String]) -> String {
    guard let last = names.last else { return "" }
    let head = names.dropLast()
    return head.isEmpty ? last : head.joined(separator: ", ") + " and " + last
  }
}

extension ImportError {
  /// The import's error for a file of the export that `FileSystem` could not read.
  /// - Parameters:
  ///   - error: What `FileSystem` reported.
  ///   - path: The file's path inside the export, named in the message instead of the real one.
  init(_ error: FileSystemError, path: String) {
    switch error {
    case .notFound: self = .notFound(path: path)
    case .tooLarge(_, let bytes, let limit):
      self = .tooLarge(path: path, bytes: bytes, limit: limit)
    case .unreadable(_, let reason): self = .unreadable(path: path, reason: reason)
    }
  }
}

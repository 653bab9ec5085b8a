import WallReport

/// Read access to the files of one export, whatever holds them (a folder or a zip).
///
/// Every path is relative to the export root and `/`-separated; nothing outside the root can be
/// reached through it.
public protocol ExportSource: Sendable {
  /// The export's location, for messages.
  var location: String { get }

  /// Whether `path` names a regular file inside the export.
  func fileExists(_ path: String) -> Bool

  /// The names of the regular files directly inside `directory` ("" for the root), sorted.
  func fileNames(in directory: String) -> [String]

  /// Gives `body` the names `fileNames(in:)` gives, in no particular order and without
  /// gathering them where the container allows it (a folder is read with `readdir`), so that
  /// a folder of any size costs one name at a time.
  func forEachFileName(in directory: String, _ body: (String) -> Void)

  /// Whether the folder `directory` of the export is missing, empty, or holds a file at any
  /// depth: how the import tells an export whose `files/` was never filled from one that lost
  /// a few files.
  func folderState(_ directory: String) -> FolderState

  /// The bytes of `path`.
  /// - Throws: `ImportError` when the file is absent, outside the export, over `limit`
  ///   bytes, or unreadable.
  func read(_ path: String, limit: Int) throws(ImportError) -> [UInt8]

  /// `path` as a stream read into the caller's buffer: a folder's file through its file
  /// descriptor, a zip's entry through libzip (within `ZipLimits`), so that reading it holds no
  /// more than that buffer; a source that can only read whole reads it whole under
  /// `wholeLimit` and hands it out.
  /// - Parameters:
  ///   - path: The file.
  ///   - wholeLimit: The largest file a source that reads whole accepts, in bytes.
  /// - Throws: `ImportError` when the file is absent, outside the export, not a regular file,
  ///   or cannot be opened (or, read whole, is over `wholeLimit` or unreadable).
  func stream(_ path: String, wholeLimit: Int) throws(ImportError) -> any ExportFileStream

  /// The size of `path` in bytes as the container records it, or nil when it cannot tell: a
  /// hint for scheduling work (largest first), never a check; `read` checks its own limit.
  func byteCount(of path: String) -> Int?

  /// Problems found while opening the export (e.g. zip entries refused for unsafe names), each
  /// naming its file by its path in the export.
  var openingProblems: [Problem] { get }

  /// A short text that changes whenever the file's content does, cheaper than reading it
  /// where the container can tell (a zip entry's CRC-32 and size; a file's size, change time
  /// and inode); nil when the file is absent.
  func contentIdentity(of path: String) -> String?

  /// Gives `body` every file of the export, at any depth, with its content identity, in no
  /// particular order and without gathering them (a folder is walked with `readdir`): any change
  /// anywhere in the export (a file added, removed, replaced or edited, in any subfolder)
  /// changes what it gives (`ExportContentDigest`).
  /// - Parameter body: Receives each file's path and identity.
  func forEachContentIdentity(_ body: (_ path: String, _ identity: String) -> Void)
}

/// What a folder of an export holds, as far as a build cares.
public enum FolderState: Sendable, Equatable {
  /// There is no such folder.
  case missing
  /// The folder is there but holds no file (at any depth).
  case empty
  /// The folder holds at least one file.
  case holdsFiles
}

extension ExportSource {
  public var openingProblems: [Problem] { [] }

  public func folderState(_ directory: String) -> FolderState {
    fileNames(in: directory).isEmpty ? .missing : .holdsFiles
  }

  public func byteCount(of path: String) -> Int? { nil }

  public func forEachFileName(in directory: String, _ body: (String) -> Void) {
    for name in fileNames(in: directory) { body(name) }
  }

  /// Every file of the export, at any depth, with its content identity, sorted by path
  /// (`forEachContentIdentity`, gathered: memory grows with the export).
  public func allContentIdentities() -> [(path: String, identity: String)] {
    var found: [(path: String, identity: String)] = []
    forEachContentIdentity { found.append(($0, $1)) }
    return found.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
  }

  /// Reads `path` whole under `wholeLimit` and hands it out in pieces.
  public func stream(_ path: String, wholeLimit: Int) throws(ImportError) -> any ExportFileStream {
    WholeFileStream(try read(path, limit: wholeLimit))
  }
}

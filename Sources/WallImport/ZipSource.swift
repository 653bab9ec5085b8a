import WallReport
import WallZip

/// An export packed as a `.zip`.
///
/// When every entry sits under one top-level folder (as when a folder is zipped), that folder is
/// the export root. Unsafe entry names never reach here: the zip reader rejects them, and the
/// import reports them.
///
/// Its `stream` reads an entry a piece at a time (`ZipArchive.stream(of:limit:)`), within
/// `ZipLimits.entryBytes` but not the caller's `wholeLimit`: a plan's part reads a zipped
/// class file of any size the zip allows in the memory of its buffer, as it reads a folder's.
public struct ZipSource: ExportSource {
  public let location: String
  private let archive: ZipArchive
  private let prefix: String
  private let entriesByPath: [String: ZipEntry]
  /// The folder entries, by path in the export without their trailing `/`.
  private let folders: Set<String>

  /// Opens the zip at `path` and reads its directory.
  /// - Parameter path: The `.zip` file.
  /// - Parameter limits: How many uncompressed bytes the export and each file may hold.
  /// - Throws: `ImportError.notAnExport` when it is not a readable zip, or declares more than
  ///   `limits` allow.
  public init(path: String, limits: ZipLimits = .standard) throws(ImportError) {
    do {
      archive = try ZipArchive(path: path, limits: limits)
    } catch {
      // The zip error starts with the path and "error:", which the import error says itself.
      let text = "\(error)"
      let prefix = "\(path): error: "
      throw .notAnExport(
        path: path, reason: text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text)
    }
    location = path
    let files = archive.entries.filter { !$0.isDirectory }
    let tops = Set(
      files.map { $0.name.split(separator: "/", maxSplits: 1).first.map(String.init) ?? "" })
    let nested = files.allSatisfy { $0.name.contains("/") }
    prefix = (tops.count == 1 && nested) ? (tops.first ?? "") + "/" : ""
    var map: [String: ZipEntry] = [:]
    for entry in files where entry.name.hasPrefix(prefix) {
      map[String(entry.name.dropFirst(prefix.count))] = entry
    }
    entriesByPath = map
    let top = prefix
    folders = Set(
      archive.entries.filter { $0.isDirectory && $0.name.hasPrefix(top) }.map { entry in
        var name = String(entry.name.dropFirst(top.count))
        while name.hasSuffix("/") { name.removeLast() }
        return name
      })
  }

  /// Entry names the zip reader refused, as import problems, each naming the entry by its path
  /// in the export (without the top-level folder that holds the export, if any).
  public var openingProblems: [Problem] {
    archive.rejected.map {
      let inExport = $0.name.hasPrefix(prefix) ? String($0.name.dropFirst(prefix.count)) : $0.name
      return Problem(
        .error, file: inExport, reason: "zip entry refused: \($0.reason); its content is not read")
    }
  }

  public func contentIdentity(of path: String) -> String? {
    entriesByPath[path].map { "crc\($0.crc32):\($0.uncompressedSize)" }
  }

  /// Every entry of the zip (refused ones included, by name), so any change inside it counts.
  public func forEachContentIdentity(_ body: (_ path: String, _ identity: String) -> Void) {
    for (path, entry) in entriesByPath { body(path, "crc\(entry.crc32):\(entry.uncompressedSize)") }
    for refused in archive.rejected { body("refused:" + refused.name, refused.reason.description) }
  }

  public func byteCount(of path: String) -> Int? {
    entriesByPath[path].map { Int(clamping: $0.uncompressedSize) }
  }

  public func fileExists(_ path: String) -> Bool {
    entriesByPath[path] != nil
  }

  public func fileNames(in directory: String) -> [String] {
    let head = directory.isEmpty ? "" : directory + "/"
    return entriesByPath.keys.filter {
      $0.hasPrefix(head) && !$0.dropFirst(head.count).contains("/")
    }
    .map { String($0.dropFirst(head.count)) }.sorted()
  }

  public func folderState(_ directory: String) -> FolderState {
    let head = directory + "/"
    if entriesByPath.keys.contains(where: { $0.hasPrefix(head) }) { return .holdsFiles }
    return folders.contains(directory) ? .empty : .missing
  }

  public func stream(_ path: String, wholeLimit: Int) throws(ImportError)
    -> any ExportFileStream
  {
    guard ExportPath.isSafeRelative(path) else { throw .outsideExport(path: path) }
    guard let entry = entriesByPath[path] else { throw .notFound(path: path) }
    do {
      return ZipFileStream(try archive.stream(of: entry, limit: Int.max), path: path)
    } catch {
      throw .unreadable(path: path, reason: "\(error)")
    }
  }

  public func read(_ path: String, limit: Int) throws(ImportError) -> [UInt8] {
    guard ExportPath.isSafeRelative(path) else { throw .outsideExport(path: path) }
    guard let entry = entriesByPath[path] else { throw .notFound(path: path) }
    guard entry.uncompressedSize <= UInt64(limit) else {
      throw .tooLarge(path: path, bytes: Int(clamping: entry.uncompressedSize), limit: limit)
    }
    do {
      return try archive.contents(of: entry, limit: limit)
    } catch {
      throw .unreadable(path: path, reason: "\(error)")
    }
  }
}

/// An entry of a zipped export read a piece at a time.
final class ZipFileStream: ExportFileStream {
  private let stream: ZipEntryStream
  /// The entry's path in the export, for errors.
  private let path: String

  init(_ stream: ZipEntryStream, path: String) {
    self.stream = stream
    self.path = path
  }

  func read(into buffer: UnsafeMutableRawBufferPointer) throws(ImportError) -> Int {
    do {
      return try stream.read(into: buffer)
    } catch {
      throw .unreadable(path: path, reason: "\(error)")
    }
  }
}

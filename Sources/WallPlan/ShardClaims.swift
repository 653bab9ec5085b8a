import WallJSON
import WallSite
import WallSupport

/// What a shard's run wrote or may have written, so that a later build can remove it when no
/// longer needed: site files, media records in the state folder, and wall folders whose pages
/// were not listed one by one (a run that had not finished).
struct ShardClaims: Sendable, Equatable {
  /// Site-relative paths of files.
  var files: [String] = []
  /// State-relative paths of media records.
  var records: [String] = []
  /// Site-relative wall folders, `walls/<folder>`.
  var folders: [String] = []

  /// Whether nothing is claimed.
  var isEmpty: Bool { files.isEmpty && records.isEmpty && folders.isEmpty }

  /// The claimed site files, with the wall's files (`index.html`, `page-<n>.html`, the photo
  /// grid and the viewer's data) found in each claimed folder: only files wallgen names so,
  /// never anything else in the folder.
  func siteFiles(siteRoot: String) -> Set<String> {
    var result = Set(files)
    for folder in folders where BuildManifest.isOwnPath(folder) && folder.hasPrefix("walls/") {
      for name in FileSystem.regularFileNames(in: "\(siteRoot)/\(folder)")
      where Self.isWallPageName(name) {
        result.insert("\(folder)/\(name)")
      }
    }
    return result
  }

  /// The claimed site files (`siteFiles(siteRoot:)`) and media records as sorted manifest
  /// lines (`BuildManifest`).
  func lines(siteRoot: String) -> [String] {
    SortedLines.sorted(
      siteFiles(siteRoot: siteRoot).map(BuildManifest.line(file:))
        + records.map(BuildManifest.line(record:)))
  }

  /// Whether `name` is the file name of a wall's file: a page (`SiteLayout.pageFileName`),
  /// the photo grid or the viewer's data.
  static func isWallPageName(_ name: String) -> Bool {
    if name == SiteLayout.pageFileName(1) || name == SiteLayout.photoGridFileName
      || name == SiteLayout.photoDataFileName
    {
      return true
    }
    guard name.hasPrefix("page-"), name.hasSuffix(".html") else { return false }
    let number = name.dropFirst(5).dropLast(5)
    return !number.isEmpty && number.utf8.allSatisfy { (0x30...0x39).contains($0) }
  }

  /// The claims as a JSON object.
  var json: JSONValue {
    [
      "files": .array(files.map { .string($0) }), "records": .array(records.map { .string($0) }),
      "folders": .array(folders.map { .string($0) }),
    ]
  }

  /// Claims read from a JSON object (paths that could leave the root are dropped).
  static func decode(_ value: JSONValue?) -> ShardClaims {
    func strings(_ key: String) -> [String] {
      (value?[key]?.arrayValue ?? []).compactMap(\.stringValue).filter(BuildManifest.isOwnPath)
    }
    return ShardClaims(
      files: strings("files"), records: strings("records"), folders: strings("folders"))
  }
}

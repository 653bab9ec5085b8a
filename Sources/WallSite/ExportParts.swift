import WallImport
import WallJSON

/// The parts of an export that a build read: its class files of the walls, whether `files/`
/// held the photos' files and whether `graph/` held anything.
///
/// The build record keeps them, so the next build can tell an export that lost a whole part
/// of itself since (a class file deleted, `files/` not copied, a zip made without a folder)
/// from one that was edited, and refuse to publish the loss unless asked to
/// (`SiteBuilder.Settings.allowMissingParts`).
package struct ExportParts: Sendable, Equatable {
  /// The class files of the walls the export held (`WallImage.json`, …), sorted.
  var classFiles: [String]
  /// Whether any photo's file was found in `files/`.
  var files: Bool
  /// Whether `graph/` held any file.
  var graph: Bool

  /// The parts of the export an import read.
  init(_ imported: ImportResult) {
    self.init(source: imported.source, photoFiles: imported.photoFiles)
  }

  /// The parts of the export `source`, whose photos named and found the files `photoFiles`
  /// counts.
  package init(source: any ExportSource, photoFiles: PhotoFileCount) {
    classFiles = ImportSession.wallClasses.map { $0 + ".json" }.filter {
      source.fileExists($0)
    }.sorted()
    files = photoFiles.found > 0
    graph = source.folderState("graph") == .holdsFiles
  }

  /// Reads the record's form (`json`); nil when it is not one.
  init?(json: JSONValue) {
    guard let classFiles = json["classFiles"]?.arrayValue, let files = json["files"]?.boolValue,
      let graph = json["graph"]?.boolValue
    else { return nil }
    self.classFiles = classFiles.compactMap(\.stringValue)
    self.files = files
    self.graph = graph
  }

  /// The form kept in the build record.
  var json: JSONValue {
    [
      "classFiles": .array(classFiles.map { .string($0) }), "files": .bool(files),
      "graph": .bool(graph),
    ]
  }

  /// What refuses the build (`BuildError.missingParts`): what `last` read and this export lacks.
  ///
  /// Each is named as the message names it: a class file (`WallImageComment.json`), `files/`
  /// when none of the files the class files name is there any more, `graph/` when it holds
  /// nothing any more. None when `allowed` (`--allow-missing`) or no `last`.
  /// - Parameter last: The parts the last complete build read, if it recorded them.
  /// - Parameter photoFiles: How many files this export's class files name, and find.
  /// - Parameter allowed: Whether the build publishes what it has all the same.
  package func lost(since last: ExportParts?, photoFiles: PhotoFileCount, allowed: Bool)
    -> [String]
  {
    guard !allowed, let last else { return [] }
    var missing = last.classFiles.filter { !classFiles.contains($0) }
    if last.files && !files && photoFiles.named > 0 { missing.append("files/") }
    if last.graph && !graph { missing.append("graph/") }
    return missing
  }
}
